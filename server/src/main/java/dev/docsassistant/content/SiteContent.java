package dev.docsassistant.content;

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

    public String name() {
        return docsJson == null ? dir.getFileName().toString() : docsJson.path("name").asText(dir.getFileName().toString());
    }
}
