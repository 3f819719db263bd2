package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * docs.json {@code contextual}, as Mintlify documents it: the page menu's {@code options} (built-in
 * identifiers or custom {@code {title, description, icon?, href}} items) and where it shows
 * ({@code display}: {@code header}, the default, or {@code toc}). The rules are Mintlify's validator's
 * ({@code @mintlify/validation} 0.1.878), stricter where a value lands in a page: titles non-empty,
 * hrefs through {@link SafeUrl}. Mintlify identifiers this server has no counterpart for (a PDF, other
 * vendors) are valid: left out of the menu with a warning.
 *
 * @param options the options to show, in docs.json order (the first is the menu's default action)
 * @param toc     whether the menu sits in the table of contents rather than the page header
 */
public record ContextualOptions(List<Option> options, boolean toc) {
    /** The built-in options this server renders. */
    public static final List<String> SUPPORTED = List.of("copy", "view", "assistant", "chatgpt", "claude", "perplexity",
            "mcp", "cursor", "vscode", "download-spec");
    /** Mintlify's other identifiers: valid there, not rendered here. */
    public static final List<String> MINTLIFY_ONLY = List.of("download-pdf", "grok", "aistudio", "devin",
            "devin-desktop", "windsurf", "add-mcp", "devin-mcp");
    public static final ContextualOptions NONE = new ContextualOptions(List.of(), false);

    public ContextualOptions {
        options = List.copyOf(options);
    }

    /** One item of the menu. */
    public sealed interface Option {
    }

    /** A built-in option, one of {@link #SUPPORTED}. */
    public record BuiltIn(String id) implements Option {
    }

    /**
     * An item of the site's own.
     *
     * @param href  a link checked by {@link SafeUrl} (the base, when docs.json gives an object)
     * @param query query parameters, whose values may hold {@code $page}, {@code $path} and {@code $mcp}
     */
    public record Custom(String title, String description, String icon, String href, List<Query> query) implements Option {
        public Custom {
            query = List.copyOf(query);
        }
    }

    /** A query parameter of a custom item's link. */
    public record Query(String key, String value) {
    }

    /** @param docs the resolved docs.json, or null */
    public static ContextualOptions read(JsonNode docs, List<SiteProblem> problems) {
        JsonNode node = docs == null ? null : docs.get("contextual");
        if (node == null || node.isNull()) {
            return NONE;
        }
        if (!node.isObject()) {
            problems.add(error("/contextual", "must be an object with options (and display)"));
            return NONE;
        }
        AssistantSettingsReader.unknownKeys(node, "/contextual", Set.of("options", "display"), problems);
        boolean toc = false;
        JsonNode display = node.get("display");
        if (display != null && !(display.isTextual() && (display.asText().equals("header") || display.asText().equals("toc")))) {
            problems.add(error("/contextual/display", "must be \"header\" or \"toc\""));
        } else if (display != null) {
            toc = display.asText().equals("toc");
        }
        JsonNode options = node.get("options");
        if (options == null || !options.isArray()) {
            problems.add(error("/contextual/options", "required: an array of option identifiers (" + String.join(", ", SUPPORTED)
                    + ") or custom options {title, description, href}"));
            return NONE;
        }
        List<Option> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < options.size(); i++) {
            String at = "/contextual/options/" + i;
            JsonNode o = options.get(i);
            if (!seen.add(o.toString())) {
                problems.add(error(at, "each contextual option can only appear once"));
                continue;
            }
            if (o.isTextual()) {
                builtIn(o.asText(), at, problems).ifPresent(out::add);
            } else if (o.isObject()) {
                custom(o, at, problems).ifPresent(out::add);
            } else {
                problems.add(error(at, "must be an option identifier or a custom option {title, description, href}"));
            }
        }
        return new ContextualOptions(out, toc);
    }

    private static Optional<Option> builtIn(String id, String at, List<SiteProblem> problems) {
        if (SUPPORTED.contains(id)) {
            return Optional.of(new BuiltIn(id));
        }
        if (MINTLIFY_ONLY.contains(id)) {
            problems.add(new SiteProblem("docs.json", at, "'" + id + "' is a Mintlify option this server does not offer; "
                    + "left out of the menu"));
        } else {
            problems.add(error(at, "unknown option '" + id + "' (known: " + String.join(", ", SUPPORTED) + ", "
                    + String.join(", ", MINTLIFY_ONLY) + ", or a custom option object)"));
        }
        return Optional.empty();
    }

    private static Optional<Option> custom(JsonNode o, String at, List<SiteProblem> problems) {
        int before = problems.size();
        AssistantSettingsReader.unknownKeys(o, at, Set.of("title", "description", "icon", "iconType", "href"), problems);
        String title = text(o, "title", at, problems);
        String description = text(o, "description", at, problems);
        JsonNode iconNode = o.get("icon");
        String icon = null;
        if (iconNode != null && iconNode.isTextual()) {
            icon = iconNode.asText();
        } else if (iconNode != null && iconNode.isObject() && iconNode.path("name").isTextual()) {
            icon = iconNode.path("name").asText();
        } else if (iconNode != null) {
            problems.add(error(at + "/icon", "must be an icon name or {name, style?, library?}"));
        }
        JsonNode href = o.get("href");
        String base = null;
        List<Query> query = new ArrayList<>();
        if (href != null && href.isTextual()) {
            base = link(href.asText(), at + "/href", problems);
        } else if (href != null && href.isObject()) {
            AssistantSettingsReader.unknownKeys(href, at + "/href", Set.of("base", "query"), problems);
            if (!href.path("base").isTextual()) {
                problems.add(error(at + "/href/base", "required: the link's URL"));
            } else {
                base = link(href.path("base").asText(), at + "/href/base", problems);
            }
            JsonNode q = href.get("query");
            if (q != null && !q.isArray()) {
                problems.add(error(at + "/href/query", "must be an array of {key, value}"));
            } else if (q != null) {
                for (int i = 0; i < q.size(); i++) {
                    JsonNode p = q.get(i);
                    if (!p.path("key").isTextual() || p.path("key").asText().isEmpty() || !p.path("value").isTextual()) {
                        problems.add(error(at + "/href/query/" + i, "must be {key, value} with a non-empty key; "
                                + "the value may hold $page, $path and $mcp"));
                    } else {
                        query.add(new Query(p.path("key").asText(), p.path("value").asText()));
                    }
                }
            }
        } else {
            problems.add(error(at + "/href", "required: a URL, or {base, query: [{key, value}]}"));
        }
        boolean failed = problems.subList(before, problems.size()).stream().anyMatch(SiteProblem::isError);
        return failed || title == null || description == null || base == null ? Optional.empty()
                : Optional.of(new Custom(title, description, icon, base, query));
    }

    private static String text(JsonNode o, String key, String at, List<SiteProblem> problems) {
        JsonNode v = o.get(key);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            problems.add(error(at + "/" + key, "required: a non-empty string"));
            return null;
        }
        return v.asText().strip();
    }

    private static String link(String url, String at, List<SiteProblem> problems) {
        if (SafeUrl.link(url).isEmpty() || url.isBlank()) {
            problems.add(error(at, "not a safe link (only http(s), mailto, tel or a path on the site)"));
            return null;
        }
        return SafeUrl.link(url).get();
    }

    private static SiteProblem error(String pointer, String message) {
        return SiteProblem.error("docs.json", pointer, message);
    }
}
