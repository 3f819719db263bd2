package dev.docsassistant.server;

import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The schedulers a server owns (connection deadlines, gRPC deadlines) stop with it. */
class OwnedSchedulersTest {
    private static final Set<String> OWNED = Set.of("connection-guard", "grpc-deadlines");

    private static long running() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && OWNED.contains(t.getName())).count();
    }

    @Test
    void schedulersStopWithTheServer() throws InterruptedException {
        long before = running();
        WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
        ServerSetup.configure(builder, TestApps.exampleSite());
        WebServer server = builder.build().start();
        try {
            assertTrue(running() >= before + 1, "the guard's sweeper runs while the server does");
        } finally {
            server.stop();
        }
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (running() > before && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(before, running(), "threads left behind: " + OWNED);
    }
}
