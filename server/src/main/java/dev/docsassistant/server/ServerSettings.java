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
 * @param managementHost the address of the management listener (health details, metrics)
 * @param managementPort its port (0 picks a free one, printed at start-up)
 */
public record ServerSettings(String host, int port, Duration drainTimeout, String managementHost, int managementPort) {
    /** The name of the management listener (Helidon's named socket). */
    public static final String MANAGEMENT = "management";
    public static final ServerSettings DEFAULTS = new ServerSettings("0.0.0.0", 8080, Duration.ofSeconds(20), "127.0.0.1", 0);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Server", "ServerSettings", List.of(
            new SettingDoc("server.host", "address", DEFAULTS.host, "the address to listen on"),
            new SettingDoc("server.port", "number", String.valueOf(DEFAULTS.port),
                    "HTTP/1.1, HTTP/2 and gRPC on one port (serve --port overrides it; 0 picks a free one)"),
            new SettingDoc("server.drain-timeout", "duration", SettingDoc.duration(DEFAULTS.drainTimeout),
                    "how long open answers may finish after SIGTERM before the port closes"),
            new SettingDoc("server.management.host", "address", DEFAULTS.managementHost,
                    "the address of the management listener: /observe/health/* with each condition's detail (store,"
                            + " Redis host) and /observe/metrics (per-site traffic); never on the public port"),
            new SettingDoc("server.management.port", "number", String.valueOf(DEFAULTS.managementPort),
                    "its port; 0 picks a free one, printed at start-up (set one for Prometheus; the public port keeps"
                            + " /observe/health/live and /observe/health/ready, status only, for probes)")));

    /** @param server the {@code server} node */
    public static ServerSettings from(Config server) {
        return new ServerSettings(server.get("host").asString().orElse(DEFAULTS.host),
                server.get("port").asInt().orElse(DEFAULTS.port),
                Durations.read(server.get("drain-timeout"), DEFAULTS.drainTimeout),
                server.get("management.host").asString().orElse(DEFAULTS.managementHost),
                server.get("management.port").asInt().orElse(DEFAULTS.managementPort));
    }
}
