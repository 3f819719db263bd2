package dev.docsassistant.assistant.llm;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.ExtractiveGenerator;
import dev.docsassistant.assistant.GeneratorException;

import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Answers with a language model behind any OpenAI-compatible Chat Completions endpoint (OpenAI,
 * Azure OpenAI, vLLM, Ollama, llama.cpp server, LiteLLM), streaming its deltas to the reader as
 * they arrive. Sources are the retrieved pages its links and numbered citations point to, each
 * named as soon as the citation is complete.
 */
public final class LlmGenerator implements AnswerGenerator {
    private static final Logger LOG = Logger.getLogger(LlmGenerator.class.getName());
    private static final ObjectMapper JSON = Mappers.JSON;
    /**
     * How often a wait on the provider looks whether the reader is still there: every 250 ms at
     * first, then less often the longer the wait (a quarter of it, at most every 2 s), so that
     * thousands of answers waiting on a slow model do not keep waking up for nothing.
     */
    private static final long WATCH_MIN_NANOS = Duration.ofMillis(250).toNanos();
    private static final long WATCH_MAX_NANOS = Duration.ofSeconds(2).toNanos();
    /** Enough of an error body to log what the provider said. */
    private static final int ERROR_BODY_CHARS = 2000;

    private final LlmSettings settings;
    private final PromptBuilder prompts;
    private final Optional<String> siteUrl;
    private final HttpClient http;
    /** Present when {@code rewrite-query} is on. */
    private final Optional<QueryRewriter> rewriter;

    /**
     * @param siteInstructions the site's own instructions for the model, or null
     * @param siteUrl          the site's public base URL, so links to it count as citations too
     */
    public LlmGenerator(LlmSettings settings, String siteInstructions, Optional<String> siteUrl) {
        this.settings = settings;
        this.prompts = new PromptBuilder(siteInstructions, settings.historyTokens());
        this.siteUrl = siteUrl;
        // HTTP/1.1: every compatible server speaks it, and cancelling an exchange then simply drops its connection.
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.rewriter = settings.rewriteQuery() ? Optional.of(new QueryRewriter(settings, http, this::redacted)) : Optional.empty();
    }

    @Override
    public Optional<String> searchQuery(QueryInput input) {
        return rewriter.flatMap(r -> r.rewrite(input));
    }

    @Override
    public void generate(Input input, Output out) {
        if (input.retrieved().isEmpty()) {
            // Nothing to ground an answer on (retrieval found nothing, or the question names what the
            // site never mentions): the model could only guess, so it is not asked.
            out.text(ExtractiveGenerator.notFound(input));
            return;
        }
        try {
            stream(input, out);
        } catch (ProviderFailure f) {
            LOG.warning(redacted("llm " + settings.completionsUri() + " model " + settings.model()
                    + (f.status() > 0 ? " status " + f.status() : "") + ": " + f.getMessage() + " - " + f.detail()));
            throw new GeneratorException(f.kind(), f.getMessage());
        }
    }

