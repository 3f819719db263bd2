package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import dev.docsassistant.app.App;
import dev.docsassistant.app.SitePrefix;
import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.readers.ReaderCookie;
import dev.docsassistant.sites.Site;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.FormBody;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The MCP authorization of a site whose readers sign in: the site is the authorization server of its
 * own protected MCP route ({@code /authed/mcp}), as the MCP authorization specification allows. An IDE
 * finds it from the route's 401 ({@code WWW-Authenticate: Bearer resource_metadata=…}, RFC 9728),
 * reads the authorization server metadata (RFC 8414), registers itself (RFC 7591, a public client),
 * and sends the reader to {@code /oauth/authorize} with PKCE (S256). There the reader signs in the
 * site's own way ({@code /login}: password, OpenID Connect, JWT), is asked to allow the client, and the
 * client gets a one-time code; {@code /oauth/token} exchanges it (the verifier, redirect URI, client and
 * resource must match) for a bearer token that is a reader session of the site, with the reader's groups
 * and expiry. Every address exists on the site's host and under {@code /sites/{domain}} on loopback names.
 */
public final class McpOAuthRoutes {
    static final String AUTHED_MCP = "/authed/mcp";
    private static final int MAX_BODY = 16 * 1024;
    private static final int MAX_REDIRECT_URIS = 10;

    private final App app;
    private final Clock clock;
    private final McpAuthorizations store;

    public McpOAuthRoutes(App app, Clock clock) {
        this.app = app;
        this.clock = clock;
        this.store = new McpAuthorizations(app.database(), clock);
    }

    /**
     * How a request names its site: by its host, or by the {@code /sites/{domain}} prefix on loopback names.
     *
     * @param root the site's path prefix on its own host ({@code /docs}), where all of these routes answer; else ""
     */
    private record Scope(Site site, boolean pathBased, String base, String root) {
        String domain() {
            return site.domain();
        }

        /** The site's prefix on its host ("" at the root of its own host, else its path prefix). */
        String prefix() {
            return pathBased ? "/sites/" + site.domain() : root;
        }

        String origin() {
            URI uri = URI.create(base);
            return uri.getScheme() + "://" + uri.getRawAuthority();
        }

        String resource() {
            return base + AUTHED_MCP;
        }

        /**
         * RFC 9728: the well-known name inserted between the host and the resource's path; under a site's
         * path prefix, inserted after it (a proxy forwards nothing else of the host to this server).
         */
        String resourceMetadata() {
            return origin() + root + "/.well-known/oauth-protected-resource"
                    + URI.create(resource()).getRawPath().substring(root.length());
        }
    }

    @FunctionalInterface
    private interface Handler {
        void handle(ServerRequest req, ServerResponse res, Scope scope) throws IOException;
    }

    /** Registers the routes; they go before the rendered sites' catch-all. */
    public void routing(HttpRouting.Builder routing) {
        routing.get("/.well-known/oauth-protected-resource/sites/{domain}" + AUTHED_MCP, byPath(this::resourceMetadata))
                .get("/.well-known/oauth-protected-resource" + AUTHED_MCP, byHost(this::resourceMetadata))
                .get("/.well-known/oauth-authorization-server/sites/{domain}", byPath(this::serverMetadata))
                .get("/.well-known/oauth-authorization-server", byHost(this::serverMetadata));
        for (String prefix : List.of("/sites/{domain}", "")) {
            java.util.function.Function<Handler, io.helidon.webserver.http.Handler> scoped = prefix.isEmpty() ? this::byHost : this::byPath;
            routing.post(prefix + "/oauth/register", scoped.apply(this::register))
                    .get(prefix + "/oauth/authorize", scoped.apply(this::authorize))
                    .get(prefix + "/oauth/consent", scoped.apply(this::consentPage))
                    .post(prefix + "/oauth/consent", scoped.apply(this::consent))
                    .post(prefix + "/oauth/token", scoped.apply(this::token))
                    .options(prefix + "/oauth/{endpoint}", scoped.apply(McpOAuthRoutes::preflight));
        }
    }

