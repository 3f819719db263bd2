package dev.docsassistant.content;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads a site's {@code docs.json}, replacing every {@code {"$ref": "./file.json"}} object by the
 * referenced file (sibling keys of the {@code $ref} win over the included ones). Broken references
 * are reported and left out, so the rest of the configuration still loads. Bounded before anything is
 * parsed: a file over {@link #MAX_BYTES} (all included files together too) or nested deeper than the
 * mapper allows, or {@code $ref}s included deeper than {@link #MAX_REF_DEPTH}, is a problem of its file.
 */
public final class DocsJson {
    private static final ObjectMapper MAPPER = Mappers.JSON;
    /** Bytes of docs.json with everything it includes: a hundred times the largest real one. */
    public static final long MAX_BYTES = 4L << 20;
    /** Files included inside included files. */
    public static final int MAX_REF_DEPTH = 16;

    /** The files being included, innermost first, and the bytes read so far. */
    private static final class Reading extends ArrayDeque<Path> {
        long bytes;
    }

    private DocsJson() {
    }

    /** The resolved docs.json, or null when the file itself is missing or not valid JSON. */
    public static JsonNode read(Path siteDir, List<SiteProblem> problems) {
        return readFile(siteDir, siteDir.resolve("docs.json"), "", new Reading(), problems);
    }

    private static JsonNode readFile(Path siteDir, Path file, String pointer, Reading stack,
                                     List<SiteProblem> problems) {
        String name = relative(siteDir, file);
        if (Files.exists(file) && !SiteFiles.resolvesInside(siteDir, file)) {
            problems.add(SiteProblem.error(stack.isEmpty() ? name : relative(siteDir, stack.peek()), pointer,
                    (stack.isEmpty() ? "" : "$ref to " + name + ": ") + SiteFiles.LINK_OUTSIDE));
            return null;
        }
        String text;
        try {
            long size = Files.size(file);
            if (stack.bytes + size > MAX_BYTES) {
                problems.add(SiteProblem.error(name, "", (stack.isEmpty() ? "" : "with the files it is included by, ")
                        + "larger than " + (MAX_BYTES >> 20) + " MiB (" + size + " bytes)"));
                return null;
            }
            stack.bytes += size;
            text = Files.readString(file);
        } catch (IOException e) {
            problems.add(SiteProblem.error(stack.isEmpty() ? name : relative(siteDir, stack.peek()), pointer,
                    stack.isEmpty() ? "file not found" : "$ref to missing file " + name));
            return null;
        }
        JsonNode node;
        JsonParser parser = null;
        try {
            parser = MAPPER.getFactory().createParser(text);
            node = MAPPER.readTree(parser);
        } catch (StreamConstraintsException e) {
            // Its text names Jackson's settings, and it carries no location: the parser has it.
            JsonLocation at = parser == null ? null : parser.currentLocation();
            problems.add(at == null ? SiteProblem.error(name, "", "nested deeper than " + Mappers.MAX_NESTING + " levels")
                    : SiteProblem.errorAt(name, at.getLineNr(), at.getColumnNr(), "nested deeper than " + Mappers.MAX_NESTING + " levels"));
            return null;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            problems.add(at == null ? SiteProblem.error(name, "", "invalid JSON: " + e.getOriginalMessage())
                    : SiteProblem.errorAt(name, at.getLineNr(), at.getColumnNr(), "invalid JSON: " + e.getOriginalMessage()));
            return null;
        } catch (IOException e) {
            problems.add(SiteProblem.error(name, "", "cannot be read: " + e.getMessage()));
            return null;
        }
        if (node == null) {
            problems.add(SiteProblem.errorAt(name, 1, 1, "invalid JSON: the file is empty"));
            return null;
        }
        stack.push(file);
        try {
            return resolve(siteDir, file, node, "", stack, problems);
        } finally {
            stack.pop();
        }
    }

    private static JsonNode resolve(Path siteDir, Path file, JsonNode node, String pointer, Reading stack,
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
                                    Reading stack, List<SiteProblem> problems) {
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
        if (stack.size() > MAX_REF_DEPTH) {
            problems.add(SiteProblem.error(name, pointer + "/$ref", "$ref included more than " + MAX_REF_DEPTH
                    + " files deep: " + target));
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
