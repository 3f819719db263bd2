package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.apiref.ServerBase;
import dev.docsassistant.app.App;
import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.config.ReaderAccess;
import dev.docsassistant.content.ApiPlayground;
import dev.docsassistant.playground.PlaygroundProxy;
import dev.docsassistant.playground.PlaygroundSettings;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.readers.ReaderCookie;
import dev.docsassistant.readers.SiteReaders;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.RateLimits;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;
import dev.docsassistant.web.JsonBody;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The API playground proxy's route: {@code POST /_playground/request} on a site's own host, and
 * {@code POST /sites/{domain}/_playground/request} for path-based sites, same-origin only.
 *
 * <p>In: a JSON object {@code {method, url, headers, body, bodyEncoding, multipart}}:
 * <ul>
 *   <li>{@code method}: GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH or TRACE;</li>
 *   <li>{@code url}: absolute, under one of the servers of the site's API descriptions;</li>
 *   <li>{@code headers}: an object of header names to string values, the only headers sent;</li>
 *   <li>{@code body}: a string, UTF-8 text, or base64 of bytes with {@code bodyEncoding: "base64"};</li>
 *   <li>{@code multipart} (instead of {@code body}): an array of form parts, {@code {name, value}} for a field
 *       and {@code {name, filename, contentType, base64}} for a file; the proxy writes the
 *       {@code multipart/form-data} body and its Content-Type.</li>
 * </ul>
 * Out, 200 whatever the API answered: {@code {status, headers, body, bodyEncoding ("text" or "base64"),
 * truncated, durationMs, url}}. A request refused is a 4xx {@code {message}} naming the field and the rule
 * (403 outside the servers or to an internal address, 413 over the body limit, 429 over a rate limit with
 * {@code Retry-After}); 502 and 504 {@code {message}} when the API cannot be reached or does not answer in time.
 */
public final class PlaygroundRoutes {
    private static final String PATH = ApiPlayground.PROXY_PATH;
    /** JSON a request may take: the body limit in base64, and room for the URL, headers and form parts. */
    private final int maxJsonBytes;
    private final PlaygroundProxy proxy;
    private final ServedHosts hosts;
    private final AccessCheck access;
    private final SiteReaders readers;

    public PlaygroundRoutes(App app) {
        this(app, PlaygroundSettings.from(app.config().section().get("api-playground")), InetAddress::getAllByName);
    }

    PlaygroundRoutes(App app, PlaygroundSettings settings, dev.docsassistant.egress.Egress.Resolver dns) {
        RateLimits limits = app.security().limitsStore().equals("redis")
                ? RateLimits.shared(settings.perSite(), settings.perVisitor(), settings.perSite(), app.redis().orElseThrow())
                : PlaygroundProxy.memoryLimits(settings);
        this.proxy = new PlaygroundProxy(app.sites(), settings, dns, limits);
        this.hosts = app.settings().hosts();
        this.access = app.access();
        this.readers = app.readers();
        this.maxJsonBytes = (int) Math.min(Integer.MAX_VALUE - 8, settings.maxRequestBytes() * 4L / 3 + 1024 * 1024);
    }

    /** Both addresses; before the rendered sites' catch-all routes. */
    public void routing(HttpRouting.Builder routing) {
        routing.any("/sites/{domain}" + PATH, (req, res) -> handle(req, res, req.path().pathParameters().get("domain")))
                .any(PATH, (req, res) -> {
                    Optional<String> domain = SiteRoutes.siteOf(hosts, req);
                    if (domain.isEmpty()) {
                        res.next(); // not a site's host name
                        return;
                    }
                    handle(req, res, domain.get());
                });
    }

    private void handle(ServerRequest req, ServerResponse res, String domain) {
        res.header(HeaderNames.CACHE_CONTROL, "no-store").header("X-Content-Type-Options", "nosniff");
        try {
            if (req.prologue().method() != Method.POST) {
                res.header(HeaderNames.ALLOW, "POST");
                throw new ApiException(405, "method " + req.prologue().method().text() + " is not allowed here; use POST");
            }
            sameOrigin(req);
            if (!req.headers().contentType().map(t -> t.mediaType().text().equalsIgnoreCase("application/json")).orElse(false)) {
                throw new ApiException(415, "Content-Type: the playground proxy takes application/json");
            }
            String visitor = access.clientOf(new AccessRequest(domain, null, ApiAccess.peer(req), ApiAccess.forwardedFor(req), null))
                    .bucketKey();
            List<ServerBase> servers = proxy.admit(domain, visitor, groups(req, domain));
            JsonNode json = JsonBody.read(req, maxJsonBytes);
            Json.send(res, 200, proxy.send(servers, json));
        } catch (PlaygroundProxy.Limited e) {
            res.header(HeaderNames.RETRY_AFTER, Long.toString(e.retryAfterSeconds()));
            Json.sendError(res, e.status(), e.getMessage());
        } catch (ApiException e) {
            Json.sendError(res, e.status(), e.getMessage());
        }
    }

    /**
     * The access groups of the request's reader on a site readers sign in to (the playground calls the
     * servers of the pages they may read); on a private site a reader must be signed in.
     */
    private List<String> groups(ServerRequest req, String domain) {
        if (readers.settings(domain).isEmpty()) {
            return List.of();
        }
        Optional<Reader> reader = readers.reader(domain, ReaderCookie.read(ReaderRoutes.cookies(req), ReaderCookie.SESSION));
        if (reader.isEmpty() && readers.access(domain) == ReaderAccess.SIGN_IN) {
            throw new ApiException(401, "site " + domain + " is private: sign in to use its API playground");
        }
        return readers.groupsOf(reader);
    }

    /**
     * Browsers send {@code Origin} with every POST: it must be the page's own host, so no other website
     * can use a visitor's browser to send requests through the proxy (nor through a JSON preflight it never gets).
     */
    private static void sameOrigin(ServerRequest req) {
        Optional<String> origin = req.headers().first(HeaderNames.ORIGIN);
        if (origin.isPresent()) {
            String authority;
            try {
                authority = URI.create(origin.get().strip()).getRawAuthority();
            } catch (IllegalArgumentException e) {
                authority = null;
            }
            if (authority == null || !authority.toLowerCase(Locale.ROOT).equals(req.authority().toLowerCase(Locale.ROOT))) {
                throw new ApiException(403, "Origin: " + origin.get() + " may not use this site's playground proxy (same origin only)");
            }
        }
        if (req.headers().first(HeaderNames.create("Sec-Fetch-Site")).map("cross-site"::equalsIgnoreCase).orElse(false)) {
            throw new ApiException(403, "Sec-Fetch-Site: cross-site requests may not use this site's playground proxy (same origin only)");
        }
    }
}