    /** The 401 of the protected route: where a client learns how to get a token. */
    static String challenge(String resourceMetadata, boolean tokenGiven) {
        return "Bearer resource_metadata=\"" + resourceMetadata + "\"" + (tokenGiven ? ", error=\"invalid_token\"" : "");
    }

    /** {@link #challenge}'s metadata address for the site the request reached. */
    String resourceMetadataOf(ServerRequest req, Site site, boolean pathBased) {
        return scope(req, site, pathBased).resourceMetadata();
    }

    /** The reader a bearer token of the protected route stands for, for this site only. */
    Optional<Reader> reader(String domain, String token) {
        return app.readers().reader(domain, Optional.ofNullable(token));
    }

    // --- metadata ---

    private void resourceMetadata(ServerRequest req, ServerResponse res, Scope s) {
        cors(res);
        json(res, 200, Map.of("resource", s.resource(), "authorization_servers", List.of(s.base()),
                "bearer_methods_supported", List.of("header"), "resource_name", s.site().content().name()));
    }

    private void serverMetadata(ServerRequest req, ServerResponse res, Scope s) {
        cors(res);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("issuer", s.base());
        doc.put("authorization_endpoint", s.base() + "/oauth/authorize");
        doc.put("token_endpoint", s.base() + "/oauth/token");
        doc.put("registration_endpoint", s.base() + "/oauth/register");
        doc.put("response_types_supported", List.of("code"));
        doc.put("grant_types_supported", List.of("authorization_code"));
        doc.put("code_challenge_methods_supported", List.of("S256"));
        doc.put("token_endpoint_auth_methods_supported", List.of("none"));
        doc.put("authorization_response_iss_parameter_supported", true);
        json(res, 200, doc);
    }

    // --- dynamic client registration (RFC 7591) ---

    private void register(ServerRequest req, ServerResponse res, Scope s) throws IOException {
        cors(res);
        JsonNode body;
        try {
            body = Mappers.JSON.readTree(body(req));
        } catch (IOException e) {
            oauthError(res, 400, "invalid_client_metadata", "the body must be a JSON object of client metadata");
            return;
        }
        if (body == null || !body.isObject() || !body.path("redirect_uris").isArray() || body.path("redirect_uris").isEmpty()) {
            oauthError(res, 400, "invalid_redirect_uri", "redirect_uris: give one to " + MAX_REDIRECT_URIS + " redirect URIs");
            return;
        }
        List<String> uris = new ArrayList<>();
        for (JsonNode uri : body.get("redirect_uris")) {
            Optional<String> problem = uri.isTextual() ? redirectProblem(uri.asText()) : Optional.of("a redirect URI must be a string");
            if (problem.isPresent() || uris.size() >= MAX_REDIRECT_URIS) {
                oauthError(res, 400, "invalid_redirect_uri", "redirect_uris: " + problem.orElse("at most " + MAX_REDIRECT_URIS));
                return;
            }
            uris.add(uri.asText());
        }
        String method = body.path("token_endpoint_auth_method").asText("none");
        if (!method.equals("none")) {
            oauthError(res, 400, "invalid_client_metadata", "token_endpoint_auth_method: only none (a public client using PKCE)");
            return;
        }
        String name = body.path("client_name").asText("").strip();
        name = name.isEmpty() ? "An MCP client" : name.length() > 100 ? name.substring(0, 100) : name;
        McpAuthorizations.Client client = store.register(name, uris);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("client_id", client.id());
        out.put("client_id_issued_at", clock.instant().getEpochSecond());
        out.put("client_name", client.name());
        out.put("redirect_uris", client.redirectUris());
        out.put("token_endpoint_auth_method", "none");
        out.put("grant_types", List.of("authorization_code"));
        out.put("response_types", List.of("code"));
        json(res, 201, out);
    }

