package dev.docsassistant.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What a result table names about the machine and a server process: the CPU, the load, RSS, threads and heap. */
final class Machine {
    private Machine() {
    }

    /** The CPU's model name as {@code lscpu} prints it, with the number of cores this JVM sees. */
    static String cpu() {
        String model;
        try {
            model = Launcher.run("lscpu").lines().filter(l -> l.startsWith("Model name:"))
                    .map(l -> l.substring("Model name:".length()).strip()).findFirst().orElse("unknown");
        } catch (Exception e) {
            model = "unknown (lscpu: " + e.getMessage() + ")";
        }
        return model + ", " + Runtime.getRuntime().availableProcessors() + " cores";
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    /** Prints the header every deployment bench starts with. */
    static void header(String what) {
        System.out.printf(Locale.ROOT, "%s | CPU %s | load average %s%n", what, cpu(), loadAverage());
    }

    /** Resident memory of a process, in MiB. */
    static long rssMb(long pid) throws IOException {
        return ServeMemory.kilobytes(ServeMemory.status(pid), "VmRSS") / 1024;
    }

    /** Peak resident memory of a process so far, in MiB. */
    static long peakRssMb(long pid) throws IOException {
        return ServeMemory.kilobytes(ServeMemory.status(pid), "VmHWM") / 1024;
    }

    /** The process's threads (every JVM thread: platform threads, GC, JIT, carriers of virtual threads). */
    static int threads(long pid) throws IOException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Threads:\\s+(\\d+)").matcher(ServeMemory.status(pid));
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** The heap in use now (no collection forced), in MiB, from {@code jcmd GC.heap_info}. */
    static long heapUsedMb(long pid) throws Exception {
        return ServeMemory.heapKilobytes(pid)[1] / 1024;
    }
}
