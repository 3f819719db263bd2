package dev.docsassistant.server;

import dev.docsassistant.app.ServerState;
import io.helidon.health.HealthCheck;
import io.helidon.health.HealthCheckResponse;
import io.helidon.health.HealthCheckType;
import io.helidon.webserver.observe.ObserveFeature;
import io.helidon.webserver.observe.health.HealthObserver;
import io.helidon.webserver.observe.metrics.MetricsObserver;

import java.util.List;

/**
 * Helidon's observe feature, on the management listener only ({@code server.management.*}):
 * {@code /observe/health/live}, {@code /observe/health/ready} (the {@link ServerState} conditions,
 * each listed with its detail, which names internal hosts) and {@code /observe/metrics} (Prometheus
 * text, or JSON when asked for; per-site traffic). The public port answers the two probes with their
 * status alone (the REST edge's routes).
 */
final class Observe {
    private Observe() {
    }

    static ObserveFeature feature(ServerState state) {
        HealthCheck ready = new HealthCheck() {
            @Override
            public HealthCheckType type() {
                return HealthCheckType.READINESS;
            }

            @Override
            public String name() {
                return "docs-assistant";
            }

            @Override
            public HealthCheckResponse call() {
                HealthCheckResponse.Builder response = HealthCheckResponse.builder();
                boolean up = true;
                for (ServerState.Check check : state.checks()) {
                    response.detail(check.name(), (check.up() ? "UP: " : "DOWN: ") + check.detail());
                    up &= check.up();
                }
                return response.status(up).build();
            }
        };
        HealthCheck live = new HealthCheck() {
            @Override
            public HealthCheckType type() {
                return HealthCheckType.LIVENESS;
            }

            @Override
            public String name() {
                return "process";
            }

            @Override
            public HealthCheckResponse call() {
                return HealthCheckResponse.builder().status(state.live()).build();
            }
        };
        return ObserveFeature.builder()
                .sockets(List.of(ServerSettings.MANAGEMENT))
                .observersDiscoverServices(false)
                .addObserver(HealthObserver.builder().details(true).useSystemServices(false).addCheck(live).addCheck(ready).build())
                .addObserver(MetricsObserver.create())
                .build();
    }
}
