package dev.docsassistant.git;

import dev.docsassistant.web.ApiException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * Whether a push webhook comes from the site's Git host: GitHub signs the raw body with the site's
 * {@code git.secret} ({@code X-Hub-Signature-256: sha256=<hex HMAC-SHA256>}); GitLab sends the site's
 * {@code git.token} as {@code X-Gitlab-Token}. Both are compared in constant time.
 */
public final class WebhookAuth {
    public static final String GITHUB_SIGNATURE = "X-Hub-Signature-256";
    public static final String GITLAB_TOKEN = "X-Gitlab-Token";

    /** The host whose proof checked out; it tells how to read the payload. */
    public enum Host { GITHUB, GITLAB }

    private WebhookAuth() {
    }

    /**
     * @param signature the {@code X-Hub-Signature-256} header or null
     * @param token     the {@code X-Gitlab-Token} header or null
     * @throws ApiException 401 saying what is missing or wrong
     */
    public static Host verify(GitSettings settings, String signature, String token, byte[] body) {
        if (signature != null) {
            String secret = settings.secret().orElseThrow(() -> refused(GITHUB_SIGNATURE
                    + " cannot be checked: the site has no git.secret"));
            if (!signature.startsWith("sha256=")) {
                throw refused(GITHUB_SIGNATURE + " must be sha256=<hex HMAC-SHA256 of the body>");
            }
            byte[] given;
            try {
                given = HexFormat.of().parseHex(signature.substring("sha256=".length()).strip());
            } catch (IllegalArgumentException e) {
                throw refused(GITHUB_SIGNATURE + " must be sha256=<hex HMAC-SHA256 of the body>");
            }
            if (!MessageDigest.isEqual(hmac(secret, body), given)) {
                throw refused(GITHUB_SIGNATURE + " does not match the body signed with the site's git.secret");
            }
            return Host.GITHUB;
        }
        if (token != null) {
            String expected = settings.token().orElseThrow(() -> refused(GITLAB_TOKEN
                    + " cannot be checked: the site has no git.token"));
            // Digests first, so the comparison takes as long whatever the lengths.
            if (!MessageDigest.isEqual(sha256(expected), sha256(token))) {
                throw refused(GITLAB_TOKEN + " does not match the site's git.token");
            }
            return Host.GITLAB;
        }
        throw refused("a push webhook needs " + GITHUB_SIGNATURE + " (GitHub, signed with git.secret) or "
                + GITLAB_TOKEN + " (GitLab, with git.token)");
    }

    /** The HMAC-SHA256 of {@code body} with {@code secret}, as GitHub makes it. */
    public static byte[] hmac(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has HmacSHA256", e);
        }
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static ApiException refused(String message) {
        return new ApiException(401, message);
    }
}
