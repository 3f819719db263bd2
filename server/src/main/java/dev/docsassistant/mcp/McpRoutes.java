package dev.docsassistant.mcp;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.app.App;
import dev.docsassistant.playground.PlaygroundProxy;
import dev.docsassistant.playground.PlaygroundSettings;
import dev.docsassistant.security.RateLimits;
import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.security.AccessDecision;
import dev.docsassistant.security.Caller;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.Quota;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.SiteNotReadyException;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The MCP edge: each site's MCP server at {@code {domain}.{site-host}/mcp} and
 * {@code /sites/{domain}/mcp}, on the server's one port (Streamable HTTP, stateless: every
 * {@code POST} carries one JSON-RPC message and gets its answer as JSON).
 *
 * <p>HTTP-level rules come first: the method, the {@code Origin} (DNS rebinding), the media types,
 * the protocol revision, the body size. Then access: without {@code Authorization} a client is
 * counted against the per-address limit and the site's public budget ({@code limits.site-pages-per-hour})
 * and sees public pages; with one, the key must pass the API's access rule (401/403/429 as on REST) and
 * reads the access groups that key holds (a page key: none).
 * {@code docs-assistant.mcp.enabled} (server) and {@code sites[].mcp.enabled} (site) turn it off.
 */
public final class McpRoutes {
    static final HeaderName PROTOCOL_VERSION = HeaderNames.create("MCP-Protocol-Version");
    private static final int MAX_BODY_BYTES = 1024 * 1024;

    private final App app;
    private final Map<String, SiteMcpServer> servers = new ConcurrentHashMap<>();
    private final Set<String> allowedOrigins;
    private final Set<String> protocolVersions = new ConcurrentSkipListSet<>();
    private final ObjectMapper mapper = Mappers.JSON;
    private final FeedbackGate feedbackGate = new FeedbackGate(Clock.systemUTC());
    private final McpOAuthRoutes oauth;

    public McpRoutes(App app, McpSettings settings) {
        this.app = app;
        this.allowedOrigins = settings.allowedOrigins();
        this.oauth = new McpOAuthRoutes(app, Clock.systemUTC());
        JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(mapper);
        PlaygroundProxy proxy = apiToolsProxy(app);
        String version = Optional.ofNullable(McpRoutes.class.getPackage().getImplementationVersion()).orElse("dev");
        // Each site's server starts once the site is indexed; until then its messages get 503.
        app.sites().onLoaded(site -> {
            if (settings.enabled(site.domain())) {
                SiteMcpServer server = new SiteMcpServer(site, app.assistant(), app.assistantRules(), app.usage(), feedbackGate,
                        json, version, proxy);
                protocolVersions.addAll(server.transport().protocolVersions());
                servers.put(site.domain(), server);
            }
        });
        app.sites().onRemoved(servers::remove);
    }

    /**
     * The playground proxy the API tools send through, under the same settings as the playground's own
     * ({@code docs-assistant.api-playground}); its budgets are its own, shared through Redis when limits are.
     */
    private static PlaygroundProxy apiToolsProxy(App app) {
        PlaygroundSettings settings = PlaygroundSettings.from(app.config().section().get("api-playground"));
        RateLimits limits = app.security().limitsStore().equals("redis")
                ? RateLimits.shared(settings.perSite(), settings.perVisitor(), settings.perSite(), app.redis().orElseThrow())
                : PlaygroundProxy.memoryLimits(settings);
        return new PlaygroundProxy(app.sites(), settings, java.net.InetAddress::getAllByName, limits);
    }