    private void stream(Input input, Output out) {
        Instant started = Instant.now();
        Instant end = started.plus(settings.totalTimeout());
        Instant firstTokenBy = min(started.plus(settings.firstTokenTimeout()), end);
        Citations citations = new Citations(input.retrieved(), siteUrl);
        ReleasableBody body = body(prompts.build(input));
        try (ProviderStream stream = open(request(body), body, firstTokenBy, out)) {
            int status = stream.status();
            if (status / 100 != 2) {
                throw refused(status, errorBody(stream, firstTokenBy));
            }
            SseEvents sse = new SseEvents();
            boolean answered = false;
            boolean progressing = false; // reasoning counts: a model thinking for a minute is not silent
            String finish = null;
            while (true) {
                // Chunks that arrived together leave together; what is held goes before waiting for more.
                if (stream.hasNext()) {
                    out.hold();
                } else {
                    out.release();
                }
                ProviderStream.Item item = next(stream, progressing ? end : firstTokenBy, out);
                String data = switch (item) {
                    case null -> throw timeout(progressing, status);
                    case ProviderStream.Line line -> sse.line(line.text());
                    case ProviderStream.End ignored -> sse.end();
                    case ProviderStream.Failed failed -> throw broken(failed.error(), status);
                    case ProviderStream.Status ignored -> null;
                };
                if (data != null) {
                    ChatChunk chunk = ChatChunk.parse(data, status);
                    if (chunk.done()) {
                        break;
                    }
                    if (!chunk.reasoning().isEmpty()) {
                        progressing = true;
                        out.reasoning(chunk.reasoning());
                    }
                    if (!chunk.content().isEmpty()) {
                        answered = true;
                        progressing = true;
                        out.text(chunk.content());
                        citations.accept(chunk.content()).forEach(out::source);
                    }
                    finish = chunk.finishReason() != null ? chunk.finishReason() : finish;
                }
                if (item instanceof ProviderStream.End) {
                    if (finish == null) {
                        throw ChatChunk.malformed(status, "the stream ended before the answer did");
                    }
                    break;
                }
            }
            if (!answered) {
                throw new ProviderFailure(GeneratorException.Kind.FAILED, "the language model returned no answer", status,
                        "finish_reason " + finish);
            }
            citations.finish().forEach(out::source);
            if (!"stop".equals(finish) && finish != null) {
                LOG.info("llm answer ended early, finish_reason " + finish + " (model " + settings.model() + ")");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AnswerAbandoned("interrupted");
        }
    }

    /** The next item, or null at the deadline; stops early, by {@link AnswerAbandoned}, when the reader has gone. */
    private static ProviderStream.Item next(ProviderStream stream, Instant deadline, Output out) throws InterruptedException {
        long waitingSince = System.nanoTime();
        while (true) {
            if (out.abandoned()) {
                throw new AnswerAbandoned("the reader left while the model was working");
            }
            long watch = Math.clamp((System.nanoTime() - waitingSince) / 4, WATCH_MIN_NANOS, WATCH_MAX_NANOS);
            Instant slice = min(deadline, Instant.now().plusNanos(watch));
            ProviderStream.Item item = stream.next(slice);
            if (item != null || !slice.isBefore(deadline)) {
                return item;
            }
        }
    }

    /**
     * Sends the request and waits for the response status. A connection that fails before any byte
     * of a response (a pooled keep-alive connection the provider had just closed) is tried once
     * more, as the OpenAI client libraries do; a refusal with a status is final.
     */
    private ProviderStream open(HttpRequest request, ReleasableBody body, Instant by, Output out) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            ProviderStream stream = ProviderStream.open(http, request);
            ProviderStream.Item item;
            try {
                item = next(stream, by, out);
            } catch (AnswerAbandoned e) {
                stream.close();
                throw e;
            }
            switch (item) {
                case ProviderStream.Status s -> {
                    body.release(); // the prompt is not sent again; while the model works it need not stay in memory
                    stream.status(s.code());
                    return stream;
                }
                case null -> {
                    stream.close();
                    throw new ProviderFailure(GeneratorException.Kind.UNAVAILABLE, "the language model provider did not answer in time",
                            0, "no response headers before the first-token timeout");
                }
                case ProviderStream.Failed f -> {
                    stream.close();
                    if (attempt == 2 || f.error() instanceof HttpConnectTimeoutException || f.error().getCause() instanceof HttpConnectTimeoutException) {
                        throw broken(f.error(), 0);
                    }
                    LOG.fine(redacted("llm connection failed before a response, trying once more: " + f.error()));
                }
                default -> {
                    stream.close();
                    throw new IllegalStateException("response body before its status: " + item);
                }
            }
        }
    }

    private static String errorBody(ProviderStream stream, Instant by) throws InterruptedException {
        StringBuilder body = new StringBuilder();
        while (body.length() < ERROR_BODY_CHARS) {
            if (!(stream.next(by) instanceof ProviderStream.Line line)) {
                break;
            }
            body.append(line.text()).append('\n');
        }
        return body.toString();
    }

    private static ProviderFailure refused(int status, String body) {
        String detail = ChatChunk.clip(body);
        try {
            var node = JSON.readTree(body);
            var error = node.get("error");
            String message = error == null ? node.path("message").asText(detail)
                    : error.isObject() ? error.path("message").asText(detail) : error.asText();
            detail = ChatChunk.clip(message);
        } catch (Exception notJson) {
            // Keep the raw text.
        }
        boolean unavailable = status == 429 || status == 503 || status == 504;
        String reason = status == 401 || status == 403 ? "the language model provider refused the server's credentials"
                : unavailable ? "the language model provider is busy or unavailable"
                : "the language model provider failed";
        return new ProviderFailure(unavailable ? GeneratorException.Kind.UNAVAILABLE : GeneratorException.Kind.FAILED,
                reason + " (HTTP " + status + ")", status, detail);
    }

    private static ProviderFailure broken(Throwable error, int status) {
        Throwable cause = error;
        while (cause.getCause() != null && (cause instanceof java.util.concurrent.CompletionException
                || cause instanceof java.util.concurrent.ExecutionException)) {
            cause = cause.getCause();
        }
        String detail = cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        if (status == 0) {
            String reason = cause instanceof HttpConnectTimeoutException ? "the language model provider could not be reached in time"
                    : "the language model provider is unreachable";
            return new ProviderFailure(GeneratorException.Kind.UNAVAILABLE, reason, 0, detail);
        }
        return new ProviderFailure(GeneratorException.Kind.FAILED, "the connection to the language model provider broke",
                status, detail);
    }

    private ProviderFailure timeout(boolean answered, int status) {
        return answered
                ? new ProviderFailure(GeneratorException.Kind.UNAVAILABLE, "the language model took too long to answer", status,
                "total timeout " + settings.totalTimeout() + " passed")
                : new ProviderFailure(GeneratorException.Kind.UNAVAILABLE, "the language model provider did not answer in time",
                status, "first-token timeout " + settings.firstTokenTimeout() + " passed");
    }

    private ReleasableBody body(List<PromptMessage> messages) {
        ObjectNode body = JSON.createObjectNode();
        body.put("model", settings.model());
        ArrayNode list = body.putArray("messages");
        messages.forEach(m -> list.addObject().put("role", m.role()).put("content", m.content()));
        body.put("stream", true);
        body.put(settings.maxTokensParam(), settings.maxTokens());
        settings.temperature().ifPresent(t -> body.put("temperature", t));
        return ReleasableBody.of(json(body));
    }

    private HttpRequest request(ReleasableBody body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(settings.completionsUri())
                .header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(body.publisher());
        settings.apiKey().ifPresent(key -> b.header(settings.apiKeyHeader(),
                settings.apiKeyHeader().equalsIgnoreCase("Authorization") ? "Bearer " + key.value() : key.value()));
        return b.build();
    }

    /** Written by the server's mapper, not {@code toString()}'s own one: its buffers are shared (see {@link Mappers}). */
    private static byte[] json(ObjectNode body) {
        try {
            return JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code text} without the configured API key: providers quote it in error texts ("Incorrect API
     * key provided: sk-…"), and nothing logged may carry it.
     */
    String redacted(String text) {
        return settings.apiKey().map(key -> key.value())
                .filter(key -> key.length() >= 4)
                .map(key -> text.replace(key, "[redacted]"))
                .orElse(text);
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    /** The settings in use (for startup logs; the key is redacted). */
    public LlmSettings settings() {
        return settings;
    }
}
