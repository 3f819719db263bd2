package dev.docsassistant.grpc;

import dev.docsassistant.app.App;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Reflection is registered on the public port, where the gRPC routes are (GrpcAccessTest lists the
 * services there), and nowhere else: the management listener has none, and starting the server warns
 * about nothing there.
 */
class ReflectionSocketsTest {
    @Test
    void startingWarnsOfNoReflectionOnTheManagementListener() {
        App app = TestApps.exampleSite("site-pages: {page-keys: false}");
        WebServer server = null;
        try (CapturedLogs logs = CapturedLogs.all()) {
            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            server = builder.build().start();
            assertFalse(logs.text().contains("reflection"), logs.text());
        } finally {
            if (server != null) {
                server.stop();
            }
            app.close();
        }
    }
}
