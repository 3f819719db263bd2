package dev.docsassistant.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A local HTTP server speaking the OpenAI Chat Completions streaming wire format: SSE
 * {@code chat.completion.chunk} objects, then {@code data: [DONE]}. Each request plays the next
 * queued {@link Reply}; the requests are kept for assertions, and a reply that found its reader gone
 * (a write failed) is reported on its {@link Played} handle, which is how tests see that an answer's
 * upstream call was cancelled.
 */
public final class FakeChatProvider implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One request as received. */
    public record Received(String path, Map<String, List<String>> headers, JsonNode body) {
        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }

    /** What to answer one request with. */
    public sealed interface Reply {
    }

    /** Streams {@code tokens} as deltas, {@code gap} apart, then {@code tail} (normally the finish chunk and [DONE]). */
    public record Tokens(List<String> tokens, Duration gap, List<String> tail) implements Reply {
    }

    /** Answers with a status and a body (an error). */
    public record Status(int code, String body) implements Reply {
    }

    /** Sends the headers, then only SSE comments for {@code silence} (a model still thinking, as some providers signal). */
    public record Silent(Duration silence) implements Reply {
    }

    /** Closes the connection without a response (a keep-alive connection the provider just dropped). */
    public record Drop() implements Reply {
    }

    /**
     * A non-streaming {@code chat.completion} (what a request with {@code stream: false} gets), after
     * {@code delay}; a reader gone by then is reported on the handle, as for streams.
     */
    public record Completion(String content, String finishReason, Duration delay) implements Reply {
    }

    /** Raw SSE {@code data:} payloads, each its own event. */
    public record Raw(List<String> data) implements Reply {
    }

    /** Raw SSE {@code data:} payloads, each its own event, {@code gap} apart. */
    public record Paced(List<String> data, Duration gap) implements Reply {
    }

    private final HttpServer server;
    private final BlockingQueue<Played> replies = new LinkedBlockingQueue<>();
    private final ConcurrentLinkedQueue<Received> received = new ConcurrentLinkedQueue<>();

    /** A queued reply and, once its reader went away, how many tokens it had sent. */
    public record Played(Reply reply, CompletableFuture<Integer> cut) {
        /** Waits until this reply's writes failed because the reader had gone; how many tokens had been written by then. */
        public int awaitCut(Duration within) throws Exception {
            try {
                return cut.get(within.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("the provider's stream was never cut");
            }
        }
    }

    public FakeChatProvider() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** The base URL to configure ({@code http://127.0.0.1:PORT/v1}). */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    public FakeChatProvider reply(Reply reply) {
        play(reply);
        return this;
    }

    /** Queues a reply; its handle tells whether and when its reader went away. */
    public Played play(Reply reply) {
        Played played = new Played(reply, new CompletableFuture<>());
        replies.add(played);
        return played;
    }

    /** A normal answer streamed a few characters at a time. */
    public FakeChatProvider answer(String... tokens) {
        return reply(tokens(Duration.ZERO, tokens));
    }

    /** A whole (non-streamed) completion, sent at once. */
    public static Completion completion(String content) {
        return new Completion(content, "stop", Duration.ZERO);
    }

    public static Tokens tokens(Duration gap, String... tokens) {
        return new Tokens(List.of(tokens), gap, List.of(finishChunk("stop"), "[DONE]"));
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    public Received last() {
        List<Received> all = received();
        return all.get(all.size() - 1);
    }

    public static String chunk(String content) {
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"test-model\","
                + "\"choices\":[{\"index\":0,\"delta\":{\"content\":" + quote(content) + "},\"finish_reason\":null}]}";
    }

    /** A delta of a reasoning model's thinking ({@code reasoning_content}, as DeepSeek and vLLM send it). */
    public static String reasoningChunk(String reasoning) {
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"test-model\","
                + "\"choices\":[{\"index\":0,\"delta\":{\"reasoning_content\":" + quote(reasoning) + "},\"finish_reason\":null}]}";
    }

    public static String finishChunk(String reason) {
        return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"test-model\","
                + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"" + reason + "\"}]}";
    }

    private static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            received.add(new Received(ex.getRequestURI().getPath(), Map.copyOf(ex.getRequestHeaders()),
                    JSON.readTree(ex.getRequestBody().readAllBytes())));
            Played played = replies.poll();
            if (played == null) {
                played = new Played(new Status(500, "{\"error\":{\"message\":\"no reply scripted\"}}"), new CompletableFuture<>());
            }
            CompletableFuture<Integer> cuts = played.cut();
            switch (played.reply()) {
                case Status s -> {
                    byte[] body = s.body().getBytes(StandardCharsets.UTF_8);
                    ex.getResponseHeaders().add("Content-Type", "application/json");
                    ex.sendResponseHeaders(s.code(), body.length);
                    ex.getResponseBody().write(body);
                }
                case Silent s -> {
                    OutputStream out = startStream(ex);
                    long until = System.nanoTime() + s.silence().toNanos();
                    try {
                        while (System.nanoTime() < until) {
                            out.write(": still thinking\n\n".getBytes(StandardCharsets.UTF_8));
                            out.flush();
                            sleep(Duration.ofMillis(100));
                        }
                    } catch (IOException gone) {
                        cuts.complete(0);
                    }
                }
                case Raw r -> {
                    OutputStream out = startStream(ex);
                    for (String d : r.data()) {
                        event(out, d);
                    }
                }
                case Paced p -> {
                    OutputStream out = startStream(ex);
                    for (String d : p.data()) {
                        event(out, d);
                        sleep(p.gap());
                    }
                }
                case Tokens t -> stream(ex, t, cuts);
                case Completion c -> {
                    sleep(c.delay());
                    byte[] body = ("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1,\"model\":\"test-model\","
                            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":" + quote(c.content())
                            + "},\"finish_reason\":\"" + c.finishReason() + "\"}]}").getBytes(StandardCharsets.UTF_8);
                    try {
                        ex.getResponseHeaders().add("Content-Type", "application/json");
                        ex.sendResponseHeaders(200, body.length);
                        ex.getResponseBody().write(body);
                    } catch (IOException gone) {
                        cuts.complete(0);
                    }
                }
                case Drop d -> {
                    // Closing the exchange before any response makes the server drop the connection.
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void stream(HttpExchange ex, Tokens t, CompletableFuture<Integer> cuts) throws IOException, InterruptedException {
        OutputStream out = startStream(ex);
        int sent = 0;
        try {
            for (String token : t.tokens()) {
                event(out, chunk(token));
                sent++;
                sleep(t.gap());
            }
            for (String d : t.tail()) {
                event(out, d);
            }
        } catch (IOException gone) {
            cuts.complete(sent);
        }
    }

    private static OutputStream startStream(HttpExchange ex) throws IOException {
        ex.getResponseHeaders().add("Content-Type", "text/event-stream");
        ex.sendResponseHeaders(200, 0);
        return ex.getResponseBody();
    }

    private static void event(OutputStream out, String data) throws IOException {
        out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void sleep(Duration d) throws InterruptedException {
        if (!d.isZero()) {
            Thread.sleep(d);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
