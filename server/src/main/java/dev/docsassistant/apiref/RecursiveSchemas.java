package dev.docsassistant.apiref;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds the description's recursive schemas (a schema that reaches itself through properties, items,
 * {@code additionalProperties}, {@code allOf}/{@code oneOf}/{@code anyOf} or {@code not}), each
 * reported once as a warning naming the schema, the loop and the JSON Pointer where the reference
 * back to it is: pages cut its field trees and examples there ({@link SchemaTrees}, {@link
 * ExampleValues}). A recursive schema is valid OpenAPI (a tree, a comment thread), so it never keeps a
 * deployment from going live; the warning says what readers will not see. A 3.1 document's references
 * come inlined by the parser, as cycles of objects: those are found by identity.
 */
final class RecursiveSchemas {
    /** A document with many loops says so this many times; the rest are alike. */
    static final int MAX_REPORTED = 20;
    private static final String COMPONENTS = "/components/schemas/";

    private final Refs refs;
    private final List<String> names = new ArrayList<>();
    /** Schemas being walked, by identity, each with its place in {@link #names} (a component's name, null for an inline schema). */
    private final Map<Schema<?>, Integer> onPath = new IdentityHashMap<>();
    private final Set<Schema<?>> done = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Set<String>> loops = new LinkedHashSet<>();
    private final List<SpecProblem> found = new ArrayList<>();
    private final String file;

    private RecursiveSchemas(String file, OpenAPI model) {
        this.file = file;
        this.refs = new Refs(model);
    }

    /** One warning per loop of the components' schemas, at most {@link #MAX_REPORTED}. */
    static List<SpecProblem> of(String file, OpenAPI model) {
        RecursiveSchemas walk = new RecursiveSchemas(file, model);
        Map<String, Schema> schemas = model.getComponents() == null ? null : model.getComponents().getSchemas();
        if (schemas != null) {
            new LinkedHashMap<>(schemas).forEach((name, schema) -> walk.visit(name, schema, COMPONENTS + escape(name)));
        }
        return List.copyOf(walk.found);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void visit(String name, Schema<?> raw, String pointer) {
        if (raw == null || found.size() >= MAX_REPORTED) {
            return;
        }
        Schema<?> s = refs.schema(raw);
        if (s == null || done.contains(s)) {
            return;
        }
        // A component (named by a reference, or walked from the components) is named in the loop; inline schemas are not.
        String label = raw.get$ref() != null ? Refs.name(raw.get$ref()) : pointer.startsWith(COMPONENTS)
                && pointer.indexOf('/', COMPONENTS.length()) < 0 ? name : s.getTitle();
        Integer at = onPath.get(s);
        if (at != null) {
            List<String> loop = new ArrayList<>(names.subList(at, names.size()).stream().filter(java.util.Objects::nonNull).toList());
            if (loops.add(new TreeSet<>(loop))) {
                label = label != null ? label : loop.isEmpty() ? name : loop.getFirst();
                loop.add(label);
                found.add(SpecProblem.remark(file, pointer, "recursive schema " + label + " (" + String.join(" → ", loop)
                        + "): its fields are shown once, and cut where it repeats"));
            }
            return;
        }
        onPath.put(s, names.size());
        names.add(label);
        try {
            if (s.getProperties() != null) {
                s.getProperties().forEach((key, value) -> visit(key, value, pointer(raw, pointer) + "/properties/" + escape(key)));
            }
            visit(name, s.getItems(), pointer(raw, pointer) + "/items");
            if (s.getAdditionalProperties() instanceof Schema additional) {
                visit(name, additional, pointer(raw, pointer) + "/additionalProperties");
            }
            parts(s.getAllOf(), "allOf", raw, pointer, name);
            parts(s.getOneOf(), "oneOf", raw, pointer, name);
            parts(s.getAnyOf(), "anyOf", raw, pointer, name);
            visit(name, s.getNot(), pointer(raw, pointer) + "/not");
        } finally {
            names.removeLast();
            onPath.remove(s);
            done.add(s); // every loop through it was found from here
        }
    }

    private void parts(List<Schema> list, String kind, Schema<?> raw, String pointer, String name) {
        if (list == null) {
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            visit(name, list.get(i), pointer(raw, pointer) + "/" + kind + "/" + i);
        }
    }

    /** Where a schema's own members are: under the component a reference names, else in place. */
    private static String pointer(Schema<?> raw, String pointer) {
        String ref = raw.get$ref();
        return ref != null && ref.startsWith("#/") ? ref.substring(1) : pointer;
    }

    private static String escape(String segment) {
        return segment.replace("~", "~0").replace("/", "~1");
    }
}
