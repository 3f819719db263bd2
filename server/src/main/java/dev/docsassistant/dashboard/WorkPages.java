package dev.docsassistant.dashboard;

import dev.docsassistant.web.FormBody;

import dev.docsassistant.app.App;
import dev.docsassistant.insights.WorkStatus;
import dev.docsassistant.web.ApiException;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Optional;
import java.util.function.Function;

/**
 * The dashboard's pages of issue 34 that make insights work: gaps grouped by meaning, feedback with
 * a status and a note, the exports and the organisation's analytics keys.
 */
final class WorkPages {
    private WorkPages() {
    }

    static void routing(HttpRules rules, Dashboard dashboard, App app) {
        GapsPage gaps = new GapsPage(dashboard, app);
        FeedbackPage feedback = new FeedbackPage(dashboard, app);
        InsightsExport export = new InsightsExport(app);
        AnalyticsKeysPage analyticsKeys = new AnalyticsKeysPage(dashboard, app);
        rules.get("/{org}/analytics-keys", analyticsKeys::list)
                .post("/{org}/analytics-keys", analyticsKeys::create)
                .get("/{org}/analytics-keys/{id}/revoke", analyticsKeys::confirmRevoke)
                .post("/{org}/analytics-keys/{id}/revoke", analyticsKeys::revoke)
                .get("/{org}/{domain}/gaps", dashboard.site(gaps::show))
                .post("/{org}/{domain}/gaps/{id}/status", dashboard.site(gaps::setStatus))
                .get("/{org}/{domain}/feedback", dashboard.site(feedback::show))
                .post("/{org}/{domain}/feedback/{id}/status", dashboard.site(feedback::setStatus))
                .get("/{org}/{domain}/export/{dataset}", dashboard.site(export::download));
    }

    /** A status filter of the query: empty for none ("" or absent); a bad value is a 400 naming it. */
    static Optional<WorkStatus> statusFilter(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(WorkStatus.of(value.strip()));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    /** Sets a work item's status and note; false when the site has no item of that id. */
    @FunctionalInterface
    interface StatusSetter {
        boolean set(String domain, String id, WorkStatus status, String note);
    }

    /**
     * A status form's POST to {@code …/{id}/status}: the CSRF check, {@code setter} on the item (404 naming
     * {@code what} when the site has none), then a redirect to where {@code back} says.
     */
    static void setStatus(Dashboard dashboard, ServerRequest req, ServerResponse res, Dashboard.SiteScope scope, StatusSetter setter,
                          String what, Function<FormBody, String> back) {
        FormBody form = FormBody.read(req);
        dashboard.checkCsrf(req, scope.session(), form);
        String id = req.path().pathParameters().get("id");
        if (!setter.set(scope.domain(), id, status(form), note(form))) {
            throw ApiException.notFound("site " + scope.domain() + " has no " + what + " " + id);
        }
        Dashboard.redirect(res, back.apply(form));
    }

    /** The status and note a status form sent; bad values are a 400 naming the field. */
    static WorkStatus status(FormBody form) {
        try {
            return WorkStatus.of(form.get("status"));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    static String note(FormBody form) {
        try {
            return WorkStatus.note(form.get("note"));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    /** The status select and note field of a work item, its CSRF token and {@code hidden} fields, posting to {@code action}. */
    static void statusForm(Page page, Dashboard.SiteScope scope, String action, WorkStatus status, String note, String hidden) {
        page.raw("<form method=\"post\" action=\"").text(action).raw("\" class=\"work\">");
        page.csrf(scope.session()).raw(hidden).raw("<select name=\"status\" aria-label=\"Status\">");
        for (WorkStatus s : WorkStatus.values()) {
            page.raw("<option value=\"").text(s.stored()).raw("\"").raw(s == status ? " selected" : "").raw(">").text(s.label())
                    .raw("</option>");
        }
        page.raw("</select><input name=\"note\" aria-label=\"Note\" maxlength=\"" + WorkStatus.MAX_NOTE_CHARS + "\" value=\"")
                .text(note).raw("\" placeholder=\"note\"><button type=\"submit\">Save</button></form>");
    }

    /** The status filter links of a list page. */
    static void statusLinks(Page page, String href, Optional<WorkStatus> current) {
        page.raw("<p class=\"filters\">Status: ");
        page.raw(current.isEmpty() ? "<b>all</b>" : "<a href=\"" + Dashboard.attr(href) + "\">all</a>");
        for (WorkStatus s : WorkStatus.values()) {
            page.raw(" · ");
            if (current.isPresent() && current.get() == s) {
                page.raw("<b>").text(s.label()).raw("</b>");
            } else {
                page.raw("<a href=\"").text(href + (href.contains("?") ? "&" : "?") + "status=" + s.stored()).raw("\">").text(s.label())
                        .raw("</a>");
            }
        }
        page.raw("</p>\n");
    }
}
