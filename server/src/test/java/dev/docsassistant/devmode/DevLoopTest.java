package dev.docsassistant.devmode;

import dev.docsassistant.app.StartRefused;
import dev.docsassistant.testing.CliRun;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code dev} end to end: a real folder, the real watcher and the served site, each step awaited on the loop's own report. */
class DevLoopTest {
    private static final String DOCS_JSON = """
            {
              "name": "Dev loop",
              "navigation": {"groups": [
                {"group": "Guides", "pages": ["index", "guides/retries", "guides/replay"]}
              ]}
            }
            """;

    /** The loop's terminal, one line at a time, so a test waits on what it reports. */
    private static final class Terminal extends OutputStream {
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }

        /** The next line that starts with {@code prefix} (earlier ones are dropped), within a generous timeout. */
        String next(String prefix) throws InterruptedException {
            while (true) {
                String l = lines.poll(60, TimeUnit.SECONDS);
                assertNotNull(l, "the loop reported no line starting with \"" + prefix + "\"");
                if (l.startsWith(prefix)) {
                    return l;
                }
            }
        }
    }

    private static HttpResponse<String> search(DevServer dev, String query) throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + dev.port() + "/v1/search/site"))
                            .header("content-type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"" + query + "\", \"pageSize\": 3}")).build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    @Test
    void aFolderWithoutDocsJsonStopsDevBeforeAnythingIsWrittenOrWatched(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectories(dir.resolve("notes"));
        Files.writeString(folder.resolve("readme.md"), "# Not a docs site\n");
        CliRun run = CliRun.of("dev", folder.toString(), "--port", "0");
        assertEquals(2, run.code(), run.out() + run.err());
        assertEquals("no docs.json in " + folder.toAbsolutePath() + ": dev serves a docs folder, the one that holds docs.json "
                + "and its .md/.mdx pages (bin/docs-assistant dev path/to/docs)", run.err().strip());
        assertFalse(Files.exists(folder.resolve(".docs-assistant")), "nothing written in the folder");
    }

    @Test
    void aTakenPortOrADataDirectoryInUseStopsDevBeforeAnythingIsWritten(@TempDir Path dir) throws Exception {
        TestSites files = new TestSites(dir.resolve("site")).file("docs.json", DOCS_JSON)
                .page("index", "# Welcome\n\nThe relay delivers webhooks.", "title: Home");
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            StartRefused refused = assertThrows(StartRefused.class,
                    () -> DevServer.listen(files.dir(), dir.resolve("data"), taken.getLocalPort(), null));
            assertTrue(refused.getMessage().startsWith("port " + taken.getLocalPort() + " (on 127.0.0.1) is in use"), refused.getMessage());
            assertFalse(Files.exists(dir.resolve("data")), "nothing written before the port was found taken");
        }
        try (DevServer first = DevServer.listen(files.dir(), dir.resolve("data"), 0, null)) {
            StartRefused refused = assertThrows(StartRefused.class, () -> DevServer.listen(files.dir(), dir.resolve("data"), 0, null));
            assertTrue(refused.getMessage().contains("pid " + ProcessHandle.current().pid() + ", docs-assistant dev (folder "),
                    refused.getMessage());
            assertTrue(first.app().sites().pending().contains("site"), "the first one is untouched");
        }
    }

    @Test
    void aPageMovedAwayAndBackKeepsTheLoopAndSearchWorking(@TempDir Path dir) throws Exception {
        TestSites files = new TestSites(dir.resolve("site")).file("docs.json", DOCS_JSON)
                .page("index", "# Welcome\n\nThe relay delivers webhooks.", "title: Home")
                .page("guides/retries", "## Backoff\n\nFailed deliveries are retried with exponential backoff.", "title: Retries")
                .page("guides/replay", "## Replay\n\nReplay any event from the archive of pelicans.", "title: Replay");
        Path page = files.dir().resolve("guides/replay.mdx");
        Path away = files.dir().resolve("guides/replay.mdx.off");
        Terminal terminal = new Terminal();
        try (DevServer dev = DevServer.listen(files.dir(), dir.resolve("data"), 0, null)) {
            dev.load(new PrintStream(terminal, true, StandardCharsets.UTF_8));

            Files.move(page, away);
            assertTrue(terminal.next("changed ").contains("problem"), "the navigation names a page with no file");
            Files.move(away, page);
            terminal.next("changed guides/replay.mdx");
            HttpResponse<String> found = search(dev, "pelicans archive");
            assertEquals(200, found.statusCode(), found.body());
            assertTrue(found.body().contains("/guides/replay"), found.body());

            files.page("guides/replay", "## Replay\n\nReplay any event from the archive of flamingos.", "title: Replay");
            assertTrue(terminal.next("changed guides/replay.mdx").contains("1 page re-indexed"), "saves are applied again");
            HttpResponse<String> after = search(dev, "flamingos");
            assertEquals(200, after.statusCode(), after.body());
            assertTrue(after.body().contains("/guides/replay"), after.body());
        }
    }
}
