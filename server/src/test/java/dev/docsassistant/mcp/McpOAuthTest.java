package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.oauth2.sdk.pkce.CodeChallenge;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeVerifier;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.testing.AgentDocsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OAuth-protected MCP route of a site whose readers sign in, walked step by step as an IDE does:
 * the 401 and its challenge, both metadata documents, registration, authorization with PKCE, the
 * reader's sign-in and consent, the code exchange, and the token reading that reader's pages only.
 * The Node test drives the same flow with the MCP TypeScript SDK's client.
 */
class McpOAuthTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CLIENT_REDIRECT = "http://127.0.0.1:9/callback";
    private static AgentDocsServer server;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("", "reader-auth: {method: password, password: open-sesame}");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private String base() {
        return "http://127.0.0.1:" + server.port() + "/sites/docs";
    }

    private static HttpResponse<String> mcp(String path, String method, String params, String... headers) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}";
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri(path)).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream").POST(HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return server.send(b);
    }

    private static HttpResponse<String> form(String path, Map<String, String> fields, String... headers) {
        StringBuilder body = new StringBuilder();
        fields.forEach((k, v) -> body.append(body.isEmpty() ? "" : "&").append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        HttpRequest.Builder b = HttpRequest.newBuilder(server.uri(path)).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return server.send(b);
    }

    private static String clientId() throws Exception {
        HttpResponse<String> registered = server.send(HttpRequest.newBuilder(server.uri("/sites/docs/oauth/register"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"client_name\": \"Test IDE\", \"redirect_uris\": [\"" + CLIENT_REDIRECT + "\"]}")));
        assertEquals(201, registered.statusCode(), registered.body());
        return JSON.readTree(registered.body()).get("client_id").asText();
    }

    /** A code for a reader of {@code groups}: authorize, sign-in (a session opened as the sign-in routes do), consent. */
    private String code(String clientId, CodeVerifier verifier, List<String> groups) {
        String challenge = CodeChallenge.compute(CodeChallengeMethod.S256, verifier).getValue();
        HttpResponse<String> authorize = server.get("/sites/docs/oauth/authorize?response_type=code&client_id=" + clientId
                + "&redirect_uri=" + URLEncoder.encode(CLIENT_REDIRECT, StandardCharsets.UTF_8) + "&code_challenge=" + challenge
                + "&code_challenge_method=S256&state=st4te&resource=" + URLEncoder.encode(base() + "/authed/mcp", StandardCharsets.UTF_8));
        assertEquals(302, authorize.statusCode(), authorize.body());
        String consentPath = authorize.headers().firstValue("Location").orElseThrow();
        assertTrue(consentPath.startsWith("/sites/docs/oauth/consent?request="), consentPath);

        HttpResponse<String> signedOut = server.get(consentPath);
        assertEquals(302, signedOut.statusCode());
        assertEquals("/sites/docs/login?redirect=" + URLEncoder.encode(consentPath, StandardCharsets.UTF_8),
                signedOut.headers().firstValue("Location").orElseThrow(), "a reader who is not signed in signs in first, then returns");

        String cookie = "da_reader=" + server.app().readers().sessions().open("docs",
                new Reader(Optional.of("jane"), groups, null, null, Instant.now().plusSeconds(3600)));
        HttpResponse<String> page = server.get(consentPath, "Cookie", cookie);
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("Test IDE") && page.body().contains("http://127.0.0.1:9"), page.body());

        String request = consentPath.substring(consentPath.indexOf('=') + 1);
        HttpResponse<String> forged = form("/sites/docs/oauth/consent", Map.of("request", request, "decision", "allow"),
                "Cookie", cookie, "Origin", "https://evil.example");
        assertEquals(403, forged.statusCode(), "consent comes from the site's own page only");
        HttpResponse<String> allowed = form("/sites/docs/oauth/consent", Map.of("request", request, "decision", "allow"), "Cookie", cookie);
        assertEquals(302, allowed.statusCode(), allowed.body());
        Map<String, String> back = query(URI.create(allowed.headers().firstValue("Location").orElseThrow()));
        assertEquals("st4te", back.get("state"));
        assertEquals(base(), back.get("iss"));
        return back.get("code");
    }

    private Map<String, String> tokenRequest(String clientId, String code, CodeVerifier verifier) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("grant_type", "authorization_code");
        fields.put("code", code);
        fields.put("redirect_uri", CLIENT_REDIRECT);
        fields.put("client_id", clientId);
        fields.put("code_verifier", verifier.getValue());
        fields.put("resource", base() + "/authed/mcp");
        return fields;
    }

    @Test
    void anIdeIsToldWhereToAuthorizeAndGetsTheReadersPages() throws Exception {
        HttpResponse<String> anonymous = mcp("/sites/docs/authed/mcp", "tools/list", "{}");
        assertEquals(401, anonymous.statusCode(), anonymous.body());
        String metadataUrl = "http://127.0.0.1:" + server.port() + "/.well-known/oauth-protected-resource/sites/docs/authed/mcp";
        assertEquals("Bearer resource_metadata=\"" + metadataUrl + "\"", anonymous.headers().firstValue("WWW-Authenticate").orElseThrow());

        JsonNode resource = JSON.readTree(server.get(metadataUrl.substring(metadataUrl.indexOf("/.well-known"))).body());
        assertEquals(base() + "/authed/mcp", resource.get("resource").asText());
        assertEquals(base(), resource.at("/authorization_servers/0").asText());
        HttpResponse<String> asDoc = server.get("/.well-known/oauth-authorization-server/sites/docs");
        assertEquals(200, asDoc.statusCode(), asDoc.body());
        JsonNode as = JSON.readTree(asDoc.body());
        assertEquals(base(), as.get("issuer").asText());
        assertEquals(base() + "/oauth/token", as.get("token_endpoint").asText());
        assertEquals("[\"S256\"]", as.get("code_challenge_methods_supported").toString());

        String clientId = clientId();
        CodeVerifier verifier = new CodeVerifier();
        String code = code(clientId, verifier, List.of("partners"));
        HttpResponse<String> token = form("/sites/docs/oauth/token", tokenRequest(clientId, code, verifier));
        assertEquals(200, token.statusCode(), token.body());
        String accessToken = JSON.readTree(token.body()).get("access_token").asText();
        HttpResponse<String> replayed = form("/sites/docs/oauth/token", tokenRequest(clientId, code, verifier));
        assertEquals(400, replayed.statusCode());
        assertEquals("invalid_grant", JSON.readTree(replayed.body()).get("error").asText(), "a code is exchanged once");

        HttpResponse<String> partners = mcp("/sites/docs/authed/mcp", "tools/call",
                "{\"name\":\"get_page\",\"arguments\":{\"path\":\"/partners/pricing\"}}", "Authorization", "Bearer " + accessToken);
        assertEquals(200, partners.statusCode(), partners.body());
        assertFalse(JSON.readTree(partners.body()).at("/result/isError").asBoolean(), partners.body());
        assertTrue(partners.body().contains("Partner discounts are 30 percent"), partners.body());
        HttpResponse<String> draft = mcp("/sites/docs/authed/mcp", "tools/call",
                "{\"name\":\"get_page\",\"arguments\":{\"path\":\"/draft\"}}", "Authorization", "Bearer " + accessToken);
        assertTrue(draft.body().contains("An unfinished page about signing"), "a page for signed-in readers: " + draft.body());
        HttpResponse<String> publicRoute = mcp("/sites/docs/mcp", "tools/call",
                "{\"name\":\"get_page\",\"arguments\":{\"path\":\"/draft\"}}");
        assertEquals(200, publicRoute.statusCode());
        assertFalse(publicRoute.body().contains("An unfinished page"), "the public route shows public pages only: " + publicRoute.body());

        server.app().readers().sessions().closeAll("docs");
        HttpResponse<String> signedOut = mcp("/sites/docs/authed/mcp", "tools/list", "{}", "Authorization", "Bearer " + accessToken);
        assertEquals(401, signedOut.statusCode(), "signing everyone out ends the IDE's token too");
        assertTrue(signedOut.headers().firstValue("WWW-Authenticate").orElseThrow().endsWith("error=\"invalid_token\""));
    }

    @Test
    void aReaderSeesTheirOwnGroupsOnly() throws Exception {
        String clientId = clientId();
        CodeVerifier verifier = new CodeVerifier();
        String code = code(clientId, verifier, List.of("staff"));
        String accessToken = JSON.readTree(form("/sites/docs/oauth/token", tokenRequest(clientId, code, verifier)).body())
                .get("access_token").asText();
        HttpResponse<String> partners = mcp("/sites/docs/authed/mcp", "tools/call",
                "{\"name\":\"get_page\",\"arguments\":{\"path\":\"/partners/pricing\"}}", "Authorization", "Bearer " + accessToken);
        assertEquals(200, partners.statusCode());
        assertTrue(JSON.readTree(partners.body()).at("/result/isError").asBoolean(), partners.body());
        assertFalse(partners.body().contains("Partner discounts"), partners.body());
    }

    @Test
    void wrongVerifiersClientsRedirectsAndResourcesAreRefused() throws Exception {
        String clientId = clientId();
        CodeVerifier verifier = new CodeVerifier();
        Map<String, String> wrongVerifier = tokenRequest(clientId, code(clientId, verifier, List.of()), new CodeVerifier());
        HttpResponse<String> refused = form("/sites/docs/oauth/token", wrongVerifier);
        assertEquals(400, refused.statusCode());
        assertEquals("invalid_grant", JSON.readTree(refused.body()).get("error").asText());

        Map<String, String> otherResource = tokenRequest(clientId, code(clientId, verifier, List.of()), verifier);
        otherResource.put("resource", "https://evil.example/mcp");
        assertEquals("invalid_target", JSON.readTree(form("/sites/docs/oauth/token", otherResource).body()).get("error").asText());

        HttpResponse<String> unregistered = server.get("/sites/docs/oauth/authorize?response_type=code&client_id=" + clientId
                + "&redirect_uri=" + URLEncoder.encode("https://evil.example/cb", StandardCharsets.UTF_8)
                + "&code_challenge=" + "a".repeat(43) + "&code_challenge_method=S256");
        assertEquals(400, unregistered.statusCode(), "never sent to an address the client did not register");
        assertTrue(unregistered.headers().firstValue("Location").isEmpty());
        HttpResponse<String> noPkce = server.get("/sites/docs/oauth/authorize?response_type=code&client_id=" + clientId
                + "&redirect_uri=" + URLEncoder.encode(CLIENT_REDIRECT, StandardCharsets.UTF_8) + "&state=s");
        assertEquals(302, noPkce.statusCode());
        Map<String, String> error = query(URI.create(noPkce.headers().firstValue("Location").orElseThrow()));
        assertEquals("invalid_request", error.get("error"));
        assertEquals("code_challenge (PKCE, S256) is required", error.get("error_description"));

        HttpResponse<String> badRegistration = server.send(HttpRequest.newBuilder(server.uri("/sites/docs/oauth/register"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"redirect_uris\": [\"http://evil.example/cb\"]}")));
        assertEquals(400, badRegistration.statusCode());
        assertEquals("invalid_redirect_uri", JSON.readTree(badRegistration.body()).get("error").asText());

        HttpResponse<String> noSignIn = mcp("/sites/quiet/authed/mcp", "tools/list", "{}");
        assertEquals(404, noSignIn.statusCode(), "a site without reader sign-in has no protected route: " + noSignIn.body());
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            out.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }
}
