package dev.docsassistant.rest;

import dev.docsassistant.render.SiteRenderer;
import dev.docsassistant.web.ApiException;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API a site's pages call on the loopback names, under the site's own path:
 * {@code /sites/{domain}/_api/v1/search/{domain}} is {@code /v1/search/{domain}} (rerouted, the same
 * routes, access rule and limits), but the browser sends the site's reader cookie with it, whose
 * {@code Path} is {@code /sites/{domain}/}: a signed-in reader's search box and Ask AI read the
 * reader's groups there as they do on the site's own host. Only the routes the pages call, and only
 * for the site whose path it is: {@code /sites/a/_api/v1/search/b} is not found.
 */
final class SiteApiPath {
    /** The routes the site's script calls; group 1 is the site each names. */
    private static final List<Pattern> ROUTES = List.of(
            Pattern.compile("/v1/search/([^/]+)(?:/click)?"),
            Pattern.compile("/v2/assistant/([^/]+)/message(?:/[^/]+/stream)?"),
            Pattern.compile("/v1/assistant/([^/]+)/feedback"),
            Pattern.compile("/v1/feedback/([^/]+)"));

    private SiteApiPath() {
    }

    /** Whether {@code path} (after {@code /sites/{domain}}) is under the site's API path. */
    static boolean owns(String path) {
        return path.startsWith(SiteRenderer.API_PATH + "/");
    }

    /** Sends the request on to the API route it names, or refuses it (404) when that is no route of this site's pages. */
    static void reroute(ServerRequest req, ServerResponse res, String domain, String path) {
        String api = path.substring(SiteRenderer.API_PATH.length());
        for (Pattern route : ROUTES) {
            Matcher m = route.matcher(api);
            if (m.matches() && m.group(1).equals(domain)) {
                res.reroute(api, req.query());
                return;
            }
        }
        throw ApiException.notFound("not found: /sites/" + domain + path + " (the API under a site's path serves that site's"
                + " search, assistant and feedback only)");
    }
}
