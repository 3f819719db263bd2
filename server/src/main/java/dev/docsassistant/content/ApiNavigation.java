package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.apiref.AsyncApiSpec;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.apiref.OpenApiSpec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;

/**
 * docs.json {@code openapi} and {@code asyncapi} on navigation items, turned into the pages they
 * stand for: an item naming a description and no pages of its own gets a page per operation (and
 * webhook, and channel), in groups by tag; {@code "GET /users"} entries become the page of that
 * operation of the nearest description up the tree (or {@code api.openapi}). Pages go to
 * {@code {directory}/{tag}/{title}} ({@code directory} defaults to {@code api-reference}), as
 * Mintlify names them, or to {@code x-mint.href}. {@code x-hidden} operations get a page outside
 * the navigation; {@code x-excluded} ones none.
 */
final class ApiNavigation {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> CHILDREN = List.of(
            "languages", "versions", "products", "tabs", "anchors", "dropdowns", "menu", "groups", "pages");
    static final String DEFAULT_DIRECTORY = "api-reference";

    /** A description named on a navigation item, and where its pages go. */
    private record Source(String file, String directory) {
    }

    /** A page made from a description, with no file of its own. */
    record Generated(String path, PageApi api, boolean inNavigation) {
    }

    private final ApiPages api;
    private final List<SiteProblem> problems;
    private final Map<String, Generated> pages = new LinkedHashMap<>();
    private final Map<Object, String> pathOf = new HashMap<>();

    private ApiNavigation(ApiPages api, List<SiteProblem> problems) {
        this.api = api;
        this.problems = problems;
    }

    /** The expanded navigation (a copy; the docs.json tree is left as it is) and the pages it made. */
    record Expanded(JsonNode navigation, Map<String, Generated> pages) {
    }

    static Expanded expand(JsonNode navigation, JsonNode docsJson, ApiPages api, List<SiteProblem> problems) {
        if (navigation == null || !navigation.isObject()) {
            return new Expanded(navigation, Map.of());
        }
        ApiNavigation nav = new ApiNavigation(api, problems);
        List<Source> defaults = sources(docsJson.path("api").path("openapi"));
        JsonNode expanded = nav.item((ObjectNode) navigation.deepCopy(), defaults, List.of(), "/navigation");
        return new Expanded(expanded, Map.copyOf(nav.pages));
    }

    private JsonNode item(ObjectNode item, List<Source> openapiAbove, List<Source> asyncapiAbove, String pointer) {
        List<Source> ownOpenapi = sources(item.path("openapi"));
        List<Source> ownAsyncapi = sources(item.path("asyncapi"));
        List<Source> openapi = ownOpenapi.isEmpty() ? openapiAbove : ownOpenapi;
        List<Source> asyncapi = ownAsyncapi.isEmpty() ? asyncapiAbove : ownAsyncapi;
        boolean hasChildren = CHILDREN.stream().anyMatch(k -> item.path(k).isArray() && !item.path(k).isEmpty());
        if (!hasChildren && (!ownOpenapi.isEmpty() || !ownAsyncapi.isEmpty())) {
            ArrayNode generated = NODES.arrayNode();
            ownOpenapi.forEach(s -> all(s, generated, pointer + "/openapi"));
            ownAsyncapi.forEach(s -> channels(s, generated, pointer + "/asyncapi"));
            // A group lists pages; a tab, anchor or other division lists groups (pages outside any group go first).
            item.set(item.has("group") ? "pages" : "groups", generated);
            return item;
        }
        for (String key : CHILDREN) {
            JsonNode children = item.get(key);
            if (children == null || !children.isArray()) {
                continue;
            }
            ArrayNode out = NODES.arrayNode();
            for (int i = 0; i < children.size(); i++) {
                JsonNode child = children.get(i);
                String childPointer = pointer + "/" + key + "/" + i;
                if (child.isObject()) {
                    out.add(item((ObjectNode) child, openapi, asyncapi, childPointer));
                } else if (child.isTextual() && ApiPages.OPERATION.matcher(child.textValue().strip()).matches()
                        && !child.textValue().strip().matches("(?i)^\\S+\\.mdx?$")) {
                    one(child.textValue().strip(), openapi, childPointer).ifPresent(out::add);
                } else {
                    out.add(child);
                }
            }
            item.set(key, out);
        }
        return item;
    }

