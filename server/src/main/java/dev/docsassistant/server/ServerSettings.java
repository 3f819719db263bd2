package dev.docsassistant.server;

import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;

/**
 * The keys of Helidon's {@code server} node the application reads itself; the rest of that node
 * (TLS, socket options) goes to Helidon's web server as it is.
 *
 * @param host         the address to listen on
 * @param port         the port, HTTP and gRPC together (0 picks a free one)
 * @param drainTimeout how long open answers may finish after SIGTERM before the port closes
 */
public record ServerSettings(String host, int port, Duration drainTimeout) {
    public static final ServerSettings DEFAULTS = new ServerSettings("0.0.0.0", 8080, Duration.ofSeconds(20));

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Server", "ServerSettings", List.of(
            new SettingDoc("server.host", "address", DEFAULTS.host, "the address to listen on"),
            new SettingDoc("server.port", "number", String.valueOf(DEFAULTS.port),
                    "HTTP/1.1, HTTP/2 and gRPC on one port (serve --port overrides it; 0 picks a free one)"),
            new SettingDoc("server.drain-timeout", "duration", SettingDoc.duration(DEFAULTS.drainTimeout),
                    "how long open answers may finish after SIGTERM before the port closes")));

    /** @param server the {@code server} node */
    public static ServerSettings from(Config server) {
        return new ServerSettings(server.get("host").asString().orElse(DEFAULTS.host),
                server.get("port").asInt().orElse(DEFAULTS.port),
                Durations.read(server.get("drain-timeout"), DEFAULTS.drainTimeout));
    }
}
