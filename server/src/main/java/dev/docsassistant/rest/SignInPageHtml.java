package dev.docsassistant.rest;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.render.SiteRenderer;

/**
 * What the sign-in forms ({@code /login}'s password form, {@code /login/jwt-callback}'s token form) share: a
 * page in the reader's language (its {@code lang}, right to left where it reads so), kept out of search
 * engines, in the site's stylesheet, colours and theme, titled "Sign in" under the site's logo, with the
 * reason of a refused attempt above a form that posts the browser's sign-in state and the page to return to.
 */
final class SignInPageHtml {
    private SignInPageHtml() {
    }

    /**
     * The page up to its form's own fields: the caller appends its label and field, then {@link #end}.
     *
     * @param formId the form's {@code id} (a script of the page's own fills it), or null
     */
    static StringBuilder start(SiteRenderer.SignInText text, String css, String message, String formId, String action,
                               String state, String returnTo) {
        String title = HtmlEncoder.attr(text.title());
        String site = HtmlEncoder.attr(text.site());
        StringBuilder h = new StringBuilder("<!doctype html>\n<html lang=\"" + HtmlEncoder.attr(text.lang()) + "\""
                + (text.rtl() ? " dir=\"rtl\"" : "") + text.look().rootAttributes() + "><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\">"
                + "<title>" + title + " · " + site + "</title>");
        if (css != null) {
            h.append("<link rel=\"stylesheet\" href=\"").append(HtmlEncoder.attr(css)).append("\">");
        }
        h.append("<style>").append(text.look().css()).append("</style></head><body><main class=\"reader-sign-in\">")
                .append("<div class=\"reader-sign-in-site\">").append(text.brand()).append("</div><h1>").append(title).append("</h1>\n");
        if (message != null) {
            h.append("<p role=\"alert\">").append(HtmlEncoder.attr(message)).append("</p>\n");
        }
        h.append("<form").append(formId == null ? "" : " id=\"" + HtmlEncoder.attr(formId) + "\"")
                .append(" method=\"post\" action=\"").append(HtmlEncoder.attr(action)).append("\">")
                .append("<input type=\"hidden\" name=\"state\" value=\"").append(HtmlEncoder.attr(state)).append("\">")
                .append("<input type=\"hidden\" name=\"redirect\" value=\"").append(HtmlEncoder.attr(returnTo)).append("\">");
        return h;
    }

    /**
     * The page's policy: nothing but the site's stylesheet, the look's style element and {@code scripts}
     * (CSP sources, or none), posting only to the site.
     */
    static String csp(SiteRenderer.SignInText text, String scripts) {
        return "default-src 'none'; style-src 'self' " + text.look().cssHash() + ";"
                + (scripts == null ? "" : " script-src " + scripts + ";") + " img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
    }

    /** The form's submit button, named as the page is, and the end of the form. */
    static String end(SiteRenderer.SignInText text) {
        return "<button type=\"submit\">" + HtmlEncoder.attr(text.title()) + "</button></form></main>";
    }
}
