package dev.docsassistant.rest;

import dev.docsassistant.insights.Channel;
import dev.docsassistant.assistant.CollectedAnswer;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.AssistantException;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.StreamSettings;
import dev.docsassistant.request.AssistantLimits;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.security.AccessDecision;
import dev.docsassistant.sites.SiteNotReadyException;
import dev.docsassistant.transport.PeerProbe;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;
import dev.docsassistant.web.JsonBody;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The OpenAI-compatible edge, so any OpenAI SDK pointed at {@code http://HOST/v1} with an assistant
 * key is a client (or, on a site readers sign in to, with a reader's session token: that reader's
 * pages, see {@link ApiAccess#admitKeyOrReader}): {@code POST /v1/chat/completions} ({@code model} is the site's domain; the same
 * answer as v2, whole or as {@code chat.completion.chunk} events) and {@code GET /v1/models} (the
 * sites the key opens). The site comes from the body, so the access rule ({@link ApiAccess#admit})
 * runs once the body is read; every error is in OpenAI's shape ({@link OpenAiErrors}) with the
 * statuses and rate-limit headers of the rest of the API.
 */
final class OpenAiRoutes implements HttpService {
    private static final Logger LOG = Logger.getLogger(OpenAiRoutes.class.getName());

    private final ApiAccess access;
    private final AssistantService assistant;
    private final ChatCompletionParser parser;
    private final AssistantLimits limits;
    private final Duration keepAlive;
    /** The models' {@code created}: the sites are served since the server started. */
    private final long startedAt = Instant.now().getEpochSecond();

    OpenAiRoutes(ApiAccess access, AssistantService assistant, AssistantRules rules, StreamSettings stream) {
        this.access = access;
        this.assistant = assistant;
        this.parser = new ChatCompletionParser(rules);
        this.limits = rules.limits();
        this.keepAlive = stream.keepAlive();
    }

    @Override
    public void routing(HttpRules rules) {
        rules.any("/v1/chat/completions", only(Method.POST))
                .any("/v1/models", only(Method.GET))
                .post("/v1/chat/completions", this::completions)
                .get("/v1/models", this::models);
    }

    private void models(ServerRequest req, ServerResponse res) {
        AccessDecision decision = access.admitAnySite(req, res);
        if (!decision.granted()) {
            refuse(res, decision);
            return;
        }
        List<Map<String, Object>> data = access.sitesOpenedBy(decision).stream().map(domain -> Json.object(
                "id", domain, "object", "model", "created", startedAt, "owned_by", decision.caller().organization())).toList();
        Json.send(res, 200, Json.object("object", "list", "data", data));
    }

    private void completions(ServerRequest req, ServerResponse res) {
        JsonNode body = null;
        RuntimeException unreadable = null;
        try {
            body = JsonBody.read(req, limits.maxBodyBytes());
        } catch (ApiException e) {
            unreadable = e; // reported once the key is checked: a caller without one learns nothing else
        }
        String model = ChatCompletionParser.model(body);
        // Without a model the key is still checked (and counted) first; the missing model is then a 400.
        AccessDecision decision = model == null ? access.admitAnySite(req, res) : access.admitKeyOrReader(req, res, model);
        if (!decision.granted()) {
            refuse(res, decision);
            return;
        }
        ChatCompletionParser.Parsed parsed;
        AssistantService.Accepted accepted;
        try {
            if (unreadable != null) {
                throw unreadable;
            }
            parsed = parser.parse(body);
            // Access groups come from the key or the reader's session: a chat completion names none, so it reads all of them.
            accepted = assistant.accept(parsed.request().withGroups(ApiAccess.groupsFor(req, java.util.List.of())),
                    ApiAccess.threadCaller(req));
        } catch (RuntimeException e) {
            fail(req, res, e);
            return;
        }
        long created = Instant.now().getEpochSecond();
        if (parsed.stream()) {
            stream(req, res, parsed.model(), created, accepted);
        } else {
            whole(req, res, parsed.model(), created, accepted);
        }
    }

    private void whole(ServerRequest req, ServerResponse res, String model, long created, AssistantService.Accepted accepted) {
        CollectedAnswer answer = new CollectedAnswer(Channel.OPENAI);
        try {
            assistant.answer(accepted, answer);
        } catch (RuntimeException e) {
            fail(req, res, e);
            return;
        }
        if (answer.error() != null) {
            // Failed after it started (the model broke off): nothing was sent yet, so still a status.
            OpenAiErrors.send(res, 502, answer.error(), null, null);
            return;
        }
        Json.send(res, 200, ChatCompletions.completion(answer, model, created));
    }

    private void stream(ServerRequest req, ServerResponse res, String model, long created, AssistantService.Accepted accepted) {
        StreamOutput out = new StreamOutput(() -> {
            res.status(Status.OK_200);
            res.header(HeaderNames.CONTENT_TYPE, "text/event-stream");
            res.header(HeaderNames.CACHE_CONTROL, "no-cache");
            res.header("x-accel-buffering", "no");
            return res.outputStream();
        }, PeerProbe.of(req));
        ChatCompletionChunks chunks = new ChatCompletionChunks(out, model, created);
        ScheduledFuture<?> keepAlives = KeepAliveTicks.every(keepAlive, chunks::keepAlive);
        try {
            assistant.answer(accepted, chunks);
        } catch (AssistantException e) {
            if (!out.opened()) {
                fail(req, res, e); // failed before the first byte: still a status
            } else {
                try {
                    chunks.error(e.getMessage()); // a keep-alive committed the response in the same instant
                } catch (AnswerAbandoned gone) {
                    // Nobody left to tell.
                }
            }
        } finally {
            keepAlives.cancel(false);
            out.close();
        }
    }

    /** A refusal of the access rule: 401, 403 (naming {@code model} when the key does not open that site) or 429. */
    private static void refuse(ServerResponse res, AccessDecision decision) {
        int status = ApiAccess.refusalStatus(res, decision);
        boolean origin = decision.message().startsWith("origin ");
        String code = switch (status) {
            case 401 -> "invalid_api_key";
            case 403 -> origin ? null : "model_not_found";
            case 429 -> "rate_limit_exceeded";
            default -> null;
        };
        OpenAiErrors.send(res, status, decision.message(), status == 403 && !origin ? "model" : null, code);
    }

    /** What the body, the rules and the core refused, with the statuses and headers RestEdge gives them. */
    private static void fail(ServerRequest req, ServerResponse res, RuntimeException e) {
        RestErrors.Answer answer = RestErrors.of(e);
        if (!answer.expected()) {
            LOG.log(Level.SEVERE, "unhandled error on " + req.prologue().method() + " " + req.path().path(), e);
        }
        if (e instanceof ApiException api && api.closeConnection()) {
            res.header(HeaderValues.CONNECTION_CLOSE);
        }
        if (answer.status() == 503) {
            res.header(HeaderNames.RETRY_AFTER, e instanceof SiteNotReadyException
                    ? Integer.toString(SiteNotReadyException.RETRY_AFTER_SECONDS) : "1");
        }
        OpenAiErrors.send(res, e);
    }

    /** Another method than the route's is 405 with {@code Allow}, before any key is asked for; OPTIONS is a CORS preflight. */
    private static Handler only(Method allowed) {
        return (req, res) -> {
            Method method = req.prologue().method();
            if (method == allowed) {
                res.next();
                return;
            }
            if (method == Method.OPTIONS) {
                ApiAccess.preflight(req, res);
                return;
            }
            res.header(HeaderNames.ALLOW, allowed.text() + ", OPTIONS");
            ApiAccess.decorate(req, res);
            OpenAiErrors.send(res, 405, "method " + method.text() + " is not allowed here; use " + allowed.text(), null, null);
        };
    }
}
