package dev.docsassistant.rest;

import dev.docsassistant.transport.PeerProbe;
import dev.docsassistant.web.JsonBody;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.AssistantEvents;
import dev.docsassistant.assistant.AssistantException;
import dev.docsassistant.assistant.AssistantRequest;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.request.AssistantLimits;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.assistant.StreamSettings;
import dev.docsassistant.resume.AnswerRecords;
import dev.docsassistant.resume.MemoryAnswerRecords;
import dev.docsassistant.resume.ResumeSettings;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;

/**
 * {@code POST /v2/assistant/{domain}/message} (UI message stream) and the deprecated
 * {@code POST /v1/assistant/{domain}/message} (v4 data stream). Everything that can fail is checked
 * before the first byte, so such failures are a status and {@code {"message"}}; later ones are the
 * stream's error event. With {@code stream.resume}, each v2 answer is recorded as it streams and
 * outlives its reader for a while, so that {@link ResumeRoutes} can replay it to a reader who came back.
 */
public final class AssistantRoutes implements HttpService {
    private final AssistantService assistant;
    private final AssistantRequestParser parser;
    private final AssistantLimits limits;
    private final boolean finishThreadId;
    private final boolean reasoning;
    private final Duration keepAlive;
    private final AnswerRecords records;
    private final ResumeSettings resume;

    /** Without resumable answers: a reader leaving stops the answer at once. */
    public AssistantRoutes(AssistantService assistant, AssistantRules rules, StreamSettings stream) {
        this(assistant, rules, stream, new MemoryAnswerRecords(), ResumeSettings.OFF);
    }

    /** @param records where v2 answers are recorded when {@code resume} is enabled */
    public AssistantRoutes(AssistantService assistant, AssistantRules rules, StreamSettings stream, AnswerRecords records,
                           ResumeSettings resume) {
        this.records = records;
        this.resume = resume;
        this.assistant = assistant;
        this.limits = rules.limits();
        this.parser = new AssistantRequestParser(rules);
        this.finishThreadId = stream.finishThreadId();
        this.reasoning = stream.reasoning();
        this.keepAlive = stream.keepAlive();
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/v2/assistant/{domain}/message", this::v2)
                .post("/v1/assistant/{domain}/message", this::v1);
    }

    private void v2(ServerRequest req, ServerResponse res) {
        AssistantService.Accepted accepted = accept(req);
        AnswerRecords.Recording recording = resume.enabled() ? records.record(accepted.threadId()) : null;
        StreamOutput out = new StreamOutput(() -> {
            headers(res, accepted);
            res.header(HeaderNames.CONTENT_TYPE, "text/event-stream");
            res.header(HeaderNames.CACHE_CONTROL, "no-cache");
            res.header("x-vercel-ai-ui-message-stream", "v1");
            res.header("x-accel-buffering", "no");
            return res.outputStream();
        }, PeerProbe.of(req), recording == null ? Duration.ZERO : resume.outliveReader(),
                () -> recording != null && recording.superseded());
        UiMessageStream stream = recording == null ? new UiMessageStream(out, finishThreadId, reasoning)
                : new UiMessageStream(out, finishThreadId, reasoning, recording);
        // Never interrupted: an interrupt during a socket write would close the connection.
        ScheduledFuture<?> keepAlives = KeepAliveTicks.every(keepAlive, () -> {
            stream.keepAlive();
            if (recording != null) {
                recording.touch();
            }
        });
        try {
            answer(accepted, stream, out);
        } catch (AssistantException e) {
            stream.recordFailure("msg_" + UUID.randomUUID().toString().replace("-", ""), accepted.threadId(), e.getMessage());
            throw e;
        } finally {
            keepAlives.cancel(false);
            if (recording != null) {
                recording.end();
            }
            out.close();
        }
    }

    /** Its {@code Deprecation}, {@code Sunset} and {@code Link} headers come from the {@link V1Sunset} filter. */
    private void v1(ServerRequest req, ServerResponse res) {
        AssistantService.Accepted accepted = accept(req);
        StreamOutput out = new StreamOutput(() -> {
            headers(res, accepted);
            res.header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
            res.header("X-Vercel-AI-Data-Stream", "v1");
            return res.outputStream();
        }, PeerProbe.of(req));
        try {
            answer(accepted, new DataStream(out), out);
        } finally {
            out.close();
        }
    }

    /** A generator that failed before the first byte is still a status: 502 (bad answer) or 503 (no answer). */
    private void answer(AssistantService.Accepted accepted, AssistantEvents events, StreamOutput out) {
        try {
            assistant.answer(accepted, events);
        } catch (AssistantException e) {
            if (!out.opened()) {
                throw e; // still a status: RestErrors maps it
            }
            // A keep-alive committed the response in the same instant: report the failure in the stream.
            try {
                events.start("msg_" + UUID.randomUUID().toString().replace("-", ""), accepted.threadId());
                events.error(e.getMessage());
            } catch (AnswerAbandoned gone) {
                // Nobody left to tell.
            }
        }
    }

    private AssistantService.Accepted accept(ServerRequest req) {
        JsonNode body = JsonBody.read(req, limits.maxBodyBytes());
        AssistantRequest request = parser.parse(req.path().pathParameters().get("domain"), body);
        return assistant.accept(request.withGroups(ApiAccess.groupsFor(req, request.filter().groups())),
                ApiAccess.threadCaller(req));
    }

    private static void headers(ServerResponse res, AssistantService.Accepted accepted) {
        res.status(Status.OK_200);
        res.header("X-Thread-Id", accepted.threadId());
        if (accepted.threadKey() != null) {
            res.header("X-Thread-Key", accepted.threadKey());
        }
    }
}
