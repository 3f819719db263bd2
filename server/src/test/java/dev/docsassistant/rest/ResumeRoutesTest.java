package dev.docsassistant.rest;

import dev.docsassistant.app.App;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.FakeChatProvider;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.web.Json;
import com.fasterxml.jackson.databind.JsonNode;
import io.helidon.http.Method;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code GET /v2/assistant/{domain}/message/{threadId}/stream}: an answer interrupted by its reader
 * is replayed from its start and followed to its end; 204 when the thread has no answer in
 * progress; 404 for a thread the key may not reach. The answers come from a local OpenAI-style
 * provider streaming slowly enough to be caught mid-answer.
 */
@ServerTest
class ResumeRoutesTest {
    private static final FakeChatProvider PROVIDER = new FakeChatProvider();
    private static final Pattern THREAD = Pattern.compile("(?i)x-thread-id: (\\S+)");
    private static final Pattern THREAD_KEY = Pattern.compile("(?i)x-thread-key: (\\S+)");
    private static App app;
    private final WebClient client;
    private final WebServer server;

    ResumeRoutesTest(WebClient client, WebServer server) {
        this.client = client;
        this.server = server;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        app = TestApps.exampleSite("""
                generator: llm
                stream: {keep-alive: PT0.2S}
                llm:
                  base-url: %s
                  model: test-model
                sites:
                  - {domain: acme, organization: acme, path: site}
                  - {domain: rival, organization: rival, path: site}
                """.formatted(PROVIDER.baseUrl()));
        ServerSetup.configure(server, app);
    }

    @AfterAll
    static void stop() {
        PROVIDER.close();
        app.close();
    }

    private static String body(String question) {
        return Json.write(Json.object("fp", "anonymous", "messages", List.of(
                Json.object("id", "m1", "role", "user", "parts", List.of(Json.object("type", "text", "text", question))))));
    }

