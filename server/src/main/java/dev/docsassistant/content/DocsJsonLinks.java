package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reports, when a site loads, the links docs.json gives its pages (navbar, tabs and other
 * navigation links, footer, logo, favicon, redirects) that {@link SafeUrl} refuses: the pages leave
 * them out, and the author learns why from {@code index}/{@code serve} rather than from a dead link.
 */
final class DocsJsonLinks {
    private DocsJsonLinks() {
    }

    static void check(JsonNode docs, List<SiteProblem> problems) {
        JsonNode navbar = docs.path("navbar");
        for (int i = 0; i < navbar.path("links").size(); i++) {
            link(navbar.path("links").get(i).path("href"), "/navbar/links/" + i + "/href", SafeUrl::link, problems);
        }
        link(navbar.path("primary").path("href"), "/navbar/primary/href", SafeUrl::link, problems);
        for (Map.Entry<String, JsonNode> social : docs.path("footer").path("socials").properties()) {
            link(social.getValue(), "/footer/socials/" + social.getKey(), SafeUrl::link, problems);
        }
        for (String image : List.of("logo", "favicon")) {
            JsonNode value = docs.path(image);
            link(value, "/" + image, SafeUrl::embed, problems);
            for (String mode : List.of("light", "dark")) {
                link(value.path(mode), "/" + image + "/" + mode, SafeUrl::embed, problems);
            }
        }
        navigation(docs.path("navigation"), "/navigation", problems);
        Redirects.read(docs.path("redirects"), problems);
    }

    /** Every {@code href} of the navigation tree (tabs, anchors, dropdowns, page entries that are links). */
    private static void navigation(JsonNode node, String pointer, List<SiteProblem> problems) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getKey().equals("href")) {
                    link(e.getValue(), pointer + "/href", SafeUrl::link, problems);
                } else {
                    navigation(e.getValue(), pointer + "/" + e.getKey(), problems);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                navigation(node.get(i), pointer + "/" + i, problems);
            }
        }
    }

    private static void link(JsonNode value, String pointer, Function<String, Optional<String>> check, List<SiteProblem> problems) {
        if (value.isTextual() && check.apply(value.asText()).isEmpty()) {
            problems.add(new SiteProblem("docs.json", pointer, "not a safe link (only http(s), mailto, tel or a path "
                    + "on the site; no control characters or backslashes); left out of the pages"));
        }
    }
}
