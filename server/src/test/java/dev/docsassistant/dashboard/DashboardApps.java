package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.testing.TestSites;
import io.helidon.webserver.WebServerConfig;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A real app on a test server for the dashboard tests: site {@code acme-docs} of organisation acme and
 * {@code other-docs} of organisation other, both a small relay site whose docs.json has a GA4 problem.
 */
final class DashboardApps {
    private DashboardApps() {
    }

    /** @param extraYaml appended under {@code docs-assistant:} */
    static App serve(WebServerConfig.Builder server, String extraYaml) throws IOException {
        return serve(server, extraYaml, "");
    }

    /** @param acmeSite more keys of site {@code acme-docs}, in flow style ({@code reader-auth: {method: password, …}}) */
    static App serve(WebServerConfig.Builder server, String extraYaml, String acmeSite) throws IOException {
        Path dir = Files.createTempDirectory("docs-assistant-dashboard-");
        new TestSites(dir.resolve("site")).file("docs.json", """
                        {"name": "S", "navigation": {"groups": [{"group": "G", "pages": ["index", "retries"]}]},
                         "integrations": {"ga4": {"measurementId": "UA-123"}}}""")
                .page("index", "# Welcome\n\nWelcome to the relay docs.", "title: Home")
                .page("retries", "# Retries\n\nFailed deliveries are retried five times with exponential backoff.", "title: Retries");
        Files.writeString(dir.resolve("application.yaml"), """
                docs-assistant:
                  data-dir: data
                  sites:
                    - {domain: acme-docs, organization: acme, path: site%s}
                    - {domain: other-docs, organization: other, path: site}
                """.formatted(acmeSite.isEmpty() ? "" : ", " + acmeSite) + extraYaml.indent(2));
        App app = Bootstrap.start(AppConfig.load(dir.resolve("application.yaml")), new PrintStream(OutputStream.nullOutputStream()));
        ServerSetup.configure(server, app);
        return app;
    }
}
