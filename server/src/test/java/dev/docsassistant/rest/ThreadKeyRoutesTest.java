package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import dev.docsassistant.app.App;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.ApiClient;
import dev.docsassistant.testing.ApiClient.Reply;
import dev.docsassistant.testing.TestApps;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** {@code threads.require-key: true}: a thread continues only with the key its first answer returned. */
@ServerTest
class ThreadKeyRoutesTest {
    private static App app;
    private final WebClient client;

    ThreadKeyRoutesTest(WebClient client) {
        this.client = client;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        app = TestApps.exampleSite("""
                threads: {require-key: true}
                site-pages: {page-keys: false}
                """);
        ServerSetup.configure(server, app);
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private Reply ask(String question, String threadId, String threadKey) {
        String body = Json.write(Json.object("fp", "anonymous", "threadId", threadId, "threadKey", threadKey, "messages",
                List.of(Json.object("id", "m1", "role", "user", "parts", List.of(Json.object("type", "text", "text", question))))));
        return new ApiClient(client).postJson("/v2/assistant/acme/message", body, "Authorization", TestApps.authorization(app, "acme"));
    }

    @Test
    void aThreadContinuesOnlyWithItsKey() {
        Reply first = ask("How are failed deliveries retried?", null, null);
        assertEquals(200, first.status(), first.body());
        assertNotNull(first.header("X-Thread-Key"), "the first answer returns the thread's key");

        Reply keyless = ask("How many times?", first.header("X-Thread-Id"), null);
        assertEquals(400, keyless.status());
        assertEquals("{\"message\":\"threadKey is required to continue a thread\"}", keyless.body());
        assertEquals(404, ask("How many times?", first.header("X-Thread-Id"), "thk_not-the-key").status(), "a wrong key is an unknown thread");

        Reply next = ask("How many times?", first.header("X-Thread-Id"), first.header("X-Thread-Key"));
        assertEquals(200, next.status(), next.body());
        assertEquals(first.header("X-Thread-Id"), next.header("X-Thread-Id"));
        List<String> roles = new ThreadStore(app.database()).messages(first.header("X-Thread-Id")).stream().map(ThreadStore.StoredMessage::role).toList();
        assertEquals(List.of("user", "assistant", "user", "assistant"), roles, "both turns are in the thread, the refused ones are not");
    }
}
