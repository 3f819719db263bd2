package dev.docsassistant.rest;

import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;
import dev.docsassistant.web.JsonBody;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.request.FeedbackRules;
import dev.docsassistant.sites.Sites;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * {@code POST /v1/assistant/{domain}/feedback} {@code {"threadId", "messageId", "helpful", "comment"?}}:
 * a reader's verdict on one answer, kept for the site's insights (giving it again replaces it). The
 * ids are those of the answer's stream ({@code start}'s messageId, the thread id). 204 when kept,
 * 404 when the site has no such answer in that thread.
 */
final class AnswerFeedbackRoutes implements HttpService {
    private static final int MAX_BODY_BYTES = 16 * 1024;

    private final Sites sites;
    private final InsightsLog insights;

    AnswerFeedbackRoutes(Sites sites, InsightsLog insights) {
        this.sites = sites;
        this.insights = insights;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/v1/assistant/{domain}/feedback", this::feedback);
    }

    private void feedback(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        sites.get(domain).orElseThrow(() -> ApiException.notFound("unknown domain: " + domain));
        JsonNode body = JsonBody.read(req, MAX_BODY_BYTES);
        JsonNode helpful = body.get("helpful");
        if (helpful != null && !helpful.isNull() && !helpful.isBoolean()) {
            throw ApiException.badRequest("helpful must be true or false");
        }
        FeedbackRules.AnswerFeedback feedback = FeedbackRules.check(Fields.optString(body, "threadId", "threadId"),
                Fields.optString(body, "messageId", "messageId"),
                helpful == null || helpful.isNull() ? null : helpful.booleanValue(),
                Fields.optString(body, "comment", "comment"));
        if (!insights.feedback(domain, feedback.threadId(), feedback.messageId(), feedback.helpful(), feedback.comment())) {
            throw ApiException.notFound("no answer " + feedback.messageId() + " in thread " + feedback.threadId() + " of site " + domain);
        }
        res.status(204).send();
    }
}
