package dev.docsassistant.dashboard;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.app.App;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.insights.InsightsReport;
import dev.docsassistant.insights.Period;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * {@code /dashboard/{org}/{domain}?from=&to=}: a site's insights over a period (the last 30 days by
 * default): questions per day, answered or not, the unanswered questions grouped, the most cited
 * pages, searches that found nothing, and readers' feedback, REST and gRPC traffic together.
 */
final class InsightsPage {
    private final App app;

    InsightsPage(App app) {
        this.app = app;
    }

    void show(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        String org = scope.org();
        String domain = scope.domain();
        Period period = period(req);
        InsightsReport r = app.insights().report(domain, period);
        Page page = scope.page("insights", "Insights");
        periodForm(page, scope.base(), period, "");
        long unanswered = r.questions() - r.answered();
        page.raw("<section class=\"numbers\">")
                .raw(number("Questions", Long.toString(r.questions()), "questions"))
                .raw(number("Answered", r.answered() + percent(r.answered(), r.questions()), "answered"))
                .raw(number("Not answered", unanswered + percent(unanswered, r.questions()), "unanswered"))
                .raw(number("Helpful / not", r.helpful() + " / " + r.notHelpful(), "feedback"))
                .raw("</section>\n<h2>Questions per day</h2>\n").raw(BarChart.svg(r.days()))
                .raw("<p class=\"legend\"><span class=\"key answered\"></span> answered <span class=\"key asked\"></span> not answered</p>\n");
        page.raw("<h2>By channel</h2>\n<table><thead><tr><th>Channel</th><th>Questions</th><th>Answered</th></tr></thead><tbody>");
        r.channels().forEach(c -> page.raw("<tr><td>").text(c.channel()).raw("</td><td>").text(Long.toString(c.questions()))
                .raw("</td><td>").text(Long.toString(c.answered())).raw("</td></tr>"));
        page.raw("</tbody></table>\n<h2>Questions the docs could not answer</h2>\n");
        if (r.unanswered().isEmpty()) {
            page.raw("<p class=\"empty\">None in this period.</p>\n");
        } else {
            page.raw("<table class=\"gaps\"><thead><tr><th>Asked</th><th>Question (and similar wordings)</th><th>Last asked</th></tr></thead><tbody>");
            for (InsightsReport.QuestionGroup g : r.unanswered()) {
                page.raw("<tr><td>").text(Long.toString(g.count())).raw("</td><td>").text(g.variants().get(0));
                g.variants().stream().skip(1).forEach(v -> page.raw("<br><small>").text(v).raw("</small>"));
                page.raw("</td><td>").text(Dates.minute(g.lastAsked())).raw("</td></tr>");
            }
            page.raw("</tbody></table>\n");
        }
        page.raw("<div class=\"columns\"><section><h2>Most cited pages</h2>\n");
        if (r.citedPages().isEmpty()) {
            page.raw("<p class=\"empty\">No answer cited a page in this period.</p>");
        } else {
            page.raw("<ol class=\"counts\">");
            r.citedPages().forEach(p -> page.raw("<li><span>").text(p.title()).raw(" <small>").text(p.path()).raw("</small></span><b>")
                    .text(Long.toString(p.citations())).raw("</b></li>"));
            page.raw("</ol>");
        }
        page.raw("</section><section><h2>Searches with no results</h2>\n");
        if (r.emptySearches().isEmpty()) {
            page.raw("<p class=\"empty\">None in this period.</p>");
        } else {
            page.raw("<ol class=\"counts\">");
            r.emptySearches().forEach(q -> page.raw("<li><span>").text(q.query()).raw("</span><b>").text(Long.toString(q.count())).raw("</b></li>"));
            page.raw("</ol>");
        }
        page.raw("</section></div>\n<h2>Feedback</h2>\n<p>").text(r.helpful() + " helpful, " + r.notHelpful() + " not helpful.").raw("</p>\n");
        if (!r.comments().isEmpty()) {
            page.raw("<ul class=\"comments\">");
            r.comments().forEach(c -> page.raw("<li><span class=\"").text(c.helpful() ? "helpful" : "not-helpful").raw("\">")
                    .text(c.helpful() ? "Helpful" : "Not helpful").raw("</span> “").text(c.comment()).raw("”<br><small>on “")
                    .text(c.question() == null ? "" : c.question()).raw("” · ").text(c.reader() == null ? "" : "asked by " + c.reader() + " · ")
                    .text(Dates.minute(c.at())).raw(" · <a href=\"")
                    .text(scope.base() + "/conversations/" + c.threadId())
                    .raw("\">conversation</a></small></li>"));
            page.raw("</ul>\n");
        }
        page.send(res, 200);
    }

    /** The period of the query ({@code from}, {@code to}); a bad value is a 400 naming it. */
    static Period period(ServerRequest req) {
        try {
            return Period.parse(req.query().first("from").orElse(null), req.query().first("to").orElse(null),
                    LocalDate.now(ZoneOffset.UTC));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    /** The period picker: two dates, and the last 7, 30 and 90 days at a click. {@code extra} adds form fields. */
    /** The line offering a period's rows as CSV: {@code path} is the export's, the period goes in its query. */
    static void csvExport(Page page, String label, String path, Period period) {
        page.raw("<p class=\"exports\">").text(label).raw(": <a href=\"").text(path + "?from=" + period.from() + "&to=" + period.to())
                .raw("\" download>CSV</a></p>\n");
    }

    static void periodForm(Page page, String action, Period period, String extra) {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        page.raw("<form method=\"get\" action=\"").text(action).raw("\" class=\"period\"><label>From <input type=\"date\" name=\"from\" value=\"")
                .text(period.from().toString()).raw("\"></label><label>To <input type=\"date\" name=\"to\" value=\"")
                .text(period.to().toString()).raw("\"></label>").raw(extra).raw("<button type=\"submit\">Show</button>");
        for (int days : new int[] {7, 30, 90}) {
            Period p = Period.lastDays(days, today);
            page.raw(" <a href=\"").text(action + "?from=" + p.from() + "&to=" + p.to()).raw("\">last ").text(Integer.toString(days))
                    .raw(" days</a>");
        }
        page.raw("</form>\n");
    }

    private static String number(String label, String value, String kind) {
        return "<div class=\"number " + kind + "\"><b>" + HtmlEncoder.attr(value) + "</b><span>" + label + "</span></div>";
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "" : String.format(Locale.ROOT, " (%.0f %%)", 100.0 * part / whole);
    }
}