    /**
     * Why a client may not be sent back to {@code uri}: https anywhere, http only to this machine (an
     * IDE's local listener), or an app's own scheme; never script, data or files, nor a fragment.
     */
    static Optional<String> redirectProblem(String uri) {
        URI u;
        try {
            u = new URI(uri);
        } catch (java.net.URISyntaxException e) {
            return Optional.of("'" + uri + "' is not a URI");
        }
        if (!u.isAbsolute() || u.getRawFragment() != null) {
            return Optional.of("'" + uri + "' must be absolute, without a fragment");
        }
        String scheme = u.getScheme().toLowerCase(Locale.ROOT);
        if (List.of("javascript", "data", "file", "vbscript", "blob", "about", "ws", "wss", "ftp").contains(scheme)) {
            return Optional.of("'" + uri + "' has a scheme a client cannot be sent to");
        }
        if (scheme.equals("http")) {
            String host = u.getHost() == null ? "" : u.getHost().toLowerCase(Locale.ROOT);
            if (!(host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]"))) {
                return Optional.of("'" + uri + "': http only to localhost, 127.0.0.1 or [::1]; use https elsewhere");
            }
        } else if (scheme.equals("https") && u.getHost() == null) {
            return Optional.of("'" + uri + "' names no host");
        }
        return Optional.empty();
    }

    // --- authorization ---

    private void authorize(ServerRequest req, ServerResponse res, Scope s) {
        java.util.function.Function<String, String> q = name -> req.query().first(name).orElse(null);
        Optional<McpAuthorizations.Client> client = store.client(q.apply("client_id"));
        if (client.isEmpty()) {
            page(res, 400, "Unknown client", "<p>This application is not registered with " + HtmlEncoder.attr(s.site().content().name())
                    + " (client_id). Connect it to the MCP server again.</p>");
            return;
        }
        String redirect = q.apply("redirect_uri") == null && client.get().redirectUris().size() == 1
                ? client.get().redirectUris().getFirst() : q.apply("redirect_uri");
        if (redirect == null || !client.get().redirectUris().contains(redirect)) {
            // Never redirect to an address the client did not register: that is how codes are stolen.
            page(res, 400, "Wrong redirect address", "<p>redirect_uri is not one this application registered.</p>");
            return;
        }
        String state = q.apply("state");
        String challenge = q.apply("code_challenge");
        Optional<String> problem = !"code".equals(q.apply("response_type")) ? Optional.of("response_type must be code")
                : challenge == null || !challenge.matches("[A-Za-z0-9_-]{43}")
                ? Optional.of("code_challenge (PKCE, S256) is required")
                : !"S256".equals(q.apply("code_challenge_method")) ? Optional.of("code_challenge_method must be S256")
                : q.apply("resource") != null && !q.apply("resource").equals(s.resource())
                ? Optional.of("resource must be " + s.resource()) : Optional.empty();
        if (problem.isPresent()) {
            String error = problem.get().startsWith("resource") ? "invalid_target" : "invalid_request";
            back(res, redirect, Map.of("error", error, "error_description", problem.get()), state, s);
            return;
        }
        McpAuthorizations.Request request = store.open(s.domain(), client.get(), redirect, challenge, state,
                s.resource());
        redirect(res, s.prefix() + "/oauth/consent?request=" + request.id());
    }

    private void consentPage(ServerRequest req, ServerResponse res, Scope s) {
        String id = req.query().first("request").orElse(null);
        Optional<McpAuthorizations.Request> request = store.request(s.domain(), id, false);
        if (request.isEmpty()) {
            page(res, 400, "Request expired", "<p>This authorization request is unknown or expired. Connect the application again.</p>");
            return;
        }
        if (reader(req, s).isEmpty()) {
            String back = s.prefix() + "/oauth/consent?request=" + id;
            redirect(res, s.prefix() + "/login?redirect=" + URLEncoder.encode(back, StandardCharsets.UTF_8));
            return;
        }
        McpAuthorizations.Request r = request.get();
        String to = URI.create(r.redirectUri()).getScheme() + "://" + Optional.ofNullable(URI.create(r.redirectUri()).getRawAuthority()).orElse("");
        page(res, 200, "Allow " + r.client().name() + "?", "<p><strong>" + HtmlEncoder.attr(r.client().name())
                + "</strong> asks to search and read the pages of " + HtmlEncoder.attr(s.site().content().name())
                + " that you can read, as you, until your session ends.</p><p>It will be sent back to <code>" + HtmlEncoder.attr(to)
                + "</code>. Allow it only if you started connecting this application.</p>"
                + "<form method=\"post\" action=\"" + HtmlEncoder.attr(s.prefix() + "/oauth/consent") + "\">"
                + "<input type=\"hidden\" name=\"request\" value=\"" + HtmlEncoder.attr(r.id()) + "\">"
                + "<button type=\"submit\" name=\"decision\" value=\"allow\">Allow</button> "
                + "<button type=\"submit\" name=\"decision\" value=\"deny\">Deny</button></form>");
    }

