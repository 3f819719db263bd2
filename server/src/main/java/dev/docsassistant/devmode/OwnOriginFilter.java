package dev.docsassistant.devmode;

import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.security.Origins;
import dev.docsassistant.web.Json;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Optional;

/**
 * {@code dev} answers its own pages only. It lets requests from this machine in without a key, and a
 * writer's browser is on this machine: any website it opens could otherwise read unpublished pages
 * through the API and spend the configured model (the API echoes a caller's {@code Origin} in
 * {@code Access-Control-Allow-Origin}, as it must for keys used from other sites). So a request naming
 * an {@code Origin} other than the dev server's own ({@code http://}, a host it serves, its port) is
 * refused before any route runs: 403 without CORS headers, preflights included, so neither a script
 * nor a form posting a simple request gets anywhere. Clients outside browsers send no {@code Origin}.
 */
final class OwnOriginFilter implements Filter {
    private final ServedHosts hosts;

    OwnOriginFilter(ServedHosts hosts) {
        this.hosts = hosts;
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        Optional<String> origin = req.headers().first(HeaderNames.ORIGIN);
        int port = req.localPeer().address() instanceof InetSocketAddress local ? local.getPort() : -1;
        if (origin.isEmpty() || own(origin.get(), port)) {
            chain.proceed();
            return;
        }
        Json.sendError(res, 403, "origin " + shown(origin.get()) + " may not call this dev server: it answers its own pages "
                + "(http://localhost:" + port + ") only");
    }

    private boolean own(String header, int port) {
        String origin = Origins.ofHeader(header);
        if (origin == null || !origin.startsWith("http://") || !hosts.servesOrigin(origin)) {
            return false;
        }
        return URI.create(origin).getPort() == port;
    }

    private static String shown(String origin) {
        return origin.length() > 100 ? origin.substring(0, 100) + "…" : origin;
    }
}