    /** Registers both addresses; goes before the rendered sites' catch-all routes. */
    public void routing(HttpRouting.Builder routing) {
        oauth.routing(routing);
        for (boolean authed : new boolean[] {false, true}) {
            String path = authed ? McpOAuthRoutes.AUTHED_MCP : "/mcp";
            routing.any("/sites/{domain}" + path, (req, res) -> handle(req, res, req.path().pathParameters().get("domain"), true, authed))
                    .any(path, (req, res) -> {
                        ServedHosts.Match match = app.settings().hosts().match(req.authority());
                        if (match.kind() != ServedHosts.Kind.SITE) {
                            res.next(); // not a site's host name: not an MCP address
                            return;
                        }
                        handle(req, res, match.domain(), false, authed);
                    });
        }
    }

    /** @param authed the OAuth-protected route ({@code /authed/mcp}): a reader's bearer token, the reader's pages */
    private void handle(ServerRequest req, ServerResponse res, String domain, boolean pathBased, boolean authed) {
        SiteMcpServer server = servers.get(domain);
        if (server == null) {
            if (app.sites().isPending(domain)) {
                res.header(HeaderNames.RETRY_AFTER, Integer.toString(SiteNotReadyException.RETRY_AFTER_SECONDS));
                plain(res, 503, new SiteNotReadyException(domain).getMessage());
                return;
            }
            plain(res, 404, app.sites().get(domain).isPresent() ? "MCP is turned off for site " + domain : "unknown site: " + domain);
            return;
        }
        StatelessHttpTransport transport = server.transport();
        Optional<String> origin = req.headers().first(HeaderNames.ORIGIN);
        if (origin.isPresent() && !originAllowed(origin.get())) {
            send(res, transport.error(403, null, McpSchema.ErrorCodes.INVALID_REQUEST, "origin " + origin.get() + " is not allowed"));
            return;
        }
        origin.ifPresent(o -> res.header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, o).header(HeaderNames.VARY, "Origin"));
        Method method = req.prologue().method();
        if (method == Method.OPTIONS) {
            res.header(HeaderNames.ACCESS_CONTROL_ALLOW_METHODS, "POST, OPTIONS")
                    .header(HeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, "Authorization, Content-Type, Accept, " + PROTOCOL_VERSION.defaultCase())
                    .header(HeaderNames.ACCESS_CONTROL_MAX_AGE, "600")
                    .status(Status.NO_CONTENT_204).send();
            return;
        }
        if (method != Method.POST) {
            // Stateless: no server-to-client stream to open (GET) and no session to end (DELETE).
            res.header(HeaderNames.ALLOW, "POST, OPTIONS");
            send(res, transport.error(405, null, McpSchema.ErrorCodes.INVALID_REQUEST, "use POST: this MCP server keeps no sessions or streams"));
            return;
        }
        if (!accepts(req.headers().first(HeaderNames.ACCEPT).orElse("*/*"))) {
            send(res, transport.error(406, null, McpSchema.ErrorCodes.INVALID_REQUEST, "Accept must allow application/json"));
            return;
        }
        if (!req.headers().first(HeaderNames.CONTENT_TYPE).orElse("").toLowerCase(Locale.ROOT).startsWith("application/json")) {
            send(res, transport.error(415, null, McpSchema.ErrorCodes.INVALID_REQUEST, "Content-Type must be application/json"));
            return;
        }
        Optional<String> revision = req.headers().first(PROTOCOL_VERSION);
        if (revision.isPresent() && !protocolVersions.contains(revision.get())) {
            send(res, transport.error(400, null, McpSchema.ErrorCodes.INVALID_REQUEST, PROTOCOL_VERSION.defaultCase() + " " + revision.get()
                    + " is not supported; supported: " + String.join(", ", protocolVersions)));
            return;
        }
        byte[] body = body(req);
        if (body == null) {
            send(res, transport.error(413, null, McpSchema.ErrorCodes.INVALID_REQUEST, "the body is over " + MAX_BODY_BYTES + " bytes"));
            return;
        }
        if (!authed && req.headers().first(HeaderNames.AUTHORIZATION).isEmpty() && !feedbackAdmitted(req, res, domain, body, transport)) {
            return;
        }
        Caller who = authed ? readerAccess(req, res, domain, pathBased, transport) : access(req, res, domain, transport);
        if (who == null) {
            return;
        }
        McpCaller caller = new McpCaller(who, baseUrl(req, app.sites().get(domain).orElseThrow(), pathBased));
        send(res, transport.handle(new String(body, StandardCharsets.UTF_8),
                McpTransportContext.create(Map.of(McpCaller.KEY, caller))));
    }

    /**
     * Keyless {@code feedback} within its per-client cap ({@link FeedbackGate}), counted before the
     * site's public budget; false when refused (the 429 is sent).
     */
    private boolean feedbackAdmitted(ServerRequest req, ServerResponse res, String domain, byte[] body,
                                     StatelessHttpTransport transport) {
        JsonNode message;
        try {
            message = mapper.readTree(body);
        } catch (IOException e) {
            return true; // not JSON: the transport answers the parse error
        }
        if (!FeedbackGate.callsFeedback(message)) {
            return true;
        }
        String client = app.access().clientOf(new AccessRequest(domain, null, peer(req), forwardedFor(req), null)).bucketKey();
        Quota quota = feedbackGate.admit(domain, client);
        if (quota.allowed()) {
            return true;
        }
        limitHeaders(res, quota);
        send(res, transport.error(429, null, McpSchema.ErrorCodes.INVALID_REQUEST, "too much feedback from this address: at most "
                + FeedbackGate.PER_CLIENT.requests() + " an hour per site without a key; retry in " + quota.retryAfterSeconds() + " s"));
        return false;
    }

    /** The granted caller, or null when it was refused (the refusal is sent). */
    private Caller access(ServerRequest req, ServerResponse res, String domain, StatelessHttpTransport transport) {
        Optional<String> authorization = req.headers().first(HeaderNames.AUTHORIZATION);
        AccessRequest request = new AccessRequest(domain, authorization.orElse(null), peer(req), forwardedFor(req),
                req.headers().first(HeaderNames.ORIGIN).orElse(null));
        AccessDecision decision = authorization.isEmpty() ? app.access().checkPublic(request) : app.access().check(request);
        limitHeaders(res, decision.quota());
        if (decision.granted()) {
            // The tools take no groups argument: the caller reads what its key holds, no more.
            return decision.caller();
        }
        int status = switch (decision.outcome()) {
            case UNAUTHENTICATED -> 401;
            case FORBIDDEN -> 403;
            default -> 429;
        };
        if (status == 401) {
            res.header(HeaderNames.WWW_AUTHENTICATE, "Bearer");
        }
        send(res, transport.error(status, null, McpSchema.ErrorCodes.INVALID_REQUEST, decision.message()));
        return null;
    }

    /**
     * The protected route's caller: the reader whose session the bearer token is (a token of this
     * site only), reading that reader's groups; null when refused. Without a token, or with one that
     * is no live session, 401 with the challenge that tells the client where to get one.
     */
    private Caller readerAccess(ServerRequest req, ServerResponse res, String domain, boolean pathBased, StatelessHttpTransport transport) {
        Optional<String> authorization = req.headers().first(HeaderNames.AUTHORIZATION);
        Optional<String> token = authorization.filter(a -> a.regionMatches(true, 0, "Bearer ", 0, 7)).map(a -> a.substring(7).strip());
        Optional<Reader> reader = app.readers().method(domain).isEmpty() ? Optional.empty() : token.flatMap(t -> oauth.reader(domain, t));
        if (app.readers().method(domain).isEmpty()) {
            send(res, transport.error(404, null, McpSchema.ErrorCodes.INVALID_REQUEST, "site " + domain
                    + " has no reader sign-in: its MCP server is /mcp"));
            return null;
        }
        if (reader.isEmpty()) {
            res.header(HeaderNames.WWW_AUTHENTICATE, McpOAuthRoutes.challenge(
                    oauth.resourceMetadataOf(req, app.sites().get(domain).orElseThrow(), pathBased), token.isPresent()));
            send(res, transport.error(401, null, McpSchema.ErrorCodes.INVALID_REQUEST, token.isPresent()
                    ? "the token is not a live reader session of this site: authorize again"
                    : "sign in: this MCP server reads the pages of the reader who authorizes it"));
            return null;
        }
        AccessDecision decision = app.access().checkPublic(new AccessRequest(domain, null, peer(req), forwardedFor(req),
                req.headers().first(HeaderNames.ORIGIN).orElse(null)));
        limitHeaders(res, decision.quota());
        if (!decision.granted()) {
            send(res, transport.error(429, null, McpSchema.ErrorCodes.INVALID_REQUEST, decision.message()));
            return null;
        }
        return decision.caller().asReader(reader.get().accessGroups(), app.readers().recordedIdentity(domain, reader.get()));
    }

    private static void limitHeaders(ServerResponse res, Quota quota) {
        if (quota == null) {
            return;
        }
        res.header("RateLimit-Limit", Long.toString(quota.limit()))
                .header("RateLimit-Remaining", Long.toString(quota.remaining()))
                .header("RateLimit-Reset", Long.toString(quota.resetSeconds()));
        if (!quota.allowed()) {
            res.header(HeaderNames.RETRY_AFTER, Long.toString(quota.retryAfterSeconds()));
        }
    }

    /**
     * A browser page may call only from an origin on a host this server serves (a site's, a loopback
     * or an API name; never a name the request merely claims) or one listed in
     * {@code docs-assistant.mcp.allowed-origins} ({@code *} for any): a page whose host name was
     * rebound to this server's address must not reach it. Clients outside browsers send no Origin.
     */
    private boolean originAllowed(String origin) {
        if (allowedOrigins.contains("*") || allowedOrigins.contains(origin)) {
            return true;
        }
        return app.settings().hosts().servesOrigin(origin.toLowerCase(Locale.ROOT));
    }

    private static boolean accepts(String accept) {
        String a = accept.toLowerCase(Locale.ROOT);
        return a.contains("application/json") || a.contains("*/*") || a.contains("application/*");
    }

    /** The body, or null when it is over the limit. */
    private static byte[] body(ServerRequest req) {
        try (InputStream in = req.content().inputStream()) {
            byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
            return bytes.length > MAX_BODY_BYTES ? null : bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Links start at configured hosts only, never at a Host the request merely claims. */
    private String baseUrl(ServerRequest req, Site site, boolean pathBased) {
        return app.settings().hosts().linkBase(site.config(), req.authority(), req.isSecure(), pathBased);
    }

    private static void send(ServerResponse res, StatelessHttpTransport.Reply reply) {
        res.status(Status.create(reply.status()));
        if (reply.json() == null) {
            res.send();
        } else {
            res.header(HeaderNames.CONTENT_TYPE, "application/json").send(reply.json().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A plain HTTP error, {@code {"message"}} as on the REST API: there is no MCP server to speak for. */
    private void plain(ServerResponse res, int status, String message) {
        try {
            res.status(Status.create(status)).header(HeaderNames.CONTENT_TYPE, "application/json")
                    .send(mapper.writeValueAsBytes(Map.of("message", message)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InetAddress peer(ServerRequest req) {
        if (req.remotePeer().address() instanceof InetSocketAddress socket && socket.getAddress() != null) {
            return socket.getAddress();
        }
        return InetAddress.getLoopbackAddress();
    }

    private static List<String> forwardedFor(ServerRequest req) {
        var name = HeaderNames.create("X-Forwarded-For");
        return req.headers().contains(name) ? req.headers().get(name).allValues() : List.of();
    }

    /** Closes every site's server; in-flight requests finish, new ones get 503. */
    public void close() {
        servers.values().forEach(SiteMcpServer::close);
    }
}
