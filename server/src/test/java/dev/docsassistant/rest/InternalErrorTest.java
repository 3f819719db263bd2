package dev.docsassistant.rest;

import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.TestApps;
import io.helidon.webclient.api.ClientResponseTyped;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.util.logging.Level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A route that fails with an Error or a checked exception is our failure: 500, a generic body, a log line. */
@ServerTest
class InternalErrorTest {
    private final WebClient client;

    InternalErrorTest(WebClient client) {
        this.client = client;
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        server.routing(routing -> {
            // Routes of this test only, ahead of the REST edge's, under its filters and error handlers.
            routing.get("/test/overflow", (req, res) -> {
                throw new StackOverflowError("deep in the renderer");
            });
            routing.get("/test/checked", (req, res) -> {
                throw new java.io.IOException("secret path /var/lib/x");
            });
            RestEdge.routing(routing, TestApps.exampleSite());
        });
    }

    @Test
    void anErrorIsAnInternalErrorNotABadRequest() {
        assertInternal("/test/overflow", "StackOverflowError");
    }

    @Test
    void aCheckedExceptionIsAnInternalError() {
        assertInternal("/test/checked", "IOException");
    }

    private void assertInternal(String path, String logged) {
        try (CapturedLogs logs = CapturedLogs.of(RestEdge.class)) {
            ClientResponseTyped<String> res = client.get(path).request(String.class);
            assertEquals(500, res.status().code(), res.entity());
            assertTrue(res.entity().matches("\\{\\s*\"message\"\\s*:\\s*\"internal server error\"\\s*}"), res.entity());
            assertTrue(res.headers().contentType().orElseThrow().text().startsWith("application/json"));
            assertFalse(res.entity().contains("deep") || res.entity().contains("secret"), res.entity());
            assertTrue(logs.records().stream().anyMatch(r -> r.getLevel() == Level.WARNING
                    && r.getThrown() != null && r.getThrown().getClass().getSimpleName().equals(logged)
                    && r.getMessage().contains(path)), logs.text());
        }
        // The connection and the server stay usable.
        assertEquals(200, client.get("/health").request(String.class).status().code());
    }
}
