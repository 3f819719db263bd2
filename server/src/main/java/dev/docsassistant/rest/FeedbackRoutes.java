package dev.docsassistant.rest;

import dev.docsassistant.request.SearchRules;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;
import dev.docsassistant.web.JsonBody;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.insights.AgentFeedback;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.Sites;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.logging.Logger;

/**
 * {@code POST /v1/feedback/{domain}} {path, helpful}: the "Was this page helpful?" answer from a
 * rendered page or an agent (each page's Markdown names this endpoint), written as one log line per
 * answer and, for a page the site has, kept for the dashboard's page answer share. Sites with
 * {@code telemetry.enabled: false} show no such control.
 */
public final class FeedbackRoutes implements HttpService {
    private static final Logger LOG = Logger.getLogger(FeedbackRoutes.class.getName());
    private static final int MAX_BODY_BYTES = 4096;
    private static final int MAX_PATH_CHARS = SearchRules.MAX_PATH_CHARS;

    private final Sites sites;
    private final AgentFeedback feedback;

    public FeedbackRoutes(Sites sites, AgentFeedback feedback) {
        this.sites = sites;
        this.feedback = feedback;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/feedback/{domain}", this::feedback);
    }

    private void feedback(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        Site site = sites.get(domain).orElseThrow(() -> ApiException.notFound("unknown site: " + domain));
        JsonNode body = JsonBody.read(req, MAX_BODY_BYTES);
        String path = Fields.requiredString(body, "path", "path");
        if (path.length() > MAX_PATH_CHARS || !path.startsWith("/")) {
            throw ApiException.badRequest("path must be a page path starting with '/' of at most " + MAX_PATH_CHARS + " characters");
        }
        JsonNode helpful = body.get("helpful");
        if (helpful == null || !helpful.isBoolean()) {
            throw ApiException.badRequest("helpful is required and must be a boolean");
        }
        LOG.info("feedback site=" + domain + " path=" + path.replaceAll("\\s", "") + " helpful=" + helpful.asBoolean());
        String page = path.contains("#") ? path.substring(0, path.indexOf('#')) : path;
        site.content().page(page).ifPresent(p -> feedback.onPage(domain, "/" + p.path(), helpful.asBoolean(), null, Channel.REST_V1.stored()));
        res.status(204).send();
    }
}
