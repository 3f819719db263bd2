package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.content.PageApi;
import dev.docsassistant.content.mdx.JsxTag;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The playground form of a page written by hand ({@code api:} front matter), in the JSON shape of
 * {@link dev.docsassistant.apiref.PlaygroundForm}: the server is the origin of the page's full URL, else
 * docs.json {@code api.mdx.server}; the parameters are the page's top-level {@code ParamField}s
 * (path, query, header, cookie), with the path's own {@code {name}}s added when no field describes them;
 * the {@code body} fields make a JSON body seeded from their defaults and placeholders; the credentials
 * come from the page's {@code authMethod}, else {@code api.mdx.auth} ({@code bearer}, {@code basic},
 * {@code key} with its {@code name}, {@code none}). Fields inside another field (its {@code Expandable}
 * children) and inside code blocks are not the endpoint's.
 */
final class ManualPlaygroundForm {
    private static final List<String> LOCATIONS = List.of("path", "query", "header", "cookie", "body");
    private static final Pattern ORIGIN = Pattern.compile("^(https?://[^/]+)(/.*)?$", Pattern.CASE_INSENSITIVE);
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}/]+)}");

    private ManualPlaygroundForm() {
    }

    /**
     * @param body       the page's MDX after its front matter
     * @param authMethod the page's front matter {@code authMethod}, or null
     */
    static ObjectNode of(PageApi.Manual page, String body, String authMethod, JsonNode docsJson) {
        ObjectNode out = Mappers.JSON.createObjectNode();
        out.put("method", page.method());
        ArrayNode servers = out.putArray("servers");
        Matcher full = ORIGIN.matcher(page.url());
        String path;
        if (full.matches()) {
            servers.addObject().put("url", full.group(1)).putObject("variables");
            path = full.group(2) == null ? "/" : full.group(2);
        } else {
            JsonNode server = docsJson.path("api").path("mdx").path("server");
            for (JsonNode s : server.isArray() ? server : List.of(server)) {
                if (s.isTextual() && !s.asText().isBlank()) {
                    servers.addObject().put("url", s.asText().strip()).putObject("variables");
                }
            }
            path = page.url().startsWith("/") ? page.url() : "/" + page.url();
        }
        out.put("path", path);

        ArrayNode parameters = out.putArray("parameters");
        ObjectNode json = Mappers.JSON.createObjectNode();
        boolean bodyRequired = false;
        Set<String> named = new LinkedHashSet<>();
        for (JsxTag field : fields(body)) {
            String in = LOCATIONS.stream().filter(l -> field.attr(l) != null).findFirst().orElse(null);
            if (in == null) {
                continue;
            }
            String name = field.attr(in);
            boolean required = flag(field, "required");
            String type = type(field.attr("type"));
            if (in.equals("body")) {
                if (json.size() < Endpoint.MAX_PARAMETERS) {
                    json.set(name, seed(type, value(field, "default"), value(field, "placeholder")));
                    bodyRequired |= required;
                }
                continue;
            }
            if (parameters.size() >= Endpoint.MAX_PARAMETERS || !named.add(in + " " + name)) {
                continue;
            }
            ObjectNode p = parameters.addObject().put("name", name).put("in", in).put("required", in.equals("path") || required)
                    .put("type", type);
            String values = field.attr("enum");
            if (values != null) {
                ArrayNode list = p.putArray("enum");
                for (String v : values.split("[\\n,|]")) {
                    if (!v.isBlank()) {
                        list.add(v.strip().replaceAll("^['\"]|['\"]$", ""));
                    }
                }
            }
            if (value(field, "default") != null) {
                p.put("default", value(field, "default"));
            }
            if (value(field, "placeholder") != null) {
                p.put("example", value(field, "placeholder"));
            }
            if (flag(field, "deprecated")) {
                p.put("deprecated", true);
            }
        }
        // A path parameter no field describes still needs its input: the address cannot be sent without it.
        Matcher m = PATH_PARAMETER.matcher(path);
        while (m.find()) {
            if (named.add("path " + m.group(1))) {
                parameters.addObject().put("name", m.group(1)).put("in", "path").put("required", true).put("type", "string");
            }
        }
        out.set("auth", auth(authMethod, docsJson.path("api").path("mdx").path("auth")));
        if (!json.isEmpty()) {
            out.putObject("body").put("required", bodyRequired).putArray("media").addObject()
                    .put("type", "application/json").put("example", json.toPrettyString());
        }
        return out;
    }

    /** The top-level {@code ParamField} tags of the body, outside fenced code. */
    private static List<JsxTag> fields(String body) {
        List<JsxTag> out = new java.util.ArrayList<>();
        int depth = 0;
        boolean fenced = false;
        int at = 0;
        for (String line : body.split("\n", -1)) {
            int lineStart = at;
            at += line.length() + 1;
            if (line.strip().startsWith("```") || line.strip().startsWith("~~~")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            for (int i = line.indexOf('<'); i >= 0; i = line.indexOf('<', i + 1)) {
                JsxTag tag = JsxTag.parse(body, lineStart + i);
                if (tag == null || !tag.name().equals("ParamField")) {
                    continue;
                }
                if (tag.closing()) {
                    depth = Math.max(0, depth - 1);
                } else {
                    if (depth == 0) {
                        out.add(tag);
                    }
                    if (!tag.selfClosing()) {
                        depth++;
                    }
                }
            }
        }
        return out;
    }

    /** An attribute's text as written: {@code default="true"} is a value here, not a flag. */
    private static String value(JsxTag tag, String name) {
        String v = tag.attributes().get(name);
        return v == null || v.isBlank() ? null : v.strip();
    }

    private static boolean flag(JsxTag tag, String name) {
        String v = tag.attributes().get(name);
        return v != null && !v.equalsIgnoreCase("false");
    }

    /** The form's type of a field's {@code type}: {@code string[]} and {@code array<…>} are arrays, unknown ones strings. */
    private static String type(String declared) {
        if (declared == null) {
            return "string";
        }
        String t = declared.strip().toLowerCase(Locale.ROOT);
        if (t.endsWith("[]") || t.startsWith("array")) {
            return "array";
        }
        return switch (t) {
            case "integer", "int", "number", "boolean", "object" -> t.equals("int") ? "integer" : t;
            case "bool" -> "boolean";
            default -> "string";
        };
    }

    /** A body field's value in the seeded JSON: its default, else its placeholder, else an empty value of its type. */
    private static JsonNode seed(String type, String def, String placeholder) {
        String text = def != null ? def : placeholder;
        if (text != null && !type.equals("string")) {
            try {
                JsonNode parsed = Mappers.JSON.readTree(text);
                if (parsed != null && !parsed.isMissingNode()) {
                    return parsed;
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                // Not a JSON value: kept as text for the reader to fix.
            }
        }
        if (text != null) {
            return Mappers.JSON.getNodeFactory().textNode(text);
        }
        return switch (type) {
            case "integer", "number" -> Mappers.JSON.getNodeFactory().numberNode(0);
            case "boolean" -> Mappers.JSON.getNodeFactory().booleanNode(false);
            case "array" -> Mappers.JSON.createArrayNode();
            case "object" -> Mappers.JSON.createObjectNode();
            default -> Mappers.JSON.getNodeFactory().textNode("");
        };
    }

    /** {@code [[credential]]} as PlaygroundForm gives it, from the page's method, else the site's. */
    private static ArrayNode auth(String pageMethod, JsonNode site) {
        ArrayNode out = Mappers.JSON.createArrayNode();
        String method = (pageMethod != null ? pageMethod : site.path("method").asText("none")).strip().toLowerCase(Locale.ROOT);
        ObjectNode credential = Mappers.JSON.createObjectNode();
        switch (method) {
            case "bearer" -> credential.put("id", "bearer").put("kind", "bearer");
            case "basic" -> credential.put("id", "basic").put("kind", "basic");
            case "key" -> {
                String name = site.path("name").asText("").isBlank() ? "x-api-key" : site.path("name").asText().strip();
                credential.put("id", name).put("kind", "apiKey").put("in", "header").put("name", name);
            }
            default -> {
                return out;
            }
        }
        out.addArray().add(credential);
        return out;
    }
}
