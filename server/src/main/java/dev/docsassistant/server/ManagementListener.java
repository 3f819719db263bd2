package dev.docsassistant.server;

import dev.docsassistant.transport.ConnectionGuard;
import dev.docsassistant.transport.ConnectionSettings;
import dev.docsassistant.transport.GuardedSocketOptions;
import dev.docsassistant.transport.Http1Selector;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.spi.ServerFeature;

/**
 * The listener of health details and metrics, never the public port. Its connections are handled as
 * the public port's are: read deadlines, and a connection that asked to close ends once its answer
 * is out (Helidon 4.4 sends {@code Connection: close} and keeps the socket open, so a scraper or a
 * probe reading to the end of the stream waited for good). No per-address limit: its clients are the
 * operators' own tools, and it listens on 127.0.0.1 unless configured otherwise.
 */
final class ManagementListener implements ServerFeature {
    private final ConnectionGuard guard;

    private ManagementListener(ConnectionGuard guard) {
        this.guard = guard;
    }

    static void configure(WebServerConfig.Builder server, ServerSettings settings, ConnectionSettings connections) {
        ConnectionGuard guard = new ConnectionGuard(connections, address -> true);
        server.putSocket(ServerSettings.MANAGEMENT, socket -> socket.host(settings.managementHost()).port(settings.managementPort())
                .connectionOptions(GuardedSocketOptions.noDelay(guard))
                .addConnectionSelector(new Http1Selector(socket.protocols(), guard)));
        server.addFeature(new ManagementListener(guard));
    }

    @Override
    public void setup(ServerFeatureContext context) {
        context.socket(ServerSettings.MANAGEMENT).httpRouting().addFeature(guard);
    }

    @Override
    public String name() {
        return "management-listener";
    }

    @Override
    public String type() {
        return "management-listener";
    }
}
