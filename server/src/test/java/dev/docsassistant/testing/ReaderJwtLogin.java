package dev.docsassistant.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.Ed25519Signer;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The customer's side of a site whose readers sign in by JWT, against a running server on 127.0.0.1:
 * the signing key made through the admin API (as the customer's backend loads it), user data signed
 * EdDSA, and the browser's trip through {@code /sites/{domain}/login/jwt-callback}.
 */
public final class ReaderJwtLogin {
    private static final Pattern STATE = Pattern.compile("name=\"state\" value=\"([^\"]+)\"");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final int port;
    private final String domain;
    private final OctetKeyPair signing;
    private final JsonNode made;

    private ReaderJwtLogin(int port, String domain, OctetKeyPair signing, JsonNode made) {
        this.port = port;
        this.domain = domain;
        this.signing = signing;
        this.made = made;
    }

    /** Makes the site's signing key with the admin API (201 expected) and holds its private key. */
    public static ReaderJwtLogin makeKey(int port, String domain, String adminToken) throws Exception {
        HttpResponse<String> key = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/admin/v1/sites/" + domain
                        + "/reader-auth/jwt-key")).header("Authorization", "Bearer " + adminToken).header("Host", "dashboard.localhost:" + port)
                .version(HttpClient.Version.HTTP_1_1).POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        if (key.statusCode() != 201) {
            throw new AssertionError("the JWT key of " + domain + ": " + key.statusCode() + " " + key.body());
        }
        JsonNode made = JSON.readTree(key.body());
        return new ReaderJwtLogin(port, domain, fromPem(made.get("privateKey").asText(), made.get("publicKey").get("x").asText()), made);
    }

    /** What the admin API answered: {@code publicKey} (a JWK) and {@code privateKey} (PEM). */
    public JsonNode made() {
        return made;
    }

    /** User data valid for {@code seconds}, for the server's host and with no groups (add {@code sub}, groups, content). */
    public static Map<String, Object> user(long seconds) {
        long now = System.currentTimeMillis() / 1000;
        Map<String, Object> user = new LinkedHashMap<>();
        user.put("host", "127.0.0.1");
        user.put("exp", now + seconds);
        user.put("expiresAt", now + 3600);
        user.put("groups", List.of());
        return user;
    }

    public String sign(Map<String, Object> claims) throws Exception {
        return sign(claims, signing);
    }

    public static String sign(Map<String, Object> claims, OctetKeyPair key) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.EdDSA).type(JOSEObjectType.JWT).build(),
                JWTClaimsSet.parse(claims));
        jwt.sign(new Ed25519Signer(key));
        return jwt.serialize();
    }

    /** Loads the callback page as the browser the login flow sent back does, then posts the token as its script does. */
    public HttpResponse<String> callback(String token, String redirect) throws Exception {
        return callback(token, redirect, "*/*");
    }

    /** {@link #callback(String, String)} posting with this {@code Accept} (a browser's {@code text/html}, an API client's JSON). */
    public HttpResponse<String> callback(String token, String redirect, String accept) throws Exception {
        HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(uri("/sites/" + domain + "/login/jwt-callback?redirect="
                + URLEncoder.encode(redirect, StandardCharsets.UTF_8))).GET().build(), HttpResponse.BodyHandlers.ofString());
        Matcher m = STATE.matcher(page.body());
        if (!m.find()) {
            throw new AssertionError("the callback page carries its state: " + page.body());
        }
        String stateCookie = page.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("da_reader_state="))
                .map(c -> c.substring(0, c.indexOf(';'))).findFirst().orElseThrow();
        return HTTP.send(HttpRequest.newBuilder(uri("/sites/" + domain + "/login/jwt-callback"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Cookie", stateCookie).header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.ofString("token=" + URLEncoder.encode(token, StandardCharsets.UTF_8)
                        + "&state=" + URLEncoder.encode(m.group(1), StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Signs a reader in with this user data; returns the session cookie ({@code da_reader=…}). */
    public String signIn(Map<String, Object> user) throws Exception {
        HttpResponse<String> signedIn = callback(sign(user), "/sites/" + domain + "/");
        if (signedIn.statusCode() != 303) {
            throw new AssertionError("signing in: " + signedIn.statusCode() + " " + signedIn.body());
        }
        return sessionCookie(signedIn);
    }

    public static String sessionCookie(HttpResponse<String> r) {
        return r.headers().allValues("Set-Cookie").stream().filter(c -> c.matches("da_reader=[^;].*"))
                .map(c -> c.substring(0, c.indexOf(';'))).findFirst().orElseThrow();
    }

    /** The private key as the customer's backend would load it: PKCS #8 PEM, its last 32 bytes the seed. */
    private static OctetKeyPair fromPem(String pem, String x) {
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        return new OctetKeyPair.Builder(Curve.Ed25519, new Base64URL(x))
                .d(Base64URL.encode(Arrays.copyOfRange(der, der.length - 32, der.length))).build();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
