package dev.docsassistant.rest;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.render.SiteRenderer;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The page at {@code /login/jwt-callback#<jwt>}: a browser never sends a fragment to a server, so a
 * small script of the page's own (allowed by its hash, nothing else runs) puts the token into the form
 * and posts it to the same address, with the sign-in's state. Without script the form is shown, for
 * the token to be pasted. The fragment is taken out of the address before the post, so it stays in no
 * history entry. Its words are in the site language the reader's browser prefers, as the password form's.
 */
final class JwtCallbackPage {
    static final String SCRIPT = "(function(){var f=document.getElementById('jwt-sign-in');var t=location.hash.slice(1);"
            + "if(t){history.replaceState(null,'',location.pathname+location.search);f.elements.token.value=t;f.submit();}})();";
    static final String CSP = "default-src 'none'; style-src 'self'; script-src '" + hash(SCRIPT) + "'; form-action 'self';"
            + " frame-ancestors 'none'; base-uri 'none'";

    private JwtCallbackPage() {
    }

    static String html(String action, String state, String returnTo, String css, String message, SiteRenderer.SignInText text) {
        return SignInPageHtml.start(text, css, message, "jwt-sign-in", action, state, returnTo)
                .append("<label for=\"token\">").append(HtmlEncoder.attr(text.token())).append("</label> ")
                .append("<textarea id=\"token\" name=\"token\" rows=\"4\" required></textarea> ")
                .append(SignInPageHtml.end(text)).append("<script>").append(SCRIPT).append("</script></body></html>\n").toString();
    }

    private static String hash(String script) {
        try {
            return "sha256-" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(script.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
