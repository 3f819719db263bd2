package dev.docsassistant.rest;

import dev.docsassistant.publish.AgentFiles;
import dev.docsassistant.render.SiteRenderer;
import dev.docsassistant.sites.Site;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * One site readers sign in to, as readers holding each set of groups see it: its renderer and agents'
 * files over only the pages those groups read. Made on first use and kept (rendered bodies with
 * them), a few sets at most in practice; past {@link #MAX_KEPT} sets a view is made for the request
 * alone rather than grow without end.
 */
final class ReaderViews {
    static final int MAX_KEPT = 256;

    record View(SiteRenderer renderer, AgentFiles files) {
    }

    private final Map<List<String>, View> byGroups = new ConcurrentHashMap<>();
    private final Function<List<String>, SiteRenderer> renderers;
    private final Function<List<String>, AgentFiles> files;

    ReaderViews(Site site, Function<List<String>, SiteRenderer> renderers, Function<List<String>, AgentFiles> files) {
        this.renderers = renderers;
        this.files = files;
    }

    View of(List<String> groups) {
        List<String> key = groups.stream().sorted().distinct().toList();
        View view = byGroups.get(key);
        if (view != null) {
            return view;
        }
        view = new View(renderers.apply(key), files.apply(key));
        if (byGroups.size() < MAX_KEPT) {
            byGroups.putIfAbsent(key, view);
        }
        return view;
    }
}
