package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.insights.Period;
import dev.docsassistant.insights.SearchAnalytics;
import dev.docsassistant.web.ApiException;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code /dashboard/{org}/{domain}/search?from=&to=&min=}: a site's searches over a period — the most
 * searched queries, those that found nothing, and those whose results nobody opens (searched with
 * results at least {@code min} times, lowest click-through first) — and {@code search.csv}, every query.
 */
final class SearchAnalyticsPage {
    static final int LISTED = 20;
    static final int DEFAULT_MIN_SEARCHES = 3;
    static final List<String> CSV_HEADER = List.of("query", "searches", "with_results", "no_results", "opened", "click_through",
            "average_results");

    private final SearchAnalytics searches;

    SearchAnalyticsPage(App app) {
        this.searches = new SearchAnalytics(app.database());
    }

    void show(ServerRequest req, ServerResponse res, Dashboard.SiteScope s) {
        Period period = InsightsPage.period(req);
        int min = minSearches(req);
        SearchAnalytics.Report report = searches.report(s.domain(), period, min, LISTED);
        SearchAnalytics.Summary sum = report.summary();
        Page page = s.page("search", "Search");
        InsightsPage.periodForm(page, s.base() + "/search", period, "<label>Results opened, for queries searched at least "
                + "<input type=\"number\" name=\"min\" min=\"1\" max=\"1000\" value=\"" + min + "\"> times</label>");
        long withResults = sum.searches() - sum.noResults();
        page.raw("<section class=\"numbers\">")
                .raw(number("Searches", Long.toString(sum.searches())))
                .raw(number("No results", Long.toString(sum.noResults())))
                .raw(number("A result opened", sum.opened() + (withResults == 0 ? "" : " (" + percent(sum.opened(), withResults) + ")")))
                .raw("</section>\n");
        InsightsPage.csvExport(page, "Every query of this period", s.base() + "/search.csv", period);
        page.raw("<h2>Top queries</h2>\n");
        table(page, report.top(), "No searches in this period.");
        page.raw("<h2>Queries with no results</h2>\n");
        table(page, report.noResults(), "Every search found something.");
        page.raw("<h2>Queries whose results nobody opens</h2>\n<p class=\"meta\">Searched with results at least ").text(Integer.toString(min))
                .raw(" times, lowest click-through first: the pages found may not answer what was searched.</p>\n");
        table(page, report.unopened(), "No query was searched that often.");
        page.send(res, 200);
    }

    void csv(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        Period period = InsightsPage.period(req);
        String domain = scope.domain();
        Export.table(res, domain + "-search-" + period.from() + "-" + period.to() + ".csv", CSV_HEADER,
                searches.queryRows(domain, period).stream().map(q -> List.of(q.query(), Long.toString(q.searches()),
                        Long.toString(q.withResults()), Long.toString(q.searches() - q.withResults()), Long.toString(q.opened()),
                        String.format(Locale.ROOT, "%.3f", q.clickThrough()), String.format(Locale.ROOT, "%.1f", q.averageResults()))).toList());
    }

    private static void table(Page page, List<SearchAnalytics.QueryRow> rows, String empty) {
        if (rows.isEmpty()) {
            page.raw("<p class=\"empty\">").text(empty).raw("</p>\n");
            return;
        }
        page.raw("<table class=\"queries\"><thead><tr><th>Query</th><th>Searches</th><th>No results</th><th>Result opened</th>"
                + "<th>Click-through</th></tr></thead><tbody>");
        for (SearchAnalytics.QueryRow q : rows) {
            page.raw("<tr><td>").text(q.query()).raw("</td><td>").text(Long.toString(q.searches())).raw("</td><td>")
                    .text(Long.toString(q.searches() - q.withResults())).raw("</td><td>").text(Long.toString(q.opened()))
                    .raw("</td><td>").text(q.withResults() == 0 ? "—" : percent(q.opened(), q.withResults())).raw("</td></tr>");
        }
        page.raw("</tbody></table>\n");
    }

    /** {@code min}: 1 to 1000, default {@link #DEFAULT_MIN_SEARCHES}; anything else is a 400 naming it. */
    static int minSearches(ServerRequest req) {
        Optional<String> value = req.query().first("min").asOptional().filter(v -> !v.isBlank());
        if (value.isEmpty()) {
            return DEFAULT_MIN_SEARCHES;
        }
        try {
            int min = Integer.parseInt(value.get().strip());
            if (min >= 1 && min <= 1000) {
                return min;
            }
        } catch (NumberFormatException e) {
            // told below
        }
        throw ApiException.badRequest("min must be a whole number from 1 to 1000");
    }

    static String percent(long part, long whole) {
        return String.format(Locale.ROOT, "%.0f %%", 100.0 * part / whole);
    }

    static String number(String label, String value) {
        return "<div class=\"number\"><b>" + Dashboard.attr(value) + "</b><span>" + Dashboard.attr(label) + "</span></div>";
    }
}