    private void consent(ServerRequest req, ServerResponse res, Scope s) throws IOException {
        Optional<String> origin = req.headers().first(HeaderNames.ORIGIN);
        if (origin.isPresent() && !origin.get().equalsIgnoreCase(s.origin())) {
            page(res, 403, "Refused", "<p>Consent is given on this site's own page only.</p>");
            return;
        }
        FormBody form = FormBody.read(req);
        Optional<Reader> reader = reader(req, s);
        if (reader.isEmpty()) {
            page(res, 401, "Sign in first", "<p>Your session ended. Connect the application again.</p>");
            return;
        }
        Optional<McpAuthorizations.Request> request = store.request(s.domain(), form.get("request"), true);
        if (request.isEmpty()) {
            page(res, 400, "Request expired", "<p>This authorization request is unknown, used or expired. Connect the application again.</p>");
            return;
        }
        McpAuthorizations.Request r = request.get();
        if (!"allow".equals(form.get("decision"))) {
            back(res, r.redirectUri(), Map.of("error", "access_denied", "error_description", "the reader did not allow it"), r.state(), s);
            return;
        }
        back(res, r.redirectUri(), Map.of("code", store.code(r, reader.get())), r.state(), s);
    }

    // --- token ---

    private void token(ServerRequest req, ServerResponse res, Scope s) throws IOException {
        cors(res);
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        FormBody form = FormBody.read(req);
        if (!"authorization_code".equals(form.get("grant_type"))) {
            oauthError(res, 400, "unsupported_grant_type", "grant_type must be authorization_code");
            return;
        }
        Optional<McpAuthorizations.Grant> grant = store.redeem(s.domain(), form.get("code"));
        if (grant.isEmpty()) {
            oauthError(res, 400, "invalid_grant", "the code is unknown, used or expired");
            return;
        }
        McpAuthorizations.Grant g = grant.get();
        String verifier = Optional.ofNullable(form.get("code_verifier")).orElse("");
        boolean pkce = verifier.matches("[A-Za-z0-9._~-]{43,128}")
                && CodeChallenge.compute(CodeChallengeMethod.S256, new CodeVerifier(verifier)).getValue().equals(g.codeChallenge());
        if (!g.clientId().equals(form.get("client_id")) || !g.redirectUri().equals(form.get("redirect_uri")) || !pkce) {
            oauthError(res, 400, "invalid_grant", "client_id, redirect_uri or code_verifier do not match the authorization");
            return;
        }
        if (form.get("resource") != null && !form.get("resource").equals(g.resource())) {
            oauthError(res, 400, "invalid_target", "resource must be " + g.resource());
            return;
        }
        Reader reader = g.reader();
        long seconds = Duration.between(clock.instant(), reader.expiresAt()).toSeconds();
        if (seconds <= 0) {
            oauthError(res, 400, "invalid_grant", "the reader's session has ended");
            return;
        }
        String token = app.readers().open(s.domain(), reader);
        json(res, 200, Map.of("access_token", token, "token_type", "Bearer", "expires_in", seconds));
    }

    // --- plumbing ---

