package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.insights.ExportFormat;
import dev.docsassistant.insights.InsightsDatasets;
import dev.docsassistant.insights.Period;
import dev.docsassistant.web.ApiException;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * {@code /dashboard/{org}/{domain}/export/{dataset}?format=csv|jsonl&from=&to=}: one of the
 * {@link InsightsDatasets} of the site, downloaded (the analytics API serves the same).
 */
final class InsightsExport {
    private final App app;

    InsightsExport(App app) {
        this.app = app;
    }

    void download(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        String name = req.path().pathParameters().get("dataset");
        InsightsDatasets.Dataset dataset = InsightsDatasets.get(name).orElseThrow(() -> ApiException.notFound("no dataset " + name
                + "; there are " + String.join(", ", InsightsDatasets.all().stream().map(InsightsDatasets.Dataset::name).toList())));
        ExportFormat format;
        try {
            format = ExportFormat.of(req.query().first("format").orElse(null));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        Period period = InsightsPage.period(req);
        String domain = scope.domain();
        Page.headers(res);
        res.header(HeaderNames.CONTENT_TYPE, format.contentType());
        res.header(HeaderNames.CONTENT_DISPOSITION, "attachment; filename=\"" + domain + "-" + dataset.name() + "-" + period.from()
                + "-" + period.to() + "." + format.extension() + "\"");
        try (OutputStream out = res.outputStream(); Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            InsightsDatasets.write(app.database(), dataset, domain, period, format, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
