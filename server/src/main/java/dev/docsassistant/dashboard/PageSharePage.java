package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.insights.PageShare;
import dev.docsassistant.insights.Period;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code /dashboard/{org}/{domain}/pages?from=&to=}: each page's share of the period's answers and how
 * those answers were rated — the pages that carry the assistant, and those behind answers readers
 * found unhelpful — with feedback on the page itself (agents through MCP, the feedback endpoint);
 * {@code pages.csv} holds every row.
 */
final class PageSharePage {
    static final int LISTED = 30;
    static final List<String> CSV_HEADER = List.of("path", "title", "cited", "answer_share", "helpful", "not_helpful", "unrated",
            "page_helpful", "page_not_helpful");

    private final PageShare share;

    PageSharePage(App app) {
        this.share = new PageShare(app.database());
    }

    void show(ServerRequest req, ServerResponse res, Dashboard.SiteScope s) {
        Period period = InsightsPage.period(req);
        List<PageShare.PageRow> rows = share.rows(s.domain(), period);
        Page page = s.page("pages in answers", "Pages");
        InsightsPage.periodForm(page, s.base() + "/pages", period, "");
        InsightsPage.csvExport(page, "Every page of this period", s.base() + "/pages.csv", period);
        page.raw("<h2>Pages that carry the assistant</h2>\n<p class=\"meta\">Most cited in answers first; the share is of the "
                + "period's answered questions.</p>\n");
        table(page, rows.stream().filter(r -> r.cited() > 0).limit(LISTED).toList(), "No answer cited a page in this period.");
        page.raw("<h2>Pages behind unhelpful answers</h2>\n<p class=\"meta\">Pages cited by answers rated not helpful, or rated "
                + "not helpful themselves, most first: they may mislead the assistant.</p>\n");
        table(page, rows.stream().filter(r -> r.notHelpful() + r.pageNotHelpful() > 0)
                .sorted(Comparator.comparingLong((PageShare.PageRow r) -> r.notHelpful() + r.pageNotHelpful()).reversed()
                        .thenComparing(PageShare.PageRow::path))
                .limit(LISTED).toList(), "No answer citing a page was rated not helpful in this period.");
        page.send(res, 200);
    }

    void csv(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        Period period = InsightsPage.period(req);
        String domain = scope.domain();
        Export.table(res, domain + "-pages-" + period.from() + "-" + period.to() + ".csv", CSV_HEADER,
                share.rows(domain, period).stream().map(r -> List.of(r.path(), r.title(), Long.toString(r.cited()),
                        String.format(Locale.ROOT, "%.4f", r.answerShare()), Long.toString(r.helpful()), Long.toString(r.notHelpful()),
                        Long.toString(r.unrated()), Long.toString(r.pageHelpful()), Long.toString(r.pageNotHelpful()))).toList());
    }

    private static void table(Page page, List<PageShare.PageRow> rows, String empty) {
        if (rows.isEmpty()) {
            page.raw("<p class=\"empty\">").text(empty).raw("</p>\n");
            return;
        }
        page.raw("<table class=\"pages\"><thead><tr><th>Page</th><th>Cited</th><th>Share of answers</th><th>Helpful</th>"
                + "<th>Not helpful</th><th>Unrated</th><th>Page rated helpful / not</th></tr></thead><tbody>");
        for (PageShare.PageRow r : rows) {
            page.raw("<tr><td>").text(r.title().isEmpty() ? r.path() : r.title()).raw("<br><small>").text(r.path())
                    .raw("</small></td><td>").text(Long.toString(r.cited())).raw("</td><td>")
                    .text(String.format(Locale.ROOT, "%.0f %%", 100 * r.answerShare())).raw("</td><td>").text(Long.toString(r.helpful()))
                    .raw("</td><td>").text(Long.toString(r.notHelpful())).raw("</td><td>").text(Long.toString(r.unrated()))
                    .raw("</td><td>").text(r.pageHelpful() + " / " + r.pageNotHelpful()).raw("</td></tr>");
        }
        page.raw("</tbody></table>\n");
    }
}