    private Optional<Reader> reader(ServerRequest req, Scope s) {
        List<String> cookies = req.headers().contains(HeaderNames.COOKIE) ? req.headers().get(HeaderNames.COOKIE).allValues() : List.of();
        return app.readers().reader(s.domain(), ReaderCookie.read(cookies, ReaderCookie.SESSION));
    }

    private io.helidon.webserver.http.Handler byHost(Handler handler) {
        return (req, res) -> {
            ServedHosts.Match match = app.settings().hosts().match(req.authority());
            if (match.kind() != ServedHosts.Kind.SITE) {
                res.next();
                return;
            }
            run(req, res, match.domain(), false, handler);
        };
    }

    private io.helidon.webserver.http.Handler byPath(Handler handler) {
        return (req, res) -> run(req, res, req.path().pathParameters().get("domain"), true, handler);
    }

    private void run(ServerRequest req, ServerResponse res, String domain, boolean pathBased, Handler handler) throws IOException {
        Optional<Site> site = app.sites().get(domain);
        if (site.isEmpty() || app.readers().method(domain).isEmpty()) {
            json(res, 404, Map.of("message", site.isEmpty() ? "unknown site: " + domain
                    : "site " + domain + " has no reader sign-in, so its MCP server needs no authorization: use /mcp"));
            return;
        }
        handler.handle(req, res, scope(req, site.get(), pathBased));
    }

    private Scope scope(ServerRequest req, Site site, boolean pathBased) {
        return new Scope(site, pathBased, app.settings().hosts().linkBase(site.config(), req.authority(), req.isSecure(), pathBased),
                SitePrefix.of(req));
    }

    /** Sends the client's browser back to its redirect URI with {@code params}, its state and this issuer (RFC 9207). */
    private static void back(ServerResponse res, String redirectUri, Map<String, String> params, String state, Scope s) {
        StringBuilder to = new StringBuilder(redirectUri).append(redirectUri.contains("?") ? '&' : '?');
        Map<String, String> all = new LinkedHashMap<>(params);
        if (state != null) {
            all.put("state", state);
        }
        all.put("iss", s.base());
        all.forEach((k, v) -> to.append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)).append('&'));
        to.setLength(to.length() - 1);
        redirect(res, to.toString());
    }

    private static void preflight(ServerRequest req, ServerResponse res, Scope s) {
        cors(res);
        res.header(HeaderNames.ACCESS_CONTROL_ALLOW_METHODS, "GET, POST, OPTIONS")
                .header(HeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, "Content-Type, Authorization, MCP-Protocol-Version")
                .status(Status.NO_CONTENT_204).send();
    }

    /** Metadata, registration and tokens carry no cookie and are read by browser-based clients too. */
    private static void cors(ServerResponse res) {
        res.header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    }

    private static void oauthError(ServerResponse res, int status, String error, String description) {
        json(res, status, Map.of("error", error, "error_description", description, "message", description));
    }

    private static void json(ServerResponse res, int status, Object value) {
        try {
            res.status(Status.create(status)).header(HeaderNames.CONTENT_TYPE, "application/json")
                    .send(Mappers.JSON.writeValueAsBytes(value));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page of the authorization steps; no {@code form-action}: the consent's answer redirects to the client. */
    private static void page(ServerResponse res, int status, String title, String bodyHtml) {
        String html = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">"
                + "<title>" + HtmlEncoder.attr(title) + "</title></head><body><main><h1>" + HtmlEncoder.attr(title) + "</h1>" + bodyHtml
                + "</main></body></html>\n";
        res.status(Status.create(status)).header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8")
                .header(HeaderNames.CACHE_CONTROL, "no-store")
                .header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
                .send(html);
    }

    private static byte[] body(ServerRequest req) throws IOException {
        try (InputStream in = req.content().inputStream()) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                throw new ApiException(413, "the body is over " + MAX_BODY + " bytes");
            }
            return bytes;
        }
    }

    private static void redirect(ServerResponse res, String location) {
        res.status(Status.FOUND_302).header(HeaderNames.LOCATION, location).header(HeaderNames.CACHE_CONTROL, "no-store").send();
    }
}
