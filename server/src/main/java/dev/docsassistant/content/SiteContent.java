package dev.docsassistant.content;

import dev.docsassistant.config.ReaderAccess;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything read from a site folder: the resolved docs.json, its navigation, the pages, the
 * assistant's settings and the problems met on the way.
 */
public record SiteContent(Path dir, JsonNode docsJson, Navigation navigation, Map<String, Page> pagesByPath,
                          List<SiteProblem> problems, AssistantSettings assistant) {

    public SiteContent {
        assistant = assistant == null ? AssistantSettings.NONE : assistant;
    }

    public SiteContent(Path dir, JsonNode docsJson, Navigation navigation, Map<String, Page> pagesByPath,
                       List<SiteProblem> problems) {
        this(dir, docsJson, navigation, pagesByPath, problems, AssistantSettings.NONE);
    }

    public Collection<Page> pages() {
        return pagesByPath.values();
    }

    /** A page by any of its spellings: {@code /x}, {@code x.mdx}, {@code x#anchor}, {@code x/index}. */
    public Optional<Page> page(String anyPath) {
        String p = PagePaths.normalize(anyPath);
        Page page = pagesByPath.get(p);
        if (page == null) {
            page = pagesByPath.get(p.isEmpty() ? "index" : p + "/index");
        }
        if (page == null && !p.isEmpty()) {
            page = pagesByPath.get(PagePaths.withoutIndex(p));
        }
        return Optional.ofNullable(page);
    }

    /**
     * The content as readers of a site with this access reach it. Where readers sign in, every page
     * without groups of its own that is not {@link Page#open} is read with {@link Page#SIGNED_IN}, so
     * search, the assistant, agents' files and rendering (which all show a page without groups to
     * anyone) leave it out for whoever has not signed in. Otherwise the content as it is.
     */
    public SiteContent forReaders(ReaderAccess access) {
        if (access != ReaderAccess.SIGN_IN) {
            return this;
        }
        Map<String, Page> pages = new java.util.LinkedHashMap<>();
        pagesByPath.forEach((path, page) -> pages.put(path,
                page.groups().isEmpty() && !page.open() ? page.withGroups(List.of(Page.SIGNED_IN)) : page));
        return new SiteContent(dir, docsJson, navigation, java.util.Collections.unmodifiableMap(pages), problems, assistant);
    }

    /**
     * The content as a reader holding {@code groups} sees it: the pages they may read, each as a page
     * without groups (so whatever shows public pages shows them), and no other page at all, as if it
     * did not exist.
     */
    public SiteContent visibleTo(List<String> groups) {
        Map<String, Page> pages = new java.util.LinkedHashMap<>();
        pagesByPath.forEach((path, page) -> {
            if (page.visibleTo(groups)) {
                pages.put(path, page.isPublic() ? page : page.withGroups(List.of()));
            }
        });
        return new SiteContent(dir, docsJson, navigation, java.util.Collections.unmodifiableMap(pages), problems, assistant);
    }

    public String name() {
        return docsJson == null ? dir.getFileName().toString() : docsJson.path("name").asText(dir.getFileName().toString());
    }
}