    /** Every operation and webhook of a description, untagged ones first, then a group per tag. */
    private void all(Source source, ArrayNode into, String pointer) {
        Optional<OpenApiSpec> spec = api.specs().openApi(source.file());
        if (spec.isEmpty()) {
            return;
        }
        Map<String, ArrayNode> byTag = new LinkedHashMap<>();
        if (spec.get().model().getTags() != null) {
            spec.get().model().getTags().forEach(t -> byTag.put(t.getName(), NODES.arrayNode()));
        }
        for (Endpoint e : spec.get().endpoints()) {
            if (e.excluded()) {
                continue;
            }
            String path = page(e, source.directory());
            if (e.hidden()) {
                continue;
            }
            if (e.tags().isEmpty()) {
                into.add(path);
            } else {
                byTag.computeIfAbsent(e.tags().get(0), k -> NODES.arrayNode()).add(path);
            }
        }
        byTag.forEach((tag, paths) -> {
            if (!paths.isEmpty()) {
                ObjectNode group = NODES.objectNode();
                group.put("group", groupName(spec.get(), tag));
                group.set("pages", paths);
                into.add(group);
            }
        });
    }

    private void channels(Source source, ArrayNode into, String pointer) {
        Optional<AsyncApiSpec> spec = api.specs().asyncApi(source.file());
        spec.ifPresent(s -> s.channels().forEach(c -> {
            String path = unique(base(source.directory()) + "/" + slug(c.title()), c);
            pages.put(path, new Generated(path, new PageApi.Channel(s, c, true), true));
            into.add(path);
        }));
    }

    /** {@code [spec] METHOD /path} from a navigation list: its page's path, or empty (reported) when it names nothing. */
    private Optional<JsonNode> one(String entry, List<Source> sources, String pointer) {
        Matcher m = ApiPages.OPERATION.matcher(entry);
        m.matches();
        List<Source> candidates = m.group(1) != null ? List.of(new Source(m.group(1), null)) : sources;
        if (candidates.isEmpty()) {
            problems.add(SiteProblem.error("docs.json", pointer, "'" + entry + "' names an operation, but no OpenAPI "
                    + "description applies here (set 'openapi' on this item or one above it, or 'api.openapi')"));
            return Optional.empty();
        }
        for (Source source : candidates) {
            Optional<Endpoint> e = api.specs().openApi(source.file()).flatMap(s -> s.find(m.group(2), m.group(3)));
            if (e.isPresent() && !e.get().excluded()) {
                return Optional.of(NODES.textNode(page(e.get(), source.directory())));
            }
        }
        problems.add(SiteProblem.error("docs.json", pointer, "operation not found: " + entry + " (in "
                + String.join(", ", candidates.stream().map(Source::file).toList()) + ")"));
        return Optional.empty();
    }

    /** The page of an operation, made once however many entries name it. */
    private String page(Endpoint e, String directory) {
        Object key = List.of(e.file(), e.key());
        String known = pathOf.get(key);
        if (known != null) {
            return known;
        }
        String href = e.xMint().get("href") instanceof String h && !h.isBlank() ? PagePaths.normalize(h) : null;
        String path = href != null ? href : unique(base(directory) + (e.tags().isEmpty() ? "" : "/" + slug(e.tags().get(0)))
                + "/" + slug(e.title()), key);
        pathOf.put(key, path);
        String content = e.xMint().get("content") instanceof String c ? c : "";
        pages.put(path, new Generated(path, new PageApi.Operation(e, true, content, null), !e.hidden()));
        return path;
    }

    private String unique(String path, Object owner) {
        String candidate = path;
        for (int n = 2; pages.containsKey(candidate); n++) {
            candidate = path + "-" + n;
        }
        return candidate;
    }

    private static String base(String directory) {
        return directory == null ? DEFAULT_DIRECTORY : PagePaths.normalize(directory);
    }

    /** The navigation label of a tag: its {@code x-group}, else its name. */
    private static String groupName(OpenApiSpec spec, String tag) {
        if (spec.model().getTags() != null) {
            for (var t : spec.model().getTags()) {
                if (tag.equals(t.getName()) && t.getExtensions() != null && t.getExtensions().get("x-group") instanceof String g) {
                    return g;
                }
            }
        }
        return tag;
    }

    /** Lower case, letters and digits, runs of anything else one hyphen: {@code Create a pet!} → {@code create-a-pet}. */
    static String slug(String text) {
        String s = java.text.Normalizer.normalize(text, java.text.Normalizer.Form.NFKD).replaceAll("\\p{M}", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("^-+|-+$", "");
        return s.isEmpty() ? "endpoint" : s;
    }

    private static List<Source> sources(JsonNode value) {
        List<Source> out = new ArrayList<>();
        if (value.isTextual() && !value.asText().isBlank()) {
            out.add(new Source(value.asText(), null));
        } else if (value.isArray()) {
            value.forEach(v -> out.addAll(sources(v)));
        } else if (value.isObject() && value.path("source").isTextual()) {
            out.add(new Source(value.path("source").asText(), value.path("directory").isTextual() ? value.path("directory").asText() : null));
        }
        return out;
    }
}
