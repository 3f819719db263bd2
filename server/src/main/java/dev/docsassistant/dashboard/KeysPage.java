package dev.docsassistant.dashboard;

import dev.docsassistant.web.FormBody;

import dev.docsassistant.app.App;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.security.ApiKey;
import dev.docsassistant.security.ApiKeys;
import dev.docsassistant.security.DashboardSession;
import dev.docsassistant.security.NewKey;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code /dashboard/{org}}: the organisation's sites and its API keys. A new key is shown once, on
 * the page that answers its creation; revoking asks for confirmation on a page of its own, so it
 * works without script.
 */
final class KeysPage {
    private static final List<String> EXPIRIES = List.of("", "30d", "90d", "365d");
    /** The source of page keys: {@code page:<domain>}. */
    private static final String PAGE_KEY = ApiKeys.pageKeySource("");

    private final Dashboard dashboard;
    private final ApiKeys keys;
    private final Set<String> organizations;

    KeysPage(Dashboard dashboard, App app) {
        this.dashboard = dashboard;
        this.keys = app.keys();
        this.organizations = app.config().organizations();
    }

    void list(ServerRequest req, ServerResponse res) {
        dashboard.orgScope(req, res).ifPresent(o -> page(o.session(), o.org(), null, null).send(res, 200));
    }

    void create(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        DashboardSession session = scope.get().session();
        String org = scope.get().org();
        FormBody form = FormBody.read(req);
        dashboard.checkCsrf(req, session, form);
        String origins = form.get("origins") == null ? "" : form.get("origins");
        String groups = form.get("groups") == null ? "" : form.get("groups");
        NewKey request;
        try {
            request = NewKey.of(org, form.get("expires"), Arrays.stream(origins.split("[\\s,]+")).filter(s -> !s.isBlank()).toList(),
                    NewKey.splitGroups(groups), organizations, Instant.now());
        } catch (IllegalArgumentException e) {
            page(session, org, null, e.getMessage()).send(res, 400);
            return;
        }
        ApiKeys.Created created = keys.create(org, request.expiresAt(), request.origins(), request.groups(), "dashboard");
        page(session, org, created, null).send(res, 201);
    }

    void confirmRevoke(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        String org = scope.get().org();
        ApiKey key = key(req, org);
        String base = scope.get().base();
        Page page = new Page("Revoke key " + key.prefix() + "…", scope.get().session(), base, org);
        if (key.source().startsWith(PAGE_KEY)) {
            // The site's own pages embed it: revoking it silences their search box and assistant.
            page.raw("<p class=\"error\" role=\"alert\"><strong>This is the page key of site ")
                    .text(key.source().substring(PAGE_KEY.length()))
                    .raw(".</strong> The site's pages embed it for their search box and Ask AI: both stop working "
                            + "(\"invalid key\") until the server restarts and makes a new page key. To embed a key of "
                            + "your own instead, set <code>sites[].assistant-key</code>.</p>\n");
        }
        page.raw("<p>Requests with this key are refused at once on this server (within 30 s on the others). "
                        + "This cannot be undone.</p>\n<form method=\"post\" action=\"").text(base + "/keys/" + key.id() + "/revoke").raw("\">");
        page.csrf(scope.get().session()).raw("<button type=\"submit\" class=\"danger\">Revoke ").text(key.prefix()).raw("…</button> ")
                .raw("<a href=\"").text(base).raw("\">Cancel</a></form>\n").send(res, 200);
    }

    void revoke(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        dashboard.checkCsrf(req, scope.get().session(), FormBody.read(req));
        keys.revoke(key(req, scope.get().org()).id());
        Dashboard.redirect(res, scope.get().base());
    }

    /** The key of the path if it belongs to the organisation; 403 otherwise, whether it exists or not. */
    private ApiKey key(ServerRequest req, String org) {
        String id = req.path().pathParameters().get("id");
        return keys.get(id).filter(k -> k.organization().equals(org))
                .orElseThrow(() -> new ApiException(403, "organization " + org + " has no key " + id));
    }

