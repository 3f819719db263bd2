package dev.docsassistant.dashboard;

import dev.docsassistant.web.FormBody;

import dev.docsassistant.app.App;
import dev.docsassistant.security.AnalyticsKeys;
import dev.docsassistant.security.DashboardSession;
import dev.docsassistant.security.NewKey;
import dev.docsassistant.web.ApiException;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@code /dashboard/{org}/analytics-keys}: the organisation's read-only analytics keys, for
 * {@code GET /v1/insights/{domain}/{dataset}}. A new key is shown once; revoking is a CSRF-protected form.
 */
final class AnalyticsKeysPage {
    private static final List<String> EXPIRIES = List.of("", "30d", "90d", "365d");

    private final Dashboard dashboard;
    private final App app;

    AnalyticsKeysPage(Dashboard dashboard, App app) {
        this.dashboard = dashboard;
        this.app = app;
    }

    void list(ServerRequest req, ServerResponse res) {
        dashboard.orgScope(req, res).ifPresent(o -> page(o, null, null).send(res, 200));
    }

    void create(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        FormBody form = FormBody.read(req);
        dashboard.checkCsrf(req, scope.get().session(), form);
        NewKey request;
        try {
            request = NewKey.of(scope.get().org(), form.get("expires"), List.of(), app.config().organizations(), Instant.now());
        } catch (IllegalArgumentException e) {
            page(scope.get(), null, e.getMessage()).send(res, 400);
            return;
        }
        page(scope.get(), app.analyticsKeys().create(scope.get().org(), request.expiresAt()), null).send(res, 201);
    }

    /** The step before a revoke: what stops working, and the form that revokes. */
    void confirmRevoke(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        AnalyticsKeys.Key key = key(req, scope.get());
        String back = scope.get().base() + "/analytics-keys";
        new Page("Revoke analytics key " + key.prefix() + "…?", scope.get().session(), scope.get().base(), scope.get().org(), back, "Analytics keys")
                .raw("<p>Exports with this key are refused at once. This cannot be undone.</p>\n")
                .confirm(scope.get().session(), back + "/" + key.id() + "/revoke", "Revoke " + key.prefix() + "…", back).send(res, 200);
    }

    private AnalyticsKeys.Key key(ServerRequest req, Dashboard.OrgScope scope) {
        String id = req.path().pathParameters().get("id");
        // Another organisation's key is not found here, whether it exists or not.
        return app.analyticsKeys().get(id).filter(k -> k.organization().equals(scope.org()))
                .orElseThrow(() -> new ApiException(403, "organization " + scope.org() + " has no analytics key " + id));
    }

    void revoke(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        dashboard.checkCsrf(req, scope.get().session(), FormBody.read(req));
        app.analyticsKeys().revoke(key(req, scope.get()).id());
        Dashboard.redirect(res, scope.get().base() + "/analytics-keys");
    }

    private Page page(Dashboard.OrgScope scope, AnalyticsKeys.Created created, String error) {
        DashboardSession session = scope.session();
        String base = scope.base();
        Page page = new Page(scope.org() + " analytics keys", session, "/dashboard", "Dashboard", base, scope.org());
        page.raw("<p>Read-only keys for <code>GET /v1/insights/{domain}/{dataset}</code> (gaps, feedback, questions as CSV or JSON "
                + "Lines) on this organisation's sites. They open nothing else: not the assistant, not search.</p>\n");
        if (created != null) {
            page.raw("<div class=\"notice\" role=\"status\"><p>Analytics key ").text(created.key().prefix())
                    .raw("… created. Copy it now: it is shown only this once.</p><p><code id=\"new-key\">").text(created.secret())
                    .raw("</code> <button type=\"button\" data-copy=\"new-key\">Copy</button></p></div>\n");
        }
        if (error != null) {
            page.raw("<p class=\"error\" role=\"alert\">").text(error).raw("</p>\n");
        }
        Instant now = Instant.now();
        page.raw("<table class=\"keys\"><thead><tr><th>Key</th><th>Created</th><th>Last used</th><th>Status</th><th>Expires</th>"
                + "<th><span class=\"visually-hidden\">Action</span></th></tr></thead><tbody>\n");
        for (AnalyticsKeys.Key k : app.analyticsKeys().list(Optional.of(scope.org()))) {
            String status = k.status(now);
            page.raw("<tr data-key-id=\"").text(k.id()).raw("\"><td><code class=\"id\">").text(k.prefix()).raw("…</code></td><td>")
                    .text(Dates.minute(k.createdAt())).raw("</td><td>").text(Dates.minute(k.lastUsedAt().orElse(null)))
                    .raw("</td><td class=\"status-").text(status).raw("\">").text(status).raw("</td><td>")
                    .text(k.expiresAt().map(Dates::minute).orElse("never")).raw("</td><td>");
            if (status.equals("active")) {
                page.raw("<a class=\"button\" href=\"").text(base + "/analytics-keys/" + k.id() + "/revoke").raw("\">Revoke</a>");
            }
            page.raw("</td></tr>\n");
        }
        page.raw("</tbody></table>\n<h2>Create an analytics key</h2>\n<form method=\"post\" action=\"").text(base + "/analytics-keys")
                .raw("\" class=\"stack\">");
        page.csrf(session).raw("<label>Expires <select name=\"expires\">");
        EXPIRIES.forEach(e -> page.raw("<option value=\"").text(e).raw("\">").text(e.isEmpty() ? "never" : "in " + e).raw("</option>"));
        return page.raw("</select></label><button type=\"submit\">Create analytics key</button></form>\n");
    }
}
