package dev.docsassistant.devmode;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import dev.docsassistant.web.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code dev} lets this machine's requests in without a key, so it answers no other website: a
 * request whose {@code Origin} is not the dev server's own is 403 without CORS headers, on every
 * keyless route and on preflights, while curl (no {@code Origin}) and the server's own pages work.
 */
class DevOriginTest {
    private static final String EVIL = "https://evil.example";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static DevServer dev;
    private static String domain;

    @BeforeAll
    static void start() throws Exception {
        Path dir = TempDirs.create("docs-assistant-dev-origin-").resolve("relay");
        new TestSites(dir).file("docs.json", """
                        {"name": "Relay", "navigation": {"groups": [{"group": "G", "pages": ["index", "retries"]}]}}""")
                .page("index", "# Welcome\n\nThe relay delivers webhooks.", "title: Home")
                .page("retries", "# Retries\n\nUnpublished: failed deliveries are retried nine times.", "title: Retries");
        Path cache = Path.of("target", "embedding-cache");
        dev = DevServer.listen(dir, dir.resolveSibling("data"), 0, Files.isDirectory(cache) ? cache.toAbsolutePath() : null);
        dev.load(new PrintStream(OutputStream.nullOutputStream()));
        domain = DevServer.domain(dir);
    }

    @AfterAll
    static void stop() {
        dev.close();
    }

    private static HttpResponse<String> send(String method, String path, String body, String origin) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + dev.port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        if (origin != null) {
            b.header("Origin", origin);
        }
        if (method.equals("OPTIONS")) {
            b.header("Access-Control-Request-Method", "POST").header("Access-Control-Request-Headers", "content-type");
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertRefused(HttpResponse<String> res, String what) throws Exception {
        assertEquals(403, res.statusCode(), what + ": " + res.body());
        assertTrue(res.headers().firstValue("Access-Control-Allow-Origin").isEmpty(), what + " echoes no origin: " + res.headers());
        JsonNode message = Json.MAPPER.readTree(res.body()).get("message");
        assertTrue(message.asText().contains(EVIL) && message.asText().contains("dev server"), res.body());
        assertTrue(!res.body().contains("nine times"), res.body());
    }

    @Test
    void anotherWebsiteReadsNothingAndSpendsNothing() throws Exception {
        String search = "{\"query\": \"how many retries\"}";
        assertRefused(send("POST", "/v1/search/" + domain, search, EVIL), "search");
        assertRefused(send("POST", "/v1/page/" + domain, "{\"path\": \"/retries\"}", EVIL), "page");
        assertRefused(send("POST", "/v1/chat/completions", "{\"model\": \"" + domain
                + "\", \"messages\": [{\"role\": \"user\", \"content\": \"retries?\"}]}", EVIL), "chat completions");
        assertRefused(send("POST", "/v2/assistant/" + domain + "/message", "{\"fp\": \"a\", \"messages\": [{\"id\": \"m1\", "
                + "\"role\": \"user\", \"parts\": [{\"type\": \"text\", \"text\": \"retries?\"}]}]}", EVIL), "assistant");
        assertRefused(send("OPTIONS", "/v1/search/" + domain, null, EVIL), "preflight");
        // A simple request (a form's text/plain POST needs no preflight) is refused the same way.
        HttpResponse<String> form = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + dev.port() + "/v1/search/" + domain))
                .header("Origin", EVIL).header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString(search)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertRefused(form, "simple request");
        String otherPort = "http://localhost:" + (dev.port() + 1); // another local server's page
        HttpResponse<String> local = send("POST", "/v1/search/" + domain, search, otherPort);
        assertEquals(403, local.statusCode(), local.body());
        assertTrue(local.headers().firstValue("Access-Control-Allow-Origin").isEmpty());
    }

    @Test
    void itsOwnPagesAndClientsWithoutAnOriginStillWork() throws Exception {
        String search = "{\"query\": \"how many retries\"}";
        HttpResponse<String> curl = send("POST", "/v1/search/" + domain, search, null);
        assertEquals(200, curl.statusCode(), curl.body());
        assertTrue(curl.body().contains("nine times"), curl.body());
        String own = "http://localhost:" + dev.port();
        HttpResponse<String> page = send("POST", "/v1/search/" + domain, search, own);
        assertEquals(200, page.statusCode(), page.body());
        assertEquals(own, page.headers().firstValue("Access-Control-Allow-Origin").orElse(own));
        assertEquals(200, send("POST", "/v1/search/" + domain, search, "http://127.0.0.1:" + dev.port()).statusCode());
    }
}
