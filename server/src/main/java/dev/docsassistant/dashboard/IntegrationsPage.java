package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.integrations.spi.Problem;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.sites.Site;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;

/**
 * {@code /dashboard/{org}/{domain}/integrations}: what {@code validate} reports for the site as it is
 * served: its docs.json {@code integrations} errors and warnings, then the problems loading found.
 */
final class IntegrationsPage {
    private final App app;

    IntegrationsPage(App app) {
        this.app = app;
    }

    void show(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        String org = scope.org();
        Site site = scope.site();
        String domain = scope.domain();
        List<Problem> problems = app.integrations().validate(site.content().docsJson().get("integrations"));
        List<SiteProblem> loading = site.stats().problems();
        Page page = scope.page("integrations", "Integrations");
        long errors = problems.stream().filter(Problem::isError).count();
        page.raw("<p class=\"").raw(errors > 0 ? "error" : "ok").raw("\">").text(errors + " error" + (errors == 1 ? "" : "s") + ", "
                + (problems.size() - errors + loading.size()) + " warning" + (problems.size() - errors + loading.size() == 1 ? "" : "s")
                + " (as bin/docs-assistant validate reports them)").raw("</p>\n");
        if (!problems.isEmpty() || !loading.isEmpty()) {
            page.raw("<table class=\"problems\"><thead><tr><th>Severity</th><th>Where</th><th>Problem</th></tr></thead><tbody>\n");
            problems.stream().sorted((a, b) -> Boolean.compare(b.isError(), a.isError())).forEach(p -> page.raw("<tr><td>")
                    .text(p.isError() ? "error" : "warning").raw("</td><td><code>").text("docs.json#" + p.pointer()).raw("</code></td><td>")
                    .text(p.message()).raw("</td></tr>\n"));
            loading.forEach(p -> page.raw("<tr><td>warning</td><td><code>").text(p.file() + (p.location().isEmpty() ? "" : " (" + p.location() + ")"))
                    .raw("</code></td><td>").text(p.message()).raw("</td></tr>\n"));
            page.raw("</tbody></table>\n");
        }
        page.send(res, 200);
    }
}