    private Page page(DashboardSession session, String org, ApiKeys.Created created, String error) {
        String base = "/dashboard/" + Dashboard.segment(org);
        Page page = new Page(org, session, "/dashboard", "Dashboard");
        page.raw("<h2>Sites</h2>\n<ul class=\"plain sites\">");
        // A site with nothing served yet has its Deployments page only.
        dashboard.domainsOf(org).forEach(d -> {
            page.raw("<li><a href=\"").text(base + "/" + d + (dashboard.served(d) ? "" : "/deployments")).raw("\">").text(d).raw("</a>");
            if (dashboard.served(d)) {
                page.raw(" <a class=\"live\" href=\"").text(base + "/" + d + "/live").raw("\">View site <span aria-hidden=\"true\">↗</span></a>");
            }
            page.raw("</li>");
        });
        page.raw("</ul>\n<h2>API keys</h2>\n<p><a href=\"").text(base + "/analytics-keys").raw("\">Analytics keys</a> "
                + "(read-only, for exporting insights) are listed apart.</p>\n");
        if (created != null) {
            page.raw("<div class=\"notice\" role=\"status\"><p>Key ").text(created.key().prefix())
                    .raw("… created. Copy it now: it is shown only this once.</p><p><code id=\"new-key\">").text(created.secret())
                    .raw("</code> <button type=\"button\" data-copy=\"new-key\">Copy</button></p></div>\n");
        }
        if (error != null) {
            page.raw("<p class=\"error\" role=\"alert\">").text(error).raw("</p>\n");
        }
        Instant now = Instant.now();
        Map<String, Instant> lastUsed = keys.lastUsed(org);
        page.raw("<table class=\"keys\"><thead><tr><th>Key</th><th>Source</th><th>Created</th><th>Last used</th><th>Status</th>"
                + "<th>Origins</th><th>Access groups</th><th>Expires</th><th><span class=\"visually-hidden\">Action</span></th></tr></thead><tbody>\n");
        for (ApiKey k : keys.list(Optional.of(org))) {
            String status = k.status(now);
            page.raw("<tr data-key-id=\"").text(k.id()).raw("\"><td><code class=\"id\">").text(k.prefix()).raw("…</code></td><td>").text(k.source())
                    .raw("</td><td>").text(Dates.minute(k.createdAt())).raw("</td><td>").text(Dates.minute(lastUsed.get(k.id())))
                    .raw("</td><td class=\"status-").text(status).raw("\">").text(status).raw("</td><td>")
                    .text(k.origins().isEmpty() ? "any" : String.join(" ", k.origins())).raw("</td><td>")
                    .text(k.groups().isEmpty() ? "public pages only" : String.join(", ", k.groups())).raw("</td><td>")
                    .text(k.expiresAt().map(Dates::minute).orElse("never")).raw("</td><td>");
            if (status.equals("active")) {
                page.raw("<a href=\"").text(base + "/keys/" + k.id() + "/revoke").raw("\">Revoke</a>");
            }
            page.raw("</td></tr>\n");
        }
        page.raw("</tbody></table>\n<h3>Create a key</h3>\n<form method=\"post\" action=\"").text(base + "/keys").raw("\" class=\"stack\">");
        page.csrf(session).raw("<label>Allowed browser origins <small>(space or comma separated; empty: any)</small>"
                + "<textarea name=\"origins\" rows=\"2\" placeholder=\"https://docs.example.com\"></textarea></label>"
                + "<label>Access groups <small>(comma separated; the key reads pages whose front matter <code>groups</code> "
                + "names one of them; empty: public pages only. Never give groups to a key a public page embeds)</small>"
                + "<input name=\"groups\" maxlength=\"2000\" placeholder=\"staff, partners\"></label>"
                + "<label>Expires <select name=\"expires\">");
        EXPIRIES.forEach(e -> page.raw("<option value=\"").text(e).raw("\">").text(e.isEmpty() ? "never" : "in " + e).raw("</option>"));
        return page.raw("</select></label><button type=\"submit\">Create key</button></form>\n");
    }
}
