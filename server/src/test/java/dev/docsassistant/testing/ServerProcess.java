package dev.docsassistant.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code docs-assistant serve} in a process of its own (this JVM's runtime and class path), as an
 * operator runs it: its output is collected, its port read from the "listening on" line (printed once
 * the port is open, before the sites are indexed), and it can be sent SIGTERM or killed outright.
 */
public final class ServerProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^:]+:(\\d+)");
    private static final Pattern MANAGEMENT = Pattern.compile("management \\(health details, metrics\\): (http://\\S+:\\d+)/observe/");

    private final String name;
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final CompletableFuture<Integer> port = new CompletableFuture<>();
    private final CompletableFuture<String> management = new CompletableFuture<>();

    private ServerProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        Thread.ofPlatform().daemon().name("output-" + name).start(this::read);
    }

    /** Starts {@code serve --config config} with a small heap; call {@link #awaitListening} next. */
    public static ServerProcess start(String name, Path config) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-Xmx256m", "-XX:+UseSerialGC", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "dev.docsassistant.Main", "serve", "--config", config.toString())
                .redirectErrorStream(true);
        return new ServerProcess(name, builder.start());
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                }
                Matcher m = LISTENING.matcher(line);
                if (m.find()) {
                    port.complete(Integer.parseInt(m.group(1)));
                }
                Matcher mm = MANAGEMENT.matcher(line);
                if (mm.find()) {
                    management.complete(mm.group(1));
                }
            }
        } catch (IOException ignored) {
            // The process is gone.
        }
        port.completeExceptionally(new IllegalStateException(name + " exited before listening:\n" + output()));
        management.completeExceptionally(new IllegalStateException(name + " exited before listening:\n" + output()));
    }

    /** The management listener's base URL (health details, metrics), printed with the public port. */
    public String managementUrl(Duration within) throws Exception {
        return management.get(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits for the "listening on" line (the port is open; sites may still be indexing); returns the base URL. */
    public String awaitListening(Duration within) throws Exception {
        return "http://127.0.0.1:" + port.get(within.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits for the port, then for {@code /observe/health/ready} to answer 200; returns the base URL. */
    public String awaitReady(Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        String url = awaitListening(within);
        HttpRequest ready = HttpRequest.newBuilder(URI.create(url + "/observe/health/ready")).timeout(Duration.ofSeconds(30)).build();
        try (HttpClient client = HttpClient.newHttpClient()) {
            while (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
                if (System.nanoTime() > deadline || !process.isAlive()) {
                    throw new IllegalStateException(name + " did not turn ready within " + within + ":\n" + output());
                }
                Thread.sleep(100); // a readiness probe's poll
            }
        }
        return url;
    }

    public String output() {
        synchronized (lines) {
            return String.join("\n", lines);
        }
    }

    /** SIGTERM: what an orchestrator sends to stop a server. */
    public void terminate() {
        process.destroy();
    }

    /** SIGKILL: a crash. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** The exit code, waiting up to {@code within}; null if it is still running. */
    public Integer awaitExit(Duration within) throws InterruptedException {
        return process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
    }

    public String name() {
        return name;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }
}
