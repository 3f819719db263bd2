package dev.docsassistant.server;

import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.app.SitePrefix;
import io.helidon.http.HeaderNames;
import dev.docsassistant.web.Json;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

/**
 * The first filter of the public port: a request is served only on a host the configuration names
 * ({@link ServedHosts}), and only what that host is for. An unknown host gets 421 (DNS rebinding);
 * the dashboard and the admin API answer on the dashboard's host alone, which serves nothing else,
 * so no script of a rendered site ever runs on the dashboard's origin; a site's host serves no other
 * site's pages; a site with a path prefix answers under it alone, the prefix taken off the path before
 * routing ({@link SitePrefix}). Health probes are answered on any host: orchestrators name the pod by
 * its address.
 */
final class HostFilter implements Filter {
    private final ServedHosts hosts;

    HostFilter(ServedHosts hosts) {
        this.hosts = hosts;
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        String path = req.path().path();
        if (path.equals("/health") || path.startsWith("/observe/health")) {
            chain.proceed();
            return;
        }
        String authority = req.authority();
        ServedHosts.Match match = hosts.match(authority);
        if (match.kind() == ServedHosts.Kind.SITE && !hosts.prefixOf(match.domain()).isEmpty()) {
            String prefix = hosts.prefixOf(match.domain());
            if (!underPrefix(req, res, match.domain(), prefix)) {
                return;
            }
            path = req.path().path();
        }
        boolean dashboardPath = under(path, "/dashboard") || under(path, "/admin/v1");
        Refusal refusal = switch (match.kind()) {
            case UNKNOWN -> new Refusal(421, "host " + shown(authority) + " is not served here; API clients may use a name"
                    + " listed in server.allowed-hosts, sites their own hosts ({domain}.{site-host} or sites[].url)");
            case DASHBOARD -> dashboardPath ? null : new Refusal(404, "the dashboard's host serves only /dashboard and /admin/v1");
            case SITE -> dashboardPath ? dashboardElsewhere(authority)
                    : under(path, "/sites") && !under(path, "/sites/" + match.domain())
                    ? new Refusal(404, "this host serves site " + match.domain() + " only") : null;
            // Rendered pages share no origin across organisations: only loopback names, for local use,
            // serve the path-based form; an API name serves its MCP endpoints alone.
            case LOOPBACK, API -> dashboardPath ? dashboardElsewhere(authority)
                    : match.kind() == ServedHosts.Kind.API && under(path, "/sites") && !path.endsWith("/mcp")
                    ? new Refusal(404, "rendered sites are served on their own hosts ({domain}.{site-host}), not on API names")
                    : null;
        };
        if (refusal == null) {
            chain.proceed();
        } else {
            Json.sendError(res, refusal.status(), refusal.message());
        }
    }

    private record Refusal(int status, String message) {
    }

    /**
     * A site served under a path prefix answers nothing outside it on its hosts: {@code /docs} goes to
     * {@code /docs/}, {@code /docs/x} is routed as {@code /x} (every route of the site's host, as at the
     * root), anything else is 404. False when answered here.
     */
    private static boolean underPrefix(RoutingRequest req, RoutingResponse res, String domain, String prefix) {
        String raw = req.prologue().uriPath().rawPath();
        if (raw.equals(prefix)) {
            String query = req.query().rawValue();
            res.status(308).header(HeaderNames.LOCATION, prefix + "/" + (query.isEmpty() ? "" : "?" + query)).send();
            return false;
        }
        if (!raw.startsWith(prefix + "/")) {
            Json.sendError(res, 404, "this host serves site " + domain + " under " + prefix + "/ only");
            return false;
        }
        UnprefixedPath.strip(req, prefix);
        SitePrefix.set(req, prefix);
        return true;
    }

    /** 421 Misdirected Request: the right server, the wrong host name for this resource. */
    private Refusal dashboardElsewhere(String authority) {
        return new Refusal(421, "the dashboard and the admin API are served at " + hosts.dashboardUrl(authority) + " only");
    }

    private static String shown(String authority) {
        String a = authority == null ? "" : authority;
        return a.length() > 100 ? a.substring(0, 100) + "…" : a;
    }

    private static boolean under(String path, String prefix) {
        return path.equals(prefix) || path.startsWith(prefix + "/");
    }
}
