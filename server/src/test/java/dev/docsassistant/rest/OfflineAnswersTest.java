package dev.docsassistant.rest;

import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.TestApps;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The offline answers on the example site, over HTTP: a quoted passage keeps its table, list or code
 * block whole and never ends on a colon, and every link points to the page's canonical path.
 */
@ServerTest
class OfflineAnswersTest {
    private final ApiClient api;

    OfflineAnswersTest(WebClient client) {
        this.api = new ApiClient(client);
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite());
    }

    private Reply ask(String question) {
        Reply r = api.postJson("/v2/assistant/acme/message", """
                {"fp": "anonymous", "messages": [{"id": "m1", "role": "user", "parts": [{"type": "text", "text": "%s"}]}]}"""
                .formatted(question), "Authorization", TestApps.authorization(TestApps.exampleSite(), "acme"));
        assertEquals(200, r.status(), r.body());
        return r;
    }

    private static List<String> sources(Reply r) {
        return r.events().stream().filter(e -> e.get("type").asText().equals("source-url")).map(e -> e.get("url").asText()).toList();
    }

    @Test
    void theRetryAnswerQuotesTheScheduleTable() {
        Reply r = ask("How are failed deliveries retried?");
        String text = r.text();
        assertTrue(text.contains("| Attempt | Delay after the previous attempt |") && text.contains("| 7 | 24 hours |"),
                "the whole schedule table: " + text);
        assertFalse(text.contains("<Card") || text.contains("Quickstart"), "no home page cards: " + text);
    }

    @Test
    void theSignatureAnswerNeverEndsOnAColon() {
        String text = ask("How do I verify a webhook signature?").text();
        assertTrue(text.contains("carries a `Relay-Signature` header:\n\n```text\nRelay-Signature: t="),
                "the header line comes with the example it announces: " + text);
        assertFalse(text.strip().endsWith(":"), text);
    }

    @Test
    void sourcesLinkToCanonicalPaths() {
        for (String question : List.of("How are failed deliveries retried?", "What is Relay?", "How do I get started?")) {
            Reply r = ask(question);
            List<String> sources = sources(r);
            assertTrue(sources.stream().noneMatch(s -> s.matches("/?(.*/)?index(#.*)?")), question + ": " + sources);
            assertFalse(r.text().matches("(?s).*\\]\\(/?(.*/)?index(#[^)]*)?\\).*"), question + ": " + r.text());
        }
    }
}
