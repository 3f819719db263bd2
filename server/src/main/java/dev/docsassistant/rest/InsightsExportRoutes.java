package dev.docsassistant.rest;

import dev.docsassistant.app.App;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.insights.ExportFormat;
import dev.docsassistant.insights.InsightsDatasets;
import dev.docsassistant.insights.Period;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.AnalyticsKeys;
import dev.docsassistant.security.Quota;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * {@code GET /v1/insights/{domain}/{dataset}?format=csv|jsonl&from=&to=}: a site's insights for an
 * organisation's own tools, opened by an analytics key ({@link AnalyticsKeys}) of the organisation
 * owning the site, never by an assistant key. Without a valid analytics key every site answers the
 * same 401; a key of another organisation gets 403 whether the site exists or not.
 */
final class InsightsExportRoutes implements HttpService {
    private final App app;
    private final AnalyticsKeys keys;

    InsightsExportRoutes(App app) {
        this.app = app;
        this.keys = app.analyticsKeys();
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/{domain}/{dataset}", this::export);
    }

    private void export(ServerRequest req, ServerResponse res) {
        // Every request counts against its address first, so guessing keys costs requests too.
        Quota quota = app.access().countAddress(new AccessRequest(null, null, ApiAccess.peer(req), ApiAccess.forwardedFor(req), null));
        if (!quota.allowed()) {
            res.header(HeaderNames.RETRY_AFTER, Long.toString(quota.retryAfterSeconds()));
            Json.sendError(res, 429, "too many requests from this address; retry in " + quota.retryAfterSeconds() + " s");
            return;
        }
        String authorization = req.headers().first(HeaderNames.AUTHORIZATION).orElse("");
        String secret = authorization.regionMatches(true, 0, "Bearer ", 0, 7) ? authorization.substring(7).strip() : null;
        Optional<AnalyticsKeys.Key> key = keys.find(secret);
        if (key.isEmpty() || !key.get().activeAt(Instant.now())) {
            res.header(HeaderNames.WWW_AUTHENTICATE, "Bearer");
            Json.sendError(res, 401, key.isEmpty() ? "insights need 'Authorization: Bearer <analytics key>'; assistant keys do not open them"
                    : "analytics key has been revoked or has expired");
            return;
        }
        String domain = req.path().pathParameters().get("domain");
        if (!ownedBy(domain, key.get().organization())) {
            Json.sendError(res, 403, "this analytics key is not valid for site '" + domain + "'");
            return;
        }
        String name = req.path().pathParameters().get("dataset");
        InsightsDatasets.Dataset dataset = InsightsDatasets.get(name).orElseThrow(() -> ApiException.notFound("no dataset " + name
                + "; there are " + String.join(", ", InsightsDatasets.all().stream().map(InsightsDatasets.Dataset::name).toList())));
        ExportFormat format;
        Period period;
        try {
            format = ExportFormat.of(req.query().first("format").orElse(null));
            period = Period.parse(req.query().first("from").orElse(null), req.query().first("to").orElse(null),
                    LocalDate.now(ZoneOffset.UTC));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
        keys.markUsed(key.get().id());
        res.header(HeaderNames.CONTENT_TYPE, format.contentType());
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        try (OutputStream out = res.outputStream(); Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            InsightsDatasets.write(app.database(), dataset, domain, period, format, w);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the organisation owns the site (configured, or created at run time). */
    private boolean ownedBy(String domain, String organization) {
        return app.config().sites().stream().filter(s -> s.domain().equals(domain)).map(SiteConfig::organization).findFirst()
                .or(() -> app.deployments().site(domain).map(s -> s.organization())).map(organization::equals).orElse(false);
    }
}
