package dev.docsassistant.rest;

import dev.docsassistant.assistant.StreamSettings;
import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.testing.TestApps;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import io.helidon.http.HeaderNames;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * While an answer is slow to come (as from a model), v2 sends {@code : keep-alive} comments so proxies
 * keep the stream open, and stops once the answer is done; v1 never does (an unknown line is fatal there).
 * The generator waits for the client to have read the comments, so no timing decides the outcome.
 */
@ServerTest
class KeepAliveTest {
    private static final String SLOW_QUESTION = "How are failed deliveries retried?";
    /** Gates a question's answer waits on: the first before its first words, the second before the rest. */
    private static final Map<String, List<CountDownLatch>> GATES = new ConcurrentHashMap<>();
    private final WebClient client;

    KeepAliveTest(WebClient client) {
        this.client = client;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        App app = TestApps.exampleSite();
        AnswerGenerator slow = (input, out) -> {
            List<CountDownLatch> gates = GATES.getOrDefault(input.question(), List.of(new CountDownLatch(0), new CountDownLatch(0)));
            await(gates.get(0));
            out.text("Thinking done. ");
            await(gates.get(1));
            out.text("Answer.");
        };
        AssistantService assistant = new AssistantService(app.sites(), new ThreadStore(app.database()), slow);
        Config section = Config.just(ConfigSources.create(Map.of("stream.keep-alive", "PT0.05S")));
        server.routing(r -> r.register(new AssistantRoutes(assistant, app.assistantRules(), StreamSettings.from(section.get("stream")))));
    }

    /** Like a slow model; the bound only keeps a failing test from hanging. */
    private static void await(CountDownLatch gate) {
        try {
            gate.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String body(String question) {
        return """
                {"fp": "anonymous", "messages": [{"id": "m1", "role": "user",
                 "parts": [{"type": "text", "text": "%s"}]}]}""".formatted(question);
    }

    @Test
    void v2SendsKeepAliveCommentsWhileTheAnswerIsSlowAndStopsWhenItIsDone() throws IOException {
        CountDownLatch firstWords = new CountDownLatch(1);
        CountDownLatch rest = new CountDownLatch(1);
        GATES.put(SLOW_QUESTION, List.of(firstWords, rest));
        List<String> lines = new ArrayList<>();
        try (HttpClientResponse res = client.post("/v2/assistant/acme/message")
                .header(HeaderNames.CONTENT_TYPE, "application/json").submit(body(SLOW_QUESTION));
             BufferedReader in = new BufferedReader(new InputStreamReader(res.inputStream(), StandardCharsets.UTF_8))) {
            assertEquals(200, res.status().code());
            int comments = 0;
            boolean firstWordsRead = false;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
                comments += line.equals(": keep-alive") ? 1 : 0;
                if (line.contains("Thinking done.")) {
                    firstWordsRead = true;
                    comments = 0;
                }
                if (!firstWordsRead && comments == 3) {
                    firstWords.countDown();
                }
                if (firstWordsRead && comments == 2) {
                    rest.countDown();
                }
            }
        } finally {
            GATES.remove(SLOW_QUESTION);
        }
        String body = String.join("\n", lines);
        int firstText = indexOf(lines, l -> l.contains("Thinking done."));
        int secondText = indexOf(lines, l -> l.contains("\"delta\":\"Answer.\""));
        int done = lines.indexOf("data: [DONE]");
        assertTrue(firstText > 0 && secondText > firstText && done > secondText, body);
        assertTrue(count(lines.subList(0, firstText)) >= 3, "comments before the first words\n" + body);
        assertTrue(count(lines.subList(firstText, secondText)) >= 2, "comments between the words\n" + body);
        assertEquals(lines.size() - 2, done, "[DONE] ends the stream: no comment after it\n" + body);
    }

    private static int indexOf(List<String> lines, Predicate<String> p) {
        for (int i = 0; i < lines.size(); i++) {
            if (p.test(lines.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static long count(List<String> lines) {
        return lines.stream().filter(l -> l.equals(": keep-alive")).count();
    }

    @Test
    void v1NeverSendsComments() {
        String question = "How do I replay an event?";
        CountDownLatch firstWords = new CountDownLatch(1);
        GATES.put(question, List.of(firstWords, new CountDownLatch(0)));
        // Absence can only be shown over a while: 20 keep-alive periods in which v2 would have sent comments.
        Thread.startVirtualThread(() -> {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            firstWords.countDown();
        });
        try (HttpClientResponse res = client.post("/v1/assistant/acme/message")
                .header(HeaderNames.CONTENT_TYPE, "application/json").submit(body(question))) {
            assertEquals(200, res.status().code());
            String body = res.as(String.class);
            assertTrue(body.lines().allMatch(l -> l.matches("^[0-9a-z]:.*")), body);
            assertTrue(body.contains("0:\"Answer.\""), body);
        } finally {
            GATES.remove(question);
        }
    }
}
