package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.readers.ReaderAuthSettings;
import dev.docsassistant.web.FormBody;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.net.URI;
import java.util.Optional;

/**
 * {@code /dashboard/{org}/{domain}/readers}: how the site's readers sign in (the method and its
 * settings, never a secret: a password or client secret is only "set"), a link to try the sign-in,
 * how many reader sessions are live (browsers and IDE tokens), and "sign everyone out" behind a
 * confirmation step; whether readers' identities are recorded, and erasing those recorded, behind
 * another.
 */
final class ReadersPage {
    private final Dashboard dashboard;
    private final App app;

    ReadersPage(Dashboard dashboard, App app) {
        this.dashboard = dashboard;
        this.app = app;
    }

    void show(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        Page page = scope.page("readers", "Readers");
        Optional<ReaderAuthSettings> settings = app.readers().settings(scope.domain());
        req.query().first("erased").asOptional().filter(n -> n.matches("[0-9]{1,9}")).ifPresent(n ->
                page.raw("<div class=\"notice\" role=\"status\"><p>The reader was erased from ").text(n).raw(" answers.</p></div>\n"));
        if (settings.isEmpty()) {
            page.raw("<p>Readers do not sign in to this site: every page is public. Set <code>sites[].reader-auth</code> in the"
                    + " configuration to make it private (see the guide on private docs for readers).</p>\n");
            if (app.conversations().recordedReaders(scope.domain()) > 0) {
                identities(req, page, scope, false); // recorded while the site had readers sign in
            }
            page.send(res, 200);
            return;
        }
        req.query().first("signed-out").asOptional().filter(n -> n.matches("[0-9]{1,9}")).ifPresent(n ->
                page.raw("<div class=\"notice\" role=\"status\"><p>").text(n).raw(" reader sessions ended.</p></div>\n"));
        String site = siteUrl(req, scope);
        page.raw("<h2>Sign-in</h2>\n<dl class=\"settings\">");
        row(page, "Method", settings.get().method().configName());
        settings.get().password().ifPresent(p -> row(page, "Password", "set (not shown)"));
        settings.get().oidc().ifPresent(o -> {
            row(page, "Issuer", o.issuer().toString());
            row(page, "Client id", o.clientId());
            row(page, "Client secret", o.clientSecret().isPresent() ? "set (not shown)" : "none: a public client (PKCE alone)");
            row(page, "Scopes", String.join(" ", o.scopes()));
            row(page, "Groups", o.infoApi().map(u -> "from the Info API " + u)
                    .orElse("claim " + o.groupsClaim() + o.groupsDelimiter().map(d -> ", split at \"" + d + "\"").orElse("")));
            row(page, "Logout URL", o.logoutUrl().map(URI::toString).orElse("none: the site's sign-in page"));
            row(page, "Redirect URI to register", site + "/login/callback");
        });
        settings.get().jwt().ifPresent(j -> row(page, "Login URL", j.loginUrl().toString()));
        page.raw("</dl>\n<p><a href=\"").text(site + "/login?redirect=%2F").raw("\" target=\"_blank\" rel=\"noopener\">Try the sign-in"
                + " <span aria-hidden=\"true\">↗</span></a> (in a private window, to sign in as a reader would).</p>\n");
        int live = app.readers().sessions().count(scope.domain());
        page.raw("<h2>Sessions</h2>\n<p><strong>").text(Integer.toString(live)).raw("</strong> live reader ")
                .text(live == 1 ? "session" : "sessions").raw(" (browsers, and IDEs connected to <code>/authed/mcp</code>).</p>\n")
                .raw("<p><a class=\"button\" href=\"").text(scope.base() + "/readers/sign-out").raw("\">Sign everyone out</a></p>\n");
        identities(req, page, scope, settings.get().recordIdentity());
        page.send(res, 200);
    }

    /** Whether the site records who asked, how many answers name a reader, and the way to erase them. */
    private void identities(ServerRequest req, Page page, Dashboard.SiteScope scope, boolean recording) {
        page.raw("<h2>Readers' identities</h2>\n<p>");
        if (recording) {
            page.raw("Recorded (<code>record-identity: true</code>): the questions, answers and conversations of a signed-in reader"
                    + " keep who asked (their subject at the provider), shown in Conversations, Insights and the exports.");
        } else {
            page.raw("Not recorded: questions, answers and feedback are kept without who asked, and no reader's identity is"
                    + " stored anywhere (set <code>reader-auth.record-identity: true</code> to record it).");
        }
        long recorded = app.conversations().recordedReaders(scope.domain());
        page.raw("</p>\n<p><strong>").text(Long.toString(recorded)).raw("</strong> ").text(recorded == 1 ? "answer names" : "answers name")
                .raw(" a reader.</p>\n");
        if (recorded > 0) {
            page.raw("<p><a class=\"button\" href=\"").text(scope.base() + "/readers/erase-identities")
                    .raw("\">Erase the recorded readers</a></p>\n");
        }
    }

    /** The step before erasing the recorded readers: what it does, and the form that does it. */
    void confirmErase(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        String back = scope.base() + "/readers";
        long recorded = app.conversations().recordedReaders(scope.domain());
        new Page("Erase the readers recorded on " + scope.domain() + "?", scope.session(), "/dashboard/" + Dashboard.segment(scope.org()),
                scope.org(), back, "Readers")
                .raw("<p>The reader is removed from ").text(Long.toString(recorded)).raw(" answers and their conversations; the questions,"
                        + " answers and feedback stay, asked by no one known. This cannot be undone.")
                .raw(app.readers().recordsIdentity(scope.domain()) ? " The site still records readers: new answers will name"
                        + " their reader again until <code>record-identity</code> is turned off." : "")
                .raw("</p>\n")
                .confirm(scope.session(), back + "/erase-identities", "Erase the recorded readers", back).send(res, 200);
    }

    void erase(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        dashboard.checkCsrf(req, scope.session(), FormBody.read(req));
        int erased = app.conversations().eraseReaders(scope.domain());
        Dashboard.redirect(res, scope.base() + "/readers?erased=" + erased);
    }

    /** The step before signing everyone out: what it does, and the form that does it. */
    void confirmSignOut(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        String back = scope.base() + "/readers";
        int live = app.readers().sessions().count(scope.domain());
        new Page("Sign everyone out of " + scope.domain() + "?", scope.session(), "/dashboard/" + Dashboard.segment(scope.org()), scope.org(),
                back, "Readers")
                .raw("<p>All ").text(Integer.toString(live)).raw(" live sessions end at once, IDE tokens included: every reader signs in"
                        + " again at their next page. This cannot be undone.</p>\n")
                .confirm(scope.session(), back + "/sign-out", "Sign everyone out", back).send(res, 200);
    }

    void signOut(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        dashboard.checkCsrf(req, scope.session(), FormBody.read(req));
        int ended = app.readers().sessions().closeAll(scope.domain());
        Dashboard.redirect(res, scope.base() + "/readers?signed-out=" + ended);
    }

    /** The site as readers reach it: its configured URL, else its own host on the port the dashboard was reached on. */
    private String siteUrl(ServerRequest req, Dashboard.SiteScope scope) {
        String link = scope.site().config().url().orElseGet(() ->
                DeploymentsPage.siteLink(app.settings().siteHost().name(), scope.domain(),
                app.settings().hosts().prefixOf(scope.domain()), req.authority(), req.isSecure()));
        return link.endsWith("/") ? link.substring(0, link.length() - 1) : link;
    }

    private static void row(Page page, String name, String value) {
        page.raw("<dt>").text(name).raw("</dt><dd>").text(value).raw("</dd>");
    }
}
