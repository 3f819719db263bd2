package dev.docsassistant.content.mdx;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A page's YAML front matter ({@code ---} block at the top) and the body after it.
 *
 * @param fields the parsed YAML mapping (a missing node when there is none)
 * @param body   the page text after the front matter
 * @param bodyLine the 1-based line where the body starts, for problem locations
 */
public record FrontMatter(JsonNode fields, String body, int bodyLine) {
    /** Told of what is wrong, at a 1-based line and column of the page; the caller names the file. */
    @FunctionalInterface
    public interface Problems {
        void at(int line, int column, String message);

        /** At an offset of a page body whose first line is the file's {@code firstLine}. */
        default void atOffset(String body, int firstLine, int offset, String message) {
            int line = firstLine;
            int lineStart = 0;
            for (int k = 0; k < offset && k < body.length(); k++) {
                if (body.charAt(k) == '\n') {
                    line++;
                    lineStart = k + 1;
                }
            }
            at(line, offset - lineStart + 1, message);
        }
    }

    private static final ObjectMapper YAML = Mappers.YAML;
    /** A page's front matter holds a few short fields; more is not a page's settings. */
    public static final int MAX_CHARS = 64 << 10;

    /**
     * Splits and parses; malformed YAML is reported and treated as empty front matter.
     *
     * @param problem told each problem's location in the file ({@code line N}) and what is wrong
     */
    public static FrontMatter parse(String text, Problems problem) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (!t.startsWith("---")) {
            return new FrontMatter(MissingNode.getInstance(), t, 1);
        }
        int firstBreak = t.indexOf('\n');
        if (firstBreak < 0 || !t.substring(0, firstBreak).strip().equals("---")) {
            return new FrontMatter(MissingNode.getInstance(), t, 1);
        }
        int end = findClosing(t, firstBreak + 1);
        if (end < 0) {
            problem.at(1, 1, "front matter is not closed by '---'");
            return new FrontMatter(MissingNode.getInstance(), t, 1);
        }
        String yaml = t.substring(firstBreak + 1, end);
        int afterClose = t.indexOf('\n', end);
        String body = afterClose < 0 ? "" : t.substring(afterClose + 1);
        int bodyLine = (int) yaml.lines().count() + 3;
        if (yaml.length() > MAX_CHARS) {
            problem.at(2, 1, "front matter longer than " + (MAX_CHARS >> 10) + " KiB; its fields are ignored");
            return new FrontMatter(MissingNode.getInstance(), body, bodyLine);
        }
        JsonNode fields;
        try {
            fields = yaml.isBlank() ? MissingNode.getInstance() : YAML.readTree(yaml);
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            problem.at(2, 1, "invalid front matter YAML: nested deeper than " + Mappers.MAX_NESTING + " levels");
            fields = MissingNode.getInstance();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // The YAML starts on the file's second line; the parser counts from the YAML's first.
            int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
            int column = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getColumnNr());
            problem.at(line + 1, column, "invalid front matter YAML: " + firstLine(e.getOriginalMessage()));
            fields = MissingNode.getInstance();
        } catch (Exception e) {
            problem.at(2, 1, "invalid front matter YAML: " + firstLine(e.getMessage()));
            fields = MissingNode.getInstance();
        }
        if (fields == null || !fields.isObject()) {
            fields = MissingNode.getInstance();
        }
        return new FrontMatter(fields, body, bodyLine);
    }

    private static int findClosing(String t, int from) {
        int pos = from;
        while (pos < t.length()) {
            int eol = t.indexOf('\n', pos);
            String line = (eol < 0 ? t.substring(pos) : t.substring(pos, eol)).strip();
            if (line.equals("---")) {
                return pos;
            }
            if (eol < 0) {
                return -1;
            }
            pos = eol + 1;
        }
        return -1;
    }

    public Optional<String> string(String key) {
        JsonNode v = fields.get(key);
        return v != null && v.isValueNode() && !v.isNull() && !v.asText().isBlank()
                ? Optional.of(v.asText().strip()) : Optional.empty();
    }

    /** A boolean field; YAML strings "true"/"false" count too. */
    public Optional<Boolean> bool(String key) {
        JsonNode v = fields.get(key);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (v.isBoolean()) {
            return Optional.of(v.booleanValue());
        }
        String s = v.asText().strip();
        return s.equalsIgnoreCase("true") ? Optional.of(true)
                : s.equalsIgnoreCase("false") ? Optional.of(false) : Optional.empty();
    }

    public Optional<Double> number(String key) {
        JsonNode v = fields.get(key);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (v.isNumber()) {
            return Optional.of(v.doubleValue());
        }
        try {
            return Optional.of(Double.parseDouble(v.asText().strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** A list of strings; a single string or a comma-separated string counts as a list too. */
    public List<String> strings(String key) {
        JsonNode v = fields.get(key);
        List<String> out = new ArrayList<>();
        if (v == null || v.isNull()) {
            return out;
        }
        if (v.isArray()) {
            v.forEach(item -> {
                if (item.isValueNode() && !item.asText().isBlank()) {
                    out.add(item.asText().strip());
                }
            });
        } else if (v.isValueNode()) {
            for (String part : v.asText().split(",")) {
                if (!part.isBlank()) {
                    out.add(part.strip());
                }
            }
        }
        return out;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
