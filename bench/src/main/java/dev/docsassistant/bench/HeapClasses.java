package dev.docsassistant.bench;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live objects of a JVM by class ({@code jcmd GC.class_histogram}, which collects first), and
 * what grew between two of them per unit of load: where the heap of an open stream goes.
 */
record HeapClasses(Map<String, long[]> instancesAndBytes) {
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)", Pattern.MULTILINE);

    static HeapClasses of(long pid) throws Exception {
        Map<String, long[]> rows = new HashMap<>();
        for (Matcher m = ROW.matcher(Launcher.run(ServeMemory.jcmd(), Long.toString(pid), "GC.class_histogram")); m.find(); ) {
            rows.put(m.group(3), new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
        }
        return new HeapClasses(rows);
    }

    /** Prints the {@code top} classes that grew most from {@code before}, per one of {@code units}. */
    void printGrowth(HeapClasses before, int units, int top, String unit) {
        record Growth(String name, double instances, double bytes) {
        }
        System.out.printf(Locale.ROOT, "live heap growth per %s (classes that grew most; bytes, instances):%n", unit);
        instancesAndBytes.entrySet().stream()
                .map(e -> {
                    long[] was = before.instancesAndBytes.getOrDefault(e.getKey(), new long[2]);
                    return new Growth(e.getKey(), (e.getValue()[0] - was[0]) / (double) units, (e.getValue()[1] - was[1]) / (double) units);
                })
                .sorted((a, b) -> Double.compare(b.bytes(), a.bytes()))
                .limit(top)
                .forEach(g -> System.out.printf(Locale.ROOT, "  %8.0f B %7.1f  %s%n", g.bytes(), g.instances(), g.name()));
    }
}
