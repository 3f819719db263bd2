package dev.docsassistant.playground;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.apiref.ServerBase;
import dev.docsassistant.config.SettingDoc;
import dev.docsassistant.content.ApiPlayground;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressHttp;
import dev.docsassistant.egress.EgressRefused;
import dev.docsassistant.egress.Use;
import dev.docsassistant.security.Quota;
import dev.docsassistant.security.RateLimits;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.Sites;
import dev.docsassistant.web.ApiException;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The API playground's proxy: sends one request a reader made in a site's playground to the site's
 * API and returns the answer as JSON. A security boundary, so in this order: the site must show an
 * interactive playground that uses the proxy ({@code api.playground}); the reader's address and the
 * site have request budgets; the URL must be under a server of the site's API descriptions; the host
 * is resolved once by the egress policy, which refuses internal addresses unless named in
 * {@code api-playground.internal-hosts}, and the request goes to the address checked. Redirects are
 * followed only within the site's servers (each checked again), at most {@link #MAX_REDIRECTS}.
 * Only headers the reader set are sent. Nothing of a request (body, headers, URL) is logged or stored.
 */
public final class PlaygroundProxy {
    static final int MAX_REDIRECTS = 5;
    private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);

    private final Sites sites;
    private final PlaygroundSettings settings;
    private final EgressHttp http;
    private final RateLimits limits;
    private final Map<String, Read> read = new ConcurrentHashMap<>();

    /** A site version with its playground read, for the pages of some access groups. */
    private record Read(Site site, ApiPlayground playground) {
    }

    /** Sets of access groups remembered per site; past this the cache starts afresh. */
    private static final int MAX_READS = 1000;

    /**
     * @param dns    how API hosts are resolved (the system's resolver outside tests)
     * @param limits the per-visitor ({@code countAddress}) and per-site ({@code countSitePages}) buckets
     */
    public PlaygroundProxy(Sites sites, PlaygroundSettings settings, Egress.Resolver dns, RateLimits limits) {
        this.sites = sites;
        this.settings = settings;
        this.http = new EgressHttp(new Egress(settings.egress(), dns), settings.connectTimeout(), settings.timeout(),
                settings.maxResponseBytes(), true);
        this.limits = limits;
    }

    /** Buckets for {@code settings}' limits, in this process's memory. */
    public static RateLimits memoryLimits(PlaygroundSettings settings) {
        return new RateLimits(settings.perSite(), settings.perVisitor(), settings.perSite());
    }

    public PlaygroundSettings settings() {
        return settings;
    }

    /** A refusal for a budget spent: 429 with the seconds to wait. */
    public static final class Limited extends ApiException {
        private final long retryAfterSeconds;

        Limited(String message, long retryAfterSeconds) {
            super(429, message);
            this.retryAfterSeconds = retryAfterSeconds;
        }

        public long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    /**
     * Checks that {@code domain}'s playground uses this proxy, counts the request on the visitor's and the
     * site's budgets, and returns the site's servers.
     *
     * @param visitor the client's address bucket key
     * @param groups  the access groups of the request's reader: the servers are those of the pages they may read
     * @throws ApiException 404 for an unknown site, 403 when its playground does not use the proxy or it has
     *                      no servers, {@link Limited} (429) when a budget is spent
     */
    public List<ServerBase> admit(String domain, String visitor, List<String> groups) {
        Site site = sites.get(domain).orElseThrow(() -> ApiException.notFound("unknown site: " + domain));
        if (read.size() > MAX_READS) {
            read.clear();
        }
        ApiPlayground playground = read.compute(domain + "\u0000" + String.join(",", groups), (d, r) -> r != null && r.site() == site ? r
                : new Read(site, ApiPlayground.of(site.readBy(groups).content()))).playground();
        if (!playground.sends() && !playground.siteSends()) {
            throw new ApiException(403, "site " + domain + " has no page with an interactive API playground (docs.json api.playground.display: "
                    + playground.display() + ", and no page's own playground display sends requests), so its playground proxy is off");
        }
        if (!playground.proxy()) {
            throw new ApiException(403, "site " + domain + " sends playground requests from the browser (docs.json"
                    + " api.playground.proxy: false), so its playground proxy is off");
        }
        if (playground.servers().isEmpty()) {
            throw new ApiException(403, "site " + domain + " has no API server to call: its API descriptions name no absolute"
                    + " http(s) server URL (OpenAPI servers, docs.json api.mdx.server)");
        }
        Quota visitorQuota = limits.countAddress(domain + " " + visitor);
        if (!visitorQuota.allowed()) {
            throw new Limited("too many API playground requests from your address to site " + domain + " (at most "
                    + settings.perVisitor().requests() + " a minute); retry in " + visitorQuota.retryAfterSeconds() + " s",
                    visitorQuota.retryAfterSeconds());
        }
        Quota siteQuota = limits.countSitePages("playground " + domain);
        if (!siteQuota.allowed()) {
            throw new Limited("site " + domain + "'s API playground has sent its " + settings.perSite().requests()
                    + " requests for this hour; retry in " + siteQuota.retryAfterSeconds() + " s", siteQuota.retryAfterSeconds());
        }
        return playground.servers();
    }

    /**
     * Sends the request {@code json} describes to one of {@code servers}.
     *
     * @return {@code {status, headers, body, bodyEncoding, truncated, durationMs, url}}
     * @throws ApiException 400/403/413 for a request refused (the message names the field and the rule),
     *                      502/504 when the API could not be reached or did not answer in time
     */
    public Map<String, Object> send(List<ServerBase> servers, JsonNode json) {
        PlaygroundRequest request = PlaygroundRequest.read(json, settings.maxRequestBytes());
        URI target = TargetUrl.check(request.url(), servers);
        MultipartBody multipart = request.multipart() == null ? null : MultipartBody.of(request.multipart());
        byte[] body = multipart != null ? multipart.bytes() : request.body();
        if (body != null && body.length > settings.maxRequestBytes()) {
            throw new ApiException(413, "multipart: " + body.length + " bytes encoded; the playground sends at most "
                    + settings.maxRequestBytes() + " (docs-assistant.api-playground.max-request-bytes)");
        }
        Map<String, String> headers = ForwardedHeaders.of(request.headers(), multipart == null ? null : multipart.contentType());
        String method = request.method();
        long started = System.nanoTime();
        long deadline = started + settings.timeout().toNanos(); // redirects included
        EgressHttp.Response response;
        for (int hop = 0; ; hop++) {
            response = exchange(method, target, headers, body, deadline);
            String location = response.header("location");
            if (!REDIRECTS.contains(response.status()) || location == null) {
                break;
            }
            URI next = redirectTarget(target, location, servers);
            if (hop == MAX_REDIRECTS) {
                throw new ApiException(403, "the API redirected more than " + MAX_REDIRECTS + " times");
            }
            if (response.status() == 303 || ((response.status() == 301 || response.status() == 302) && method.equals("POST"))) {
                method = "GET"; // as browsers do; the body and its type go
                body = null;
                headers = new LinkedHashMap<>(headers);
                headers.keySet().removeIf(h -> h.equalsIgnoreCase("content-type"));
            }
            target = next;
        }
        long durationMs = (System.nanoTime() - started) / 1_000_000;
        return ResponseJson.of(response, durationMs);
    }

    private EgressHttp.Response exchange(String method, URI target, Map<String, String> headers, byte[] body, long deadline) {
        String where = TargetUrl.origin(target);
        try {
            return http.sendOnce(Use.PLAYGROUND, method, target, headers, body, deadline);
        } catch (EgressRefused e) {
            throw switch (e.kind()) {
                case ADDRESS -> new ApiException(403, "url: " + where + " reaches an address the playground may not call"
                        + " (loopback, private, shared, link-local or metadata); an operator may allow it with"
                        + " docs-assistant.api-playground.internal-hosts");
                case UNRESOLVED -> new ApiException(502, "url: the host of " + where + " cannot be resolved");
                default -> new ApiException(400, "url: " + where + " " + e.getMessage());
            };
        } catch (EgressHttp.Timeout e) {
            throw new ApiException(504, e.connecting()
                    ? "the API at " + where + " did not accept a connection within " + SettingDoc.duration(settings.connectTimeout())
                    + " (docs-assistant.api-playground.connect-timeout)"
                    : "the API at " + where + " did not answer within " + SettingDoc.duration(settings.timeout())
                    + " (docs-assistant.api-playground.timeout)");
        } catch (IOException e) {
            throw new ApiException(502, "the API at " + where + " could not be reached: " + e.getMessage());
        }
    }

    /** Where a redirect leads, if it stays under the site's servers by the same rules as the reader's URL. */
    private static URI redirectTarget(URI from, String location, List<ServerBase> servers) {
        URI next;
        try {
            next = from.resolve(new URI(location.strip()));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new ApiException(502, "the API redirected to a malformed Location");
        }
        try {
            return TargetUrl.check(next.toString(), servers);
        } catch (ApiException e) {
            throw new ApiException(403, "the API redirected off the servers of this site's API descriptions, and the playground"
                    + " follows redirects only within them (" + e.getMessage() + ")");
        }
    }
}
