package dev.docsassistant;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's packages form layers: every import points down, none back up. Read from the sources'
 * import lines, so a back arrow fails here with the packages of the cycle named.
 */
class PackageCyclesTest {
    private static final Path SOURCES = Path.of("src/main/java");
    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(dev\\.docsassistant\\.[\\w.]+?)\\.[A-Z]", Pattern.MULTILINE);

    @Test
    void noPackageCycles() throws IOException {
        Map<String, Set<String>> graph = importGraph();
        assertTrue(graph.size() > 10, "the import graph was read: " + graph.keySet());
        assertEquals(List.of(), cycles(graph), "package cycles (each list is one strongly connected set)");
    }

    @Test
    void aCycleIsFound() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
        assertEquals(List.of(List.of("a", "b", "c")), cycles(graph));
    }

    private static Map<String, Set<String>> importGraph() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file);
                Matcher pkg = PACKAGE.matcher(source);
                if (!pkg.find()) {
                    continue;
                }
                Set<String> targets = graph.computeIfAbsent(pkg.group(1), k -> new TreeSet<>());
                Matcher imports = IMPORT.matcher(source);
                while (imports.find()) {
                    if (!imports.group(1).equals(pkg.group(1))) {
                        targets.add(imports.group(1));
                    }
                }
            }
        }
        return graph;
    }

    /** Tarjan's strongly connected components of more than one package, each sorted. */
    private static List<List<String>> cycles(Map<String, Set<String>> graph) {
        return new Object() {
            final Map<String, Integer> index = new TreeMap<>();
            final Map<String, Integer> low = new TreeMap<>();
            final Deque<String> stack = new ArrayDeque<>();
            final List<List<String>> found = new ArrayList<>();

            List<List<String>> run() {
                new TreeSet<>(graph.keySet()).forEach(v -> {
                    if (!index.containsKey(v)) {
                        visit(v);
                    }
                });
                return found;
            }

            void visit(String v) {
                index.put(v, index.size());
                low.put(v, index.get(v));
                stack.push(v);
                for (String w : graph.getOrDefault(v, Set.of())) {
                    if (!index.containsKey(w)) {
                        visit(w);
                        low.put(v, Math.min(low.get(v), low.get(w)));
                    } else if (stack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                }
                if (low.get(v).equals(index.get(v))) {
                    Set<String> component = new TreeSet<>();
                    String w;
                    do {
                        w = stack.pop();
                        component.add(w);
                    } while (!w.equals(v));
                    if (component.size() > 1) {
                        found.add(List.copyOf(component));
                    }
                }
            }
        }.run();
    }
}
