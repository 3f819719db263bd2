package dev.docsassistant.dashboard;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.security.DashboardSession;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerResponse;

/**
 * The frame of every dashboard page and the headers it is sent with: a strict Content-Security-Policy
 * (scripts and styles only from the dashboard's own files, no inline code at all), no caching, no
 * framing, no referrer leaving the dashboard.
 */
final class Page {
    static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private final StringBuilder html = new StringBuilder(8192);

    /**
     * @param session null on the sign-in pages
     * @param crumbs  the trail of links above the title: pairs of href and label
     */
    Page(String title, DashboardSession session, String... crumbs) {
        html.append("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
                .append(HtmlEncoder.attr(title)).append(" · docs-assistant dashboard</title>\n")
                .append("<link rel=\"stylesheet\" href=\"").append(DashboardAssets.CSS).append("\">\n")
                .append("<script src=\"").append(DashboardAssets.JS).append("\" defer></script>\n</head>\n<body>\n")
                .append("<header class=\"top\"><a class=\"brand\" href=\"/dashboard\">docs-assistant</a>");
        if (session != null) {
            html.append("<form method=\"post\" action=\"/dashboard/sign-out\" class=\"who\"><span>")
                    .append(HtmlEncoder.attr(session.who())).append("</span>");
            csrf(session);
            html.append("<button type=\"submit\" class=\"link\">Sign out</button>")
                    .append("<button type=\"submit\" name=\"everywhere\" value=\"1\" class=\"link\">Sign out everywhere</button></form>");
        }
        html.append("</header>\n<main>\n");
        if (crumbs.length > 0) {
            html.append("<nav class=\"crumbs\" aria-label=\"Breadcrumb\">");
            for (int i = 0; i + 1 < crumbs.length; i += 2) {
                html.append("<a href=\"").append(HtmlEncoder.attr(crumbs[i])).append("\">").append(HtmlEncoder.attr(crumbs[i + 1])).append("</a> / ");
            }
            html.append("</nav>\n");
        }
        html.append("<h1>").append(HtmlEncoder.attr(title)).append("</h1>\n");
    }

    /** Appends markup as is (callers escape what they interpolate). */
    Page raw(String markup) {
        html.append(markup);
        return this;
    }

    /** Appends text, escaped. */
    Page text(String text) {
        html.append(HtmlEncoder.attr(text));
        return this;
    }

    /** The hidden CSRF field every state-changing form of a session carries. */
    Page csrf(DashboardSession session) {
        html.append("<input type=\"hidden\" name=\"csrf\" value=\"").append(HtmlEncoder.attr(session.csrf())).append("\">");
        return this;
    }

    /**
     * The step that asks before a change that is hard to take back (switching production, revoking a key):
     * a GET shows it, only its form's POST does it, so the dashboard asks without any script.
     */
    Page confirm(DashboardSession session, String action, String button, String cancelHref) {
        html.append("<form method=\"post\" action=\"").append(HtmlEncoder.attr(action)).append("\" class=\"actions\">");
        csrf(session);
        html.append("<button type=\"submit\" class=\"danger\">").append(HtmlEncoder.attr(button)).append("</button><a class=\"button\" href=\"")
                .append(HtmlEncoder.attr(cancelHref)).append("\">Cancel</a></form>\n");
        return this;
    }

    /** Tabs of a site's pages, the current one marked, and a link to the site as readers see it. */
    Page siteTabs(String org, String domain, String current) {
        String base = "/dashboard/" + Dashboard.segment(org) + "/" + domain;
        html.append("<nav class=\"tabs\" aria-label=\"Site\">");
        tab(base, "Insights", current);
        tab(base + "/gaps", "Gaps", current);
        tab(base + "/feedback", "Feedback", current);
        tab(base + "/conversations", "Conversations", current);
        tab(base + "/search", "Search", current);
        tab(base + "/pages", "Pages", current);
        tab(base + "/agents", "Agents", current);
        tab(base + "/integrations", "Integrations", current);
        tab(base + "/deployments", "Deployments", current);
        tab(base + "/readers", "Readers", current);
        html.append("<a class=\"live\" href=\"").append(HtmlEncoder.attr(base + "/live")).append("\">View site <span aria-hidden=\"true\">↗</span></a>");
        html.append("</nav>\n");
        return this;
    }

    private void tab(String href, String label, String current) {
        html.append("<a href=\"").append(HtmlEncoder.attr(href)).append('"')
                .append(label.equals(current) ? " aria-current=\"page\"" : "").append('>').append(label).append("</a>");
    }

    void send(ServerResponse res, int status) {
        html.append("</main>\n</body>\n</html>\n");
        headers(res);
        res.status(status);
        res.header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8");
        res.send(html.toString());
    }

    /** The headers of every dashboard response, pages and exports alike. */
    static void headers(ServerResponse res) {
        res.header(HeaderNames.create("Content-Security-Policy"), CSP);
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        res.header(HeaderNames.create("X-Content-Type-Options"), "nosniff");
        res.header(HeaderNames.create("X-Frame-Options"), "DENY");
        // Nothing (no sign-in link, no path) goes to other sites; but not "no-referrer": with it browsers send
        // "Origin: null" on the dashboard's own form posts, which the origin check must refuse (a sandboxed frame sends it too).
        res.header(HeaderNames.create("Referrer-Policy"), "same-origin");
    }
}
