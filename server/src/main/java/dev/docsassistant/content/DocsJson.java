package dev.docsassistant.content;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads a site's {@code docs.json}, replacing every {@code {"$ref": "./file.json"}} object by the
 * referenced file (sibling keys of the {@code $ref} win over the included ones). Broken references
 * are reported and left out, so the rest of the configuration still loads.
 */
public final class DocsJson {
    private static final ObjectMapper MAPPER = Mappers.JSON;

    private DocsJson() {
    }

    /** The resolved docs.json, or null when the file itself is missing or not valid JSON. */
    public static JsonNode read(Path siteDir, List<SiteProblem> problems) {
        return readFile(siteDir, siteDir.resolve("docs.json"), "", new ArrayDeque<>(), problems);
    }

    private static JsonNode readFile(Path siteDir, Path file, String pointer, Deque<Path> stack,
                                     List<SiteProblem> problems) {
        String name = relative(siteDir, file);
        if (Files.exists(file) && !SiteFiles.resolvesInside(siteDir, file)) {
            problems.add(SiteProblem.error(stack.isEmpty() ? name : relative(siteDir, stack.peek()), pointer,
                    (stack.isEmpty() ? "" : "$ref to " + name + ": ") + SiteFiles.LINK_OUTSIDE));
            return null;
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            problems.add(SiteProblem.error(stack.isEmpty() ? name : relative(siteDir, stack.peek()), pointer,
                    stack.isEmpty() ? "file not found" : "$ref to missing file " + name));
            return null;
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            problems.add(SiteProblem.errorAt(name, e.getLocation().getLineNr(), e.getLocation().getColumnNr(),
                    "invalid JSON: " + e.getOriginalMessage()));
            return null;
        }
        stack.push(file);
        try {
            return resolve(siteDir, file, node, "", stack, problems);
        } finally {
            stack.pop();
        }
    }

    private static JsonNode resolve(Path siteDir, Path file, JsonNode node, String pointer, Deque<Path> stack,
                                    List<SiteProblem> problems) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                JsonNode item = resolve(siteDir, file, node.get(i), pointer + "/" + i, stack, problems);
                ((ArrayNode) node).set(i, item == null ? MAPPER.nullNode() : item);
            }
            return node;
        }
        if (!node.isObject()) {
            return node;
        }
        ObjectNode object = (ObjectNode) node;
        JsonNode ref = object.get("$ref");
        if (ref != null) {
            return include(siteDir, file, object, ref, pointer, stack, problems);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode value = resolve(siteDir, file, e.getValue(), pointer + "/" + escape(e.getKey()), stack, problems);
            e.setValue(value == null ? MAPPER.nullNode() : value);
        }
        return object;
    }

    private static JsonNode include(Path siteDir, Path file, ObjectNode object, JsonNode ref, String pointer,
                                    Deque<Path> stack, List<SiteProblem> problems) {
        String name = relative(siteDir, file);
        if (!ref.isTextual() || ref.textValue().isBlank()) {
            problems.add(SiteProblem.error(name, pointer + "/$ref", "$ref must be a file path"));
            return null;
        }
        String target = ref.textValue();
        Path included = (target.startsWith("/") ? siteDir.resolve(target.substring(1)) : file.getParent().resolve(target))
                .normalize();
        if (!included.startsWith(siteDir)) {
            problems.add(SiteProblem.error(name, pointer + "/$ref", "$ref points outside the site folder: " + target));
            return null;
        }
        if (stack.contains(included)) {
            problems.add(SiteProblem.error(name, pointer + "/$ref", "$ref cycle through " + target));
            return null;
        }
        JsonNode value = readFile(siteDir, included, pointer + "/$ref", stack, problems);
        if (value == null) {
            return null;
        }
        if (value.isObject()) {
            ObjectNode merged = ((ObjectNode) value).deepCopy();
            object.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("$ref")) {
                    merged.set(e.getKey(), resolve(siteDir, file, e.getValue(), pointer + "/" + escape(e.getKey()),
                            stack, problems));
                }
            });
            return merged;
        }
        return value;
    }

    static String relative(Path siteDir, Path file) {
        return siteDir.relativize(file).toString().replace('\\', '/');
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
