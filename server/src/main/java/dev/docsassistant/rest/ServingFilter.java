package dev.docsassistant.rest;

import dev.docsassistant.web.Json;

import dev.docsassistant.app.ServerState;
import dev.docsassistant.metrics.AppMetrics;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

/**
 * Before any route of the REST edge: while the server drains, new requests get 503 with
 * {@code Retry-After} and {@code Connection: close} (the load balancer sends them elsewhere; open
 * streams go on); otherwise the request runs and is counted and timed by route and status. The
 * observe endpoints stay open, so probes see readiness turn down and scrapes keep working.
 */
final class ServingFilter implements Filter {
    static final String RETRY_AFTER_SECONDS = "5";
    private final ServerState state;

    ServingFilter(ServerState state) {
        this.state = state;
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        String path = req.path().path();
        if (state.draining() && !path.startsWith("/observe/") && !path.equals("/health")) {
            res.header(HeaderNames.RETRY_AFTER, RETRY_AFTER_SECONDS);
            if (req.prologue().protocolVersion().startsWith("1.")) {
                res.header(HeaderNames.CONNECTION, "close"); // HTTP/2 has no such header
            }
            Json.sendError(res, 503, "the server is shutting down; retry in " + RETRY_AFTER_SECONDS + " s");
            AppMetrics.request("rest", "draining", "503", 0);
            return;
        }
        long started = System.nanoTime();
        try {
            chain.proceed();
        } finally {
            AppMetrics.request("rest", req.matchingPattern().orElse(path.startsWith("/observe/") ? path : "other"),
                    String.valueOf(res.status().code()), System.nanoTime() - started);
        }
    }
}
