package dev.docsassistant.rest;

import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.resume.AnswerRecords;
import dev.docsassistant.security.AccessDecision;
import dev.docsassistant.transport.PeerProbe;
import dev.docsassistant.web.Json;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code GET /v2/assistant/{domain}/message/{threadId}/stream}: the thread's answer being produced,
 * as the AI SDK's {@code useChat({resume: true})} asks for it ({@code DefaultChatTransport} GETs
 * {@code {api}/{chatId}/stream}): the v2 events sent so far, then the live ones until the answer
 * ends; 204 when the thread has no answer in progress. The same key and rules as the message
 * endpoint; a thread this caller may not reach (another domain, another organisation's site, another
 * key's thread, groups the key lacks, a wrong or, for a page key's thread, missing {@code X-Thread-Key})
 * is 404 whether it exists or not.
 */
final class ResumeRoutes implements HttpService {
    static final String PATH = "/v2/assistant/{domain}/message/{threadId}/stream";
    private static final Pattern THREAD_ID = Pattern.compile("[A-Za-z0-9_-]{1,100}");
    /** What a reader hears when the answer's server stopped producing it. */
    static final String LOST = "the answer was interrupted; please ask again";

    private final ApiAccess access;
    private final ThreadStore threads;
    private final AnswerRecords records;
    private final boolean requireKey;
    private final Duration keepAlive;

    ResumeRoutes(ApiAccess access, ThreadStore threads, AnswerRecords records, boolean requireKey, Duration keepAlive) {
        this.access = access;
        this.threads = threads;
        this.records = records;
        this.requireKey = requireKey;
        this.keepAlive = keepAlive;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.any(PATH, this::resume);
    }

    private void resume(ServerRequest req, ServerResponse res) throws InterruptedException {
        Method method = req.prologue().method();
        if (method == Method.OPTIONS) {
            ApiAccess.preflight(req, res, "GET, OPTIONS");
            return;
        }
        if (method != Method.GET) {
            res.header(HeaderNames.ALLOW, "GET, OPTIONS");
            ApiAccess.decorate(req, res);
            Json.sendError(res, 405, "method " + method.text() + " is not allowed here; use GET");
            return;
        }
        String domain = req.path().pathParameters().get("domain");
        String threadId = req.path().pathParameters().get("threadId");
        AccessDecision decision = access.admit(req, res, domain);
        if (!decision.granted() && decision.outcome() != AccessDecision.Outcome.FORBIDDEN) {
            Json.sendError(res, ApiAccess.refusalStatus(res, decision), decision.message());
            return;
        }
        String key = req.headers().first(HeaderNames.create("X-Thread-Key")).map(String::strip).orElse(null);
        // A key that may not open this site learns no more than a wrong thread id would tell it.
        if (!decision.granted() || !THREAD_ID.matcher(threadId).matches() || requireKey && key == null
                || !threads.reachable(domain, threadId, key, ApiAccess.threadCaller(req))) {
            Json.sendError(res, 404, "thread not found: " + (THREAD_ID.matcher(threadId).matches() ? threadId : "(malformed id)"));
            return;
        }
        Optional<AnswerRecords.Follower> follower = records.follow(threadId);
        if (follower.isEmpty()) {
            res.status(Status.NO_CONTENT_204).send();
            return;
        }
        replay(req, res, threadId, follower.get());
    }

    /** The events so far, then the live ones, each flushed; a keep-alive whenever the answer is silent that long. */
    private void replay(ServerRequest req, ServerResponse res, String threadId, AnswerRecords.Follower follower)
            throws InterruptedException {
        StreamOutput out = new StreamOutput(() -> {
            res.status(Status.OK_200);
            res.header("X-Thread-Id", threadId);
            res.header(HeaderNames.CONTENT_TYPE, "text/event-stream");
            res.header(HeaderNames.CACHE_CONTROL, "no-cache");
            res.header("x-vercel-ai-ui-message-stream", "v1");
            res.header("x-accel-buffering", "no");
            return res.outputStream();
        }, PeerProbe.of(req));
        Duration wait = keepAlive.compareTo(Duration.ofSeconds(1)) < 0 ? keepAlive : Duration.ofSeconds(1);
        try {
            out.write(": resuming\n\n"); // the headers leave now, whether or not the model has written yet
            long silentSince = System.nanoTime();
            while (!out.gone()) {
                AnswerRecords.Batch batch = follower.next(wait);
                if (!batch.events().isEmpty()) {
                    out.hold();
                    batch.events().forEach(e -> out.write("data: " + e + "\n\n"));
                    out.release();
                    silentSince = System.nanoTime();
                }
                if (batch.ended()) {
                    if (batch.lost()) {
                        out.write("data: " + Json.write(Json.object("type", "error", "errorText", LOST)) + "\n\n");
                    }
                    out.end("data: [DONE]\n\n");
                    return;
                }
                if (System.nanoTime() - silentSince >= keepAlive.toNanos()) {
                    out.write(": keep-alive\n\n");
                    silentSince = System.nanoTime();
                }
            }
        } catch (AnswerAbandoned gone) {
            // The reader left again; the answer goes on for whoever comes back.
        } finally {
            out.close();
        }
    }
}
