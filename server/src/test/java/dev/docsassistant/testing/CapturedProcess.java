package dev.docsassistant.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** A JVM started from the test's own classpath, its output (stdout and stderr) collected line by line. */
public final class CapturedProcess implements AutoCloseable {
    private final Process process;
    private final List<String> lines = new ArrayList<>();

    private CapturedProcess(Process process) {
        this.process = process;
        Thread.startVirtualThread(this::collect);
    }

    public static CapturedProcess java(Path workDir, String mainClass, String... args) {
        return java(workDir, Map.of(), mainClass, args);
    }

    /** @param env variables set (or, with an empty value, removed) in the process's environment */
    public static CapturedProcess java(Path workDir, Map<String, String> env, String mainClass, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        env.forEach((name, value) -> {
            if (value.isEmpty()) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        try {
            return new CapturedProcess(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void collect() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                synchronized (this) {
                    lines.add(line);
                    notifyAll();
                }
            }
        } catch (IOException e) {
            // The process is gone.
        } finally {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /** Waits for a line; the bound only keeps a failing test from hanging. */
    public synchronized String awaitLine(Predicate<String> match, Duration within) throws InterruptedException {
        long until = System.nanoTime() + within.toNanos();
        for (int seen = 0; ; ) {
            for (; seen < lines.size(); seen++) {
                if (match.test(lines.get(seen))) {
                    return lines.get(seen);
                }
            }
            long left = until - System.nanoTime();
            if (left <= 0 || !process.isAlive() && seen == lines.size()) {
                throw new AssertionError("no such line; the process printed:\n" + String.join("\n", lines));
            }
            TimeUnit.NANOSECONDS.timedWait(this, Math.min(left, TimeUnit.SECONDS.toNanos(1)));
        }
    }

    public synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    public Process process() {
        return process;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
