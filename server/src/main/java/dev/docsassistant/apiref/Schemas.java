package dev.docsassistant.apiref;

import io.swagger.v3.oas.models.media.Schema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What a schema says once its references are followed and its {@code allOf} parts merged. */
final class Schemas {
    private static final int MAX_ALLOF_DEPTH = 8;

    private Schemas() {
    }

    /**
     * A schema's properties and required names with those of its {@code allOf} parts merged in (later
     * parts win), and the {@code oneOf}/{@code anyOf} choices of it and its parts.
     */
    record Merged(Map<String, Schema<?>> properties, Set<String> required, List<Schema<?>> oneOf, List<Schema<?>> anyOf,
                  String description) {
    }

    static Merged merge(Refs refs, Schema<?> schema) {
        Merged m = new Merged(new LinkedHashMap<>(), new LinkedHashSet<>(), new ArrayList<>(), new ArrayList<>(), null);
        String[] description = {null};
        collect(refs, schema, m, description, new HashSet<>(), 0);
        return new Merged(m.properties(), m.required(), m.oneOf(), m.anyOf(), description[0]);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void collect(Refs refs, Schema<?> raw, Merged into, String[] description, Set<String> seen, int depth) {
        if (raw == null || depth > MAX_ALLOF_DEPTH || raw.get$ref() != null && !seen.add(raw.get$ref())) {
            return;
        }
        Schema<?> s = refs.schema(raw);
        if (s == null) {
            return;
        }
        if (description[0] == null && s.getDescription() != null) {
            description[0] = s.getDescription();
        }
        if (s.getAllOf() != null) {
            for (Schema part : s.getAllOf()) {
                collect(refs, part, into, description, seen, depth + 1);
            }
        }
        if (s.getProperties() != null) {
            s.getProperties().forEach((k, v) -> into.properties().put(k, v));
        }
        if (s.getRequired() != null) {
            into.required().addAll(s.getRequired());
        }
        if (s.getOneOf() != null) {
            into.oneOf().addAll((List) s.getOneOf());
        }
        if (s.getAnyOf() != null) {
            into.anyOf().addAll((List) s.getAnyOf());
        }
    }

    /** The type a schema declares, without {@code null} (3.1 lists it among the types); null when none. */
    static String type(Schema<?> s) {
        if (s.getTypes() != null && !s.getTypes().isEmpty()) {
            List<String> types = s.getTypes().stream().filter(t -> !t.equals("null")).sorted().toList();
            return types.isEmpty() ? "null" : String.join(" | ", types);
        }
        return s.getType();
    }

    static boolean nullable(Schema<?> s) {
        return Boolean.TRUE.equals(s.getNullable()) || s.getTypes() != null && s.getTypes().contains("null");
    }

    /** Whether a field holds a file (a binary string; the playground and samples send it as a file). */
    static boolean isFile(Schema<?> s) {
        String type = type(s);
        if (!"string".equals(type) && type != null) {
            return false;
        }
        if ("binary".equals(s.getFormat()) || "base64".equals(s.getFormat())) {
            return true;
        }
        String media = s.getContentMediaType();
        return media != null && !media.contains("json") && !media.startsWith("text/") && !media.contains("xml");
    }
}
