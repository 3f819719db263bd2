package dev.docsassistant.sites;

import com.sun.net.httpserver.HttpServer;
import dev.docsassistant.apiref.ApiSpecs;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressSettings;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs.json {@code openapi} naming a URL: not fetched unless {@code api-specs.fetch-urls} is on; then
 * fetched from a real HTTP server on loopback (allowed by {@code egress.allow}) into pages, and refused
 * as a site problem when the address is not allowed, the description is over the size cap or it does
 * not arrive within the timeout. The rest of the site is read in every case.
 */
class SpecUrlsTest {
    private static final String SPEC = """
            {"openapi": "3.0.3", "info": {"title": "Remote", "version": "1"},
             "paths": {"/ok": {"get": {"summary": "Fetched fine", "responses": {"200": {"description": "OK"}}}}}}""";
    private static final CountDownLatch RELEASE = new CountDownLatch(1);
    private static HttpServer server;
    private static String base;

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/openapi.json", exchange -> {
            byte[] body = SPEC.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.createContext("/slow.json", exchange -> {
            try {
                RELEASE.await(60, TimeUnit.SECONDS); // answers only when the test ends
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        RELEASE.countDown();
        server.stop(0);
    }

    @AfterEach
    void offline() {
        ApiSpecs.readUrlsWith(ApiSpecs.OFFLINE);
    }

    private static SiteContent site(Path dir, String url) {
        new TestSites(dir).file("docs.json", """
                {"name": "T", "navigation": {"groups": [{"group": "Guide", "pages": ["guide"]},
                                                         {"group": "API", "openapi": "%s"}]}}""".formatted(url))
                .page("guide", "Prose.", "title: Guide");
        SiteContent content = SiteReader.read(dir);
        assertTrue(content.page("guide").isPresent(), "the rest of the site is read");
        return content;
    }

    private static Egress allowingLoopback() {
        return new Egress(new EgressSettings(Set.of("127.0.0.1:" + server.getAddress().getPort()), List.of()));
    }

    private static String problem(SiteContent content) {
        List<SiteProblem> problems = content.problems();
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("docs.json", problems.getFirst().file());
        assertTrue(problems.getFirst().isError(), problems.toString());
        return problems.getFirst().message();
    }

    @Test
    void offByDefaultAUrlIsAProblemAndNothingIsFetched(@TempDir Path dir) {
        SpecUrls.DEFAULTS.use(allowingLoopback());
        SiteContent content = site(dir, base + "/openapi.json");
        assertTrue(problem(content).contains("not fetched"), problem(content));
        assertTrue(content.page("api-reference/fetched-fine").isEmpty());
    }

    @Test
    void allowedTheDescriptionIsFetchedIntoPages(@TempDir Path dir) {
        new SpecUrls(true, Duration.ofSeconds(5), Duration.ofSeconds(10), 1_000_000).use(allowingLoopback());
        SiteContent content = site(dir, base + "/openapi.json");
        assertEquals(List.of(), content.problems());
        assertEquals("Fetched fine", content.page("api-reference/fetched-fine").orElseThrow().title());
    }

    @Test
    void anInternalAddressNotAllowedIsRefused(@TempDir Path dir) {
        new SpecUrls(true, Duration.ofSeconds(5), Duration.ofSeconds(10), 1_000_000)
                .use(new Egress(EgressSettings.NONE));
        String message = problem(site(dir, base + "/openapi.json"));
        assertTrue(message.contains("not fetched") && message.contains("docs-assistant.egress.allow"), message);
    }

    @Test
    void aDescriptionOverTheSizeCapIsRefused(@TempDir Path dir) {
        new SpecUrls(true, Duration.ofSeconds(5), Duration.ofSeconds(10), SPEC.length() - 1).use(allowingLoopback());
        SiteContent content = site(dir, base + "/openapi.json");
        String message = problem(content);
        assertTrue(message.contains("docs-assistant.api-specs.max-bytes"), message);
        assertTrue(content.page("api-reference/fetched-fine").isEmpty());
    }

    @Test
    void aDescriptionThatDoesNotArriveInTimeIsRefused(@TempDir Path dir) {
        new SpecUrls(true, Duration.ofSeconds(5), Duration.ofMillis(300), 1_000_000).use(allowingLoopback());
        String message = problem(site(dir, base + "/slow.json"));
        assertTrue(message.contains("docs-assistant.api-specs.timeout"), message);
    }
}
