package dev.docsassistant.apiref;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks every {@code $ref} to another file before the parser follows it: a reference may name a
 * file of the site folder only (after links are resolved), never a URL or a path outside, since the
 * parser would read whatever it names. References to missing files are reported too.
 */
final class ExternalRefs {
    /** Files one specification may pull in, with the specification itself. */
    static final int MAX_FILES = 200;

    private final Path siteDir;
    private final List<SpecProblem> problems;
    private final SpecFiles files;
    private final Set<Path> seen = new HashSet<>();
    private boolean safe = true;

    private ExternalRefs(Path siteDir, SpecFiles files, List<SpecProblem> problems) {
        this.siteDir = siteDir;
        this.files = files;
        this.problems = problems;
    }

    /**
     * @return whether the parser may follow the specification's references (none leaves the site);
     * problems met are added to {@code problems}
     */
    static boolean check(Path siteDir, Path file, JsonNode tree, SpecFiles files, List<SpecProblem> problems) {
        ExternalRefs refs = new ExternalRefs(siteDir, files, problems);
        refs.seen.add(file);
        refs.walk(file, tree);
        return refs.safe;
    }

    private void walk(Path file, JsonNode root) {
        Deque<Map.Entry<String, JsonNode>> todo = new ArrayDeque<>();
        todo.push(Map.entry("", root));
        while (!todo.isEmpty()) {
            Map.Entry<String, JsonNode> next = todo.pop();
            JsonNode node = next.getValue();
            if (node.isObject()) {
                JsonNode ref = node.get("$ref");
                if (ref != null && ref.isTextual()) {
                    follow(file, next.getKey() + "/$ref", ref.textValue());
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (e.getValue().isContainerNode()) {
                        todo.push(Map.entry(next.getKey() + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), e.getValue()));
                    }
                }
            } else if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    if (node.get(i).isContainerNode()) {
                        todo.push(Map.entry(next.getKey() + "/" + i, node.get(i)));
                    }
                }
            }
        }
    }

    private void follow(Path from, String pointer, String ref) {
        int hash = ref.indexOf('#');
        String target = hash < 0 ? ref : ref.substring(0, hash);
        if (target.isEmpty()) {
            return; // within the same document
        }
        String name = SpecFiles.relative(siteDir, from);
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            problems.add(new SpecProblem(name, pointer, "$ref to a URL is not followed (only files of the site are): " + ref));
            safe = false;
            return;
        }
        Path included = from.getParent().resolve(target).normalize();
        if (!included.startsWith(siteDir) || Files.exists(included) && !SpecFiles.inside(siteDir, included)) {
            problems.add(new SpecProblem(name, pointer, "$ref points outside the site folder: " + ref));
            safe = false;
            return;
        }
        if (!Files.isRegularFile(included)) {
            problems.add(new SpecProblem(name, pointer, "$ref to missing file " + SpecFiles.relative(siteDir, included)));
            return;
        }
        if (!seen.add(included)) {
            return;
        }
        if (seen.size() > MAX_FILES) {
            problems.add(new SpecProblem(name, pointer, "more than " + MAX_FILES + " files referenced; the rest is not read"));
            safe = false;
            return;
        }
        files.tree(included, problems).ifPresent(tree -> walk(included, tree));
    }
}