    private static List<String> slowTokens(int n) {
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tokens.add("word" + i + " ");
        }
        return tokens;
    }

    private Reply resume(String domain, String threadId, String organization, String... headers) {
        List<String> all = new ArrayList<>(List.of("Authorization", TestApps.authorization(app, organization)));
        all.addAll(List.of(headers));
        return new ApiClient(client).send(Method.GET, "/v2/assistant/" + domain + "/message/" + threadId + "/stream", null,
                all.toArray(String[]::new));
    }

    private static String first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        assertTrue(m.find(), text);
        return m.group(1);
    }

    @Test
    void aReaderWhoLeftMidAnswerResumesItFromItsStartToItsEnd() throws Exception {
        List<String> tokens = slowTokens(30);
        PROVIDER.reply(new FakeChatProvider.Tokens(tokens, Duration.ofMillis(60),
                List.of(FakeChatProvider.finishChunk("stop"), "[DONE]")));
        String seen;
        String threadId;
        try (Socket socket = RawHttp.post(server.port(), "/v2/assistant/acme/message", TestApps.authorization(app, "acme"),
                body("How are failed deliveries retried?"))) {
            seen = RawHttp.readUntil(socket, "word2 ");
            threadId = first(THREAD, seen);
        } // the reader leaves (a reload) with most of the answer still to come
        Reply resumed = resume("acme", threadId, "acme");
        assertEquals(200, resumed.status(), resumed.body());
        assertEquals("text/event-stream", resumed.contentType());
        assertEquals(threadId, resumed.header("X-Thread-Id"));
        List<String> types = resumed.types();
        assertEquals(List.of("start", "start-step", "text-start"), types.subList(0, 3), resumed.body());
        assertEquals(List.of("text-end", "finish-step", "finish"), types.subList(types.size() - 3, types.size()), resumed.body());
        assertTrue(resumed.body().endsWith("data: [DONE]\n\n"), resumed.body());
        assertEquals(String.join("", tokens), resumed.text(), "every word once, in order: the missed ones, then the live ones");
        JsonNode start = resumed.events().getFirst();
        assertTrue(seen.contains(start.get("messageId").asText()), "the same answer the first reader began: " + seen);
        // Over: nothing to resume any more, and the thread holds the whole answer.
        assertEquals(204, resume("acme", threadId, "acme").status());
        assertEquals(String.join("", tokens), app.threads().messages(threadId).getLast().content());
    }

    @Test
    void twoReadersFollowOneAnswerAndItIsProducedOnce() throws Exception {
        int before = PROVIDER.received().size();
        PROVIDER.reply(new FakeChatProvider.Tokens(slowTokens(10), Duration.ofMillis(50),
                List.of(FakeChatProvider.finishChunk("stop"), "[DONE]")));
        try (Socket socket = RawHttp.post(server.port(), "/v2/assistant/acme/message", TestApps.authorization(app, "acme"),
                body("What is a webhook?"))) {
            String threadId = first(THREAD, RawHttp.readUntil(socket, "\"start\""));
            Reply resumed = resume("acme", threadId, "acme"); // while the first reader still reads
            String original = RawHttp.readToEnd(socket, Duration.ofSeconds(20)).text();
            assertTrue(original.contains("data: [DONE]"), original);
            assertEquals(String.join("", slowTokens(10)), resumed.text());
        }
        assertEquals(before + 1, PROVIDER.received().size(), "one model call for both readers");
    }

    @Test
    void aNewQuestionInTheThreadStopsTheAnswerItsReaderLeft() throws Exception {
        String[] many = slowTokens(2000).toArray(String[]::new);
        FakeChatProvider.Played left = PROVIDER.play(FakeChatProvider.tokens(Duration.ofMillis(20), many));
        String threadId;
        try (Socket socket = RawHttp.post(server.port(), "/v2/assistant/acme/message", TestApps.authorization(app, "acme"),
                body("How are failed deliveries retried?"))) {
            threadId = first(THREAD, RawHttp.readUntil(socket, "word1 "));
        }
        PROVIDER.answer("Asked ", "again.");
        String again = Json.write(Json.object("fp", "anonymous", "threadId", threadId, "messages", List.of(
                Json.object("id", "m2", "role", "user", "parts", List.of(Json.object("type", "text", "text", "What is a webhook?"))))));
        Reply second = new ApiClient(client).postJson("/v2/assistant/acme/message", again, "Authorization", TestApps.authorization(app, "acme"));
        assertEquals("Asked again.", second.text());
        // Superseded: the first answer stops well before its 60 s of outliving its reader, and is never stored.
        int sent = left.awaitCut(Duration.ofSeconds(20));
        assertTrue(sent < many.length, "cut after " + sent);
        assertEquals(204, resume("acme", threadId, "acme").status());
        assertEquals("Asked again.", app.threads().messages(threadId).getLast().content());
    }

    @Test
    void aThreadWithoutAnAnswerInProgressIs204() {
        PROVIDER.answer("Done ", "already.");
        Reply answered = new ApiClient(client).postJson("/v2/assistant/acme/message", body("What is a webhook?"),
                "Authorization", TestApps.authorization(app, "acme"));
        assertEquals(200, answered.status());
        Reply resumed = resume("acme", answered.header("X-Thread-Id"), "acme");
        assertEquals(204, resumed.status());
        assertEquals("", resumed.body());
    }

    @Test
    void aThreadTheKeyMayNotReachIs404WhetherItExistsOrNot() throws Exception {
        TestApps.authorization(app, "rival"); // made before the answer starts: the checks below run while it streams
        PROVIDER.reply(new FakeChatProvider.Tokens(slowTokens(300), Duration.ofMillis(30),
                List.of(FakeChatProvider.finishChunk("stop"), "[DONE]")));
        try (Socket socket = RawHttp.post(server.port(), "/v2/assistant/acme/message", TestApps.authorization(app, "acme"),
                body("How are failed deliveries retried?"))) {
            String head = RawHttp.readUntil(socket, "\"start\"");
            String threadId = first(THREAD, head);
            String threadKey = first(THREAD_KEY, head);
            // Another organisation, asking on the thread's own site or on its own: the same 404 as no thread at all.
            Reply otherOrganization = resume("acme", threadId, "rival");
            assertEquals(404, otherOrganization.status(), otherOrganization.body());
            assertEquals("thread not found: " + threadId, otherOrganization.json().get("message").asText());
            assertEquals(404, resume("rival", threadId, "rival").status());
            assertEquals(resume("acme", "thr_doesNotExist0000000", "acme").json().get("message").asText(),
                    "thread not found: thr_doesNotExist0000000");
            assertEquals(404, resume("acme", "thr_with.dots", "acme").status());
            assertEquals(404, resume("acme", threadId, "acme", "X-Thread-Key", "thk_wrong").status());
            // Without a key: 401, the same for every thread.
            Reply keyless = new ApiClient(client).send(Method.GET, "/v2/assistant/acme/message/" + threadId + "/stream", null);
            assertEquals(401, keyless.status());
            Reply posted = new ApiClient(client).postJson("/v2/assistant/acme/message/" + threadId + "/stream", "{}",
                    "Authorization", TestApps.authorization(app, "acme"));
            assertEquals(405, posted.status());
            assertEquals("GET, OPTIONS", posted.header("Allow"));
            // Its own key, with the thread's key: the answer.
            Reply own = resume("acme", threadId, "acme", "X-Thread-Key", threadKey);
            assertEquals(200, own.status(), own.body());
            assertFalse(own.text().isEmpty());
        }
    }
}
