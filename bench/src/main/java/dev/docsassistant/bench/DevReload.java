package dev.docsassistant.bench;

import dev.docsassistant.devmode.DevServer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The writer's loop of {@code dev}, timed from outside as a browser sees it: a temp copy of the
 * mintlify corpus (1,059 pages) served by a {@link DevServer} in this JVM, a tab's event stream open
 * over HTTP; each round saves one page (a new sentence in it) and times until the stream says
 * {@code reload} and the reloaded page (fetched again, as the tab does) has the new sentence. A few
 * rounds change docs.json (the navigation read again, no page moved, none re-indexed). The first rounds warm the JIT and are
 * not counted. Run: {@code bench/run DevReload [rounds]}.
 */
public final class DevReload {
    private static final int WARM_UP = 3;

    private DevReload() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Path source = DevSet.corpus("mintlify");
        Path dir = Files.createTempDirectory("docs-assistant-devreload-").resolve("mintlify");
        copy(source, dir);
        Path repo = source.getParent().getParent().getParent();
        Path sharedCache = Stream.of(Path.of("server/target/embedding-cache"), repo.resolve("main/server/target/embedding-cache"))
                .filter(Files::isDirectory).findFirst().orElse(null);
        long started = System.nanoTime();
        try (DevServer dev = DevServer.listen(dir, dir.getParent().resolve("data"), 0, sharedCache)) {
            java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
            dev.load(new PrintStream(log, true, StandardCharsets.UTF_8));
            System.out.printf(Locale.ROOT, "loaded %s in %.1f s (embedding cache: %s)%n", dir, (System.nanoTime() - started) / 1e9,
                    sharedCache == null ? "fresh" : sharedCache);
            String base = "http://127.0.0.1:" + dev.port();
            HttpClient http = HttpClient.newHttpClient();
            LinkedBlockingQueue<String> reloads = follow(http, base);
            List<Path> pages;
            try (Stream<Path> files = Files.walk(dir)) {
                pages = files.filter(f -> f.toString().endsWith(".mdx") && !dir.relativize(f).toString().startsWith("snippets")
                        && dir.relativize(f).getNameCount() <= 2).sorted().limit(200).toList();
            }
            long[] pageNanos = new long[rounds];
            for (int round = -WARM_UP; round < rounds; round++) {
                Path page = pages.get(Math.floorMod(round * 37, pages.size()));
                String word = "zq" + Long.toString(System.nanoTime(), 36);
                String path = "/" + dir.relativize(page).toString().replaceAll("\\.mdx$", "").replaceAll("(^|/)index$", "");
                long t = save(http, base, reloads, page, path, word);
                if (round >= 0) {
                    pageNanos[round] = t;
                }
                Thread.sleep(300);
            }
            long[] docsJsonNanos = new long[Math.max(2, rounds / 3)];
            Path docsJson = dir.resolve("docs.json");
            String original = Files.readString(docsJson);
            for (int round = 0; round < docsJsonNanos.length; round++) {
                reloads.clear();
                long start = System.nanoTime();
                Files.writeString(docsJson, original + " ".repeat(round + 1)); // changed bytes, same navigation
                awaitReload(reloads);
                docsJsonNanos[round] = System.nanoTime() - start;
                Thread.sleep(300);
            }
            // The dev loop's own time per change (read, re-index, swap), from its terminal lines.
            List<Double> applied = java.util.regex.Pattern.compile("re-indexed \\(.*?\\) in (\\d+) ms")
                    .matcher(log.toString(StandardCharsets.UTF_8)).results().map(m -> Double.parseDouble(m.group(1))).toList();
            System.out.println("the dev loop's own time per change, in order (ms): " + applied);
            Arrays.sort(pageNanos);
            Arrays.sort(docsJsonNanos);
            System.out.printf(Locale.ROOT, "one page saved -> reload event -> reloaded page has the new text: "
                            + "p50 %.0f ms, max %.0f ms (%d saves; load average %s)%n",
                    pageNanos[pageNanos.length / 2] / 1e6, pageNanos[pageNanos.length - 1] / 1e6, rounds, loadAverage());
            System.out.printf(Locale.ROOT, "docs.json saved (navigation re-read, no page moved, none re-indexed) -> reload event: "
                            + "p50 %.0f ms, max %.0f ms (%d saves)%n",
                    docsJsonNanos[docsJsonNanos.length / 2] / 1e6, docsJsonNanos[docsJsonNanos.length - 1] / 1e6, docsJsonNanos.length);
        } finally {
            try (Stream<Path> files = Files.walk(dir.getParent())) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        System.exit(0);
    }

    /** Appends a sentence to a page and times until the reloaded page shows it. */
    private static long save(HttpClient http, String base, LinkedBlockingQueue<String> reloads, Path page, String path,
                             String word) throws Exception {
        String text = Files.readString(page) + "\n\nThe " + word + " sentence was saved by the bench.\n";
        reloads.clear();
        long start = System.nanoTime();
        Files.writeString(page, text);
        awaitReload(reloads);
        String html = http.send(HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString()).body();
        long took = System.nanoTime() - start;
        if (!html.contains(word)) {
            throw new IllegalStateException("the reloaded page " + path + " lacks the saved sentence");
        }
        return took;
    }

    private static void awaitReload(LinkedBlockingQueue<String> reloads) throws InterruptedException {
        if (reloads.poll(30, TimeUnit.SECONDS) == null) {
            throw new IllegalStateException("no reload event within 30 s");
        }
    }

    /** Reads the tab's event stream on a thread of its own; each {@code reload} event lands in the queue. */
    private static LinkedBlockingQueue<String> follow(HttpClient http, String base) throws Exception {
        LinkedBlockingQueue<String> reloads = new LinkedBlockingQueue<>();
        HttpResponse<java.io.InputStream> res = http.send(HttpRequest.newBuilder(URI.create(base + "/_dev/events")).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.equals("event: reload")) {
                        reloads.offer(line);
                    }
                }
            } catch (IOException e) {
                // the server stopped
            }
        });
        return reloads;
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }
}
