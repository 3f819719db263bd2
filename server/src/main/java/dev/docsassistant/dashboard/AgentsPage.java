package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.insights.Audience;
import dev.docsassistant.insights.Period;
import dev.docsassistant.insights.TrafficReport;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;

/**
 * {@code /dashboard/{org}/{domain}/agents?from=&to=}: page reads per day and per page by audience —
 * readers in browsers beside agents (MCP tools, .md and llms.txt, known AI crawlers) — and
 * {@code agents.csv}, the roll-up's rows. Counts reach the store within a minute of the read.
 */
final class AgentsPage {
    static final int LISTED_PAGES = 50;
    static final List<String> CSV_HEADER = List.of("day", "path", "audience", "hits");

    private final TrafficReport traffic;

    AgentsPage(App app) {
        this.traffic = new TrafficReport(app.database());
    }

    void show(ServerRequest req, ServerResponse res, Dashboard.SiteScope s) {
        Period period = InsightsPage.period(req);
        List<TrafficReport.TrafficRow> rows = traffic.rows(s.domain(), period);
        Page page = s.page("agents and readers", "Agents");
        InsightsPage.periodForm(page, s.base() + "/agents", period, "");
        long agents = rows.stream().filter(r -> r.audience().agent()).mapToLong(TrafficReport.TrafficRow::hits).sum();
        long browsers = rows.stream().filter(r -> r.audience() == Audience.BROWSER).mapToLong(TrafficReport.TrafficRow::hits).sum();
        page.raw("<section class=\"numbers\">").raw(SearchAnalyticsPage.number("Reads by agents", Long.toString(agents)))
                .raw(SearchAnalyticsPage.number("Reads in browsers", Long.toString(browsers))).raw("</section>\n");
        InsightsPage.csvExport(page, "Reads per day, page and audience", s.base() + "/agents.csv", period);
        page.raw("<h2>Per day</h2>\n");
        table(page, "Day", TrafficReport.perDay(rows, period));
        page.raw("<h2>Per page</h2>\n");
        List<TrafficReport.Totals> pages = TrafficReport.perPage(rows);
        if (pages.isEmpty()) {
            page.raw("<p class=\"empty\">No page was read in this period.</p>\n");
        } else {
            table(page, "Page", pages.subList(0, Math.min(LISTED_PAGES, pages.size())));
        }
        page.send(res, 200);
    }

    void csv(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        Period period = InsightsPage.period(req);
        String domain = scope.domain();
        Export.table(res, domain + "-agents-" + period.from() + "-" + period.to() + ".csv", CSV_HEADER,
                traffic.rows(domain, period).stream().map(r -> List.of(r.day().toString(), r.path(), r.audience().stored(),
                        Long.toString(r.hits()))).toList());
    }

    private static void table(Page page, String first, List<TrafficReport.Totals> totals) {
        page.raw("<table class=\"traffic\"><thead><tr><th>").text(first).raw("</th><th>Agents</th>");
        for (Audience a : Audience.values()) {
            page.raw("<th>").text(a.label()).raw("</th>");
        }
        page.raw("</tr></thead><tbody>");
        for (TrafficReport.Totals t : totals) {
            page.raw("<tr><td>").text(t.key()).raw("</td><td><b>").text(Long.toString(t.agents())).raw("</b></td>");
            for (Audience a : Audience.values()) {
                page.raw("<td>").text(Long.toString(t.of(a))).raw("</td>");
            }
            page.raw("</tr>");
        }
        page.raw("</tbody></table>\n");
    }
}
