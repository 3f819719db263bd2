package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.insights.GapReport;
import dev.docsassistant.insights.GapSpan;
import dev.docsassistant.insights.WorkStatus;
import dev.docsassistant.web.ApiException;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * {@code /dashboard/{org}/{domain}/gaps?span=week|month|quarter&status=}: what the docs miss, grouped
 * by meaning: each group's label (its most central question), questions in the span and the span
 * before, a few wordings, the pages its answers cited, and its status and note, changed in place.
 */
final class GapsPage {
    private final Dashboard dashboard;
    private final App app;

    GapsPage(Dashboard dashboard, App app) {
        this.dashboard = dashboard;
        this.app = app;
    }

    void show(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        GapSpan span = span(req.query().first("span").orElse(null));
        Optional<WorkStatus> status = WorkPages.statusFilter(req.query().first("status").orElse(null));
        String org = scope.org();
        String domain = scope.domain();
        String base = scope.base();
        GapReport report = app.gaps().report(domain, span, LocalDate.now(ZoneOffset.UTC), status);
        Page page = scope.page("gaps", "Gaps");
        page.raw("<p class=\"filters\">Last ");
        for (GapSpan s : GapSpan.values()) {
            page.raw(s == span ? "<b>" + s.label() + "</b>" : "<a href=\"" + Dashboard.attr(base + "/gaps?span=" + s.label()
                    + status.map(x -> "&status=" + x.stored()).orElse("")) + "\">" + s.label() + "</a>").raw(" ");
        }
        page.raw("</p>\n");
        WorkPages.statusLinks(page, base + "/gaps?span=" + span.label(), status);
        page.raw("<p>").text(report.groups() + " groups of unanswered questions, answers rated not helpful and searches without "
                + "results from " + report.period().from() + " to " + report.period().to() + ", compared with the " + span.label()
                + " before. Export: ");
        String range = "&from=" + report.period().from() + "&to=" + report.period().to();
        for (String dataset : new String[] {"gaps", "gap-questions"}) {
            for (String format : new String[] {"csv", "jsonl"}) {
                page.raw("<a href=\"").text(base + "/export/" + dataset + "?format=" + format + range).raw("\">").text(dataset + "." + format)
                        .raw("</a> ");
            }
        }
        page.raw("</p>\n");
        if (report.gaps().isEmpty()) {
            page.raw("<p class=\"empty\">No gaps in this span.</p>\n").send(res, 200);
            return;
        }
        String hidden = "<input type=\"hidden\" name=\"span\" value=\"" + span.label() + "\">"
                + status.map(s -> "<input type=\"hidden\" name=\"filter\" value=\"" + s.stored() + "\">").orElse("");
        page.raw("<table class=\"gaps\"><thead><tr><th>Asked</th><th>Trend</th><th>Gap and its wordings</th>"
                + "<th>Pages cited</th><th>Status and note</th></tr></thead><tbody>\n");
        for (GapReport.Gap g : report.gaps()) {
            page.raw("<tr data-gap-id=\"").text(g.id()).raw("\"><td>").text(Long.toString(g.count())).raw("</td><td>")
                    .text(trend(g.count(), g.previous())).raw("</td><td><b>").text(g.label()).raw("</b>");
            g.examples().stream().filter(e -> !e.equals(g.label())).forEach(e -> page.raw("<br><small>").text(e).raw("</small>"));
            page.raw("<br><small class=\"kinds\">");
            g.kinds().forEach((k, n) -> page.text(k + " " + n + " "));
            page.raw("· last ").text(Dates.minute(g.lastAsked()));
            if (g.reopenedAt() != null) {
                page.raw(" · reopened ").text(Dates.minute(g.reopenedAt()));
            }
            page.raw("</small></td><td>");
            g.pages().forEach(p -> page.text(p.title()).raw(" <small>").text(p.path()).raw("</small><br>"));
            page.raw("</td><td>");
            WorkPages.statusForm(page, scope, base + "/gaps/" + g.id() + "/status", g.status(), g.note(), hidden);
            page.raw("</td></tr>\n");
        }
        page.raw("</tbody></table>\n").send(res, 200);
    }

    void setStatus(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        WorkPages.setStatus(dashboard, req, res, scope, app.insightsWork()::setGap, "gap group", form -> {
            Optional<WorkStatus> filter = WorkPages.statusFilter(form.get("filter"));
            return scope.base() + "/gaps?span=" + span(form.get("span")).label() + filter.map(s -> "&status=" + s.stored()).orElse("");
        });
    }

    private static GapSpan span(String value) {
        try {
            return GapSpan.of(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    static String trend(long now, long before) {
        if (before == 0) {
            return now == 0 ? "—" : "new";
        }
        long change = Math.round(100.0 * (now - before) / before);
        return (change > 0 ? "+" : "") + change + " % (" + before + " before)";
    }
}
