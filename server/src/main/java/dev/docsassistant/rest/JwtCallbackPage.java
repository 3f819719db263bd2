package dev.docsassistant.rest;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.render.ContentSecurityPolicy;
import dev.docsassistant.render.SiteRenderer;

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
    private static final String SCRIPT_HASH = ContentSecurityPolicy.sha256(SCRIPT);

    private JwtCallbackPage() {
    }

    /** The page's policy: its one script, by hash. */
    static String csp(SiteRenderer.SignInText text) {
        return SignInPageHtml.csp(text, SCRIPT_HASH);
    }

    static String html(String action, String state, String returnTo, String css, SiteRenderer.SignInText text) {
        return SignInPageHtml.start(text, css, null, "jwt-sign-in", action, state, returnTo)
                .append("<label for=\"token\">").append(HtmlEncoder.attr(text.token())).append("</label> ")
                .append("<textarea id=\"token\" name=\"token\" rows=\"4\" required></textarea> ")
                .append(SignInPageHtml.end(text)).append("<script>").append(SCRIPT).append("</script></body></html>\n").toString();
    }
}
