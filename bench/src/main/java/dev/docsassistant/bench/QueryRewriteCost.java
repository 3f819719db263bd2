package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What {@code llm.rewrite-query} adds to an answer when the model is local (so only the overhead of
 * one more round trip: prompt, HTTP, parse, then the search of the rewritten query): the example
 * site ({@code examples/acme-docs}) served twice, {@code acme} with the rewrite and {@code acme-plain}
 * without; a few questions asked as follow-ups ({@code earlier question, its answer, "and how long
 * does it wait?"}) over REST v2, alternating between the two; per answer, request → first text
 * delta. The provider answers a rewrite at once with a query as long as a real one and streams a
 * short answer. The search is part of both sides (a small site: the rewrite's own cost shows).
 * Run: {@code bench/run QueryRewriteCost [answers]}.
 */
public final class QueryRewriteCost {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FOLLOW_UP = "and how long does it wait?";
    private static final List<String> QUESTIONS = List.of("How are failed deliveries retried?",
            "How do I verify webhook signatures?", "What are the rate limits for sending events?",
            "How do I replay a failed delivery?", "How do I add a new endpoint?", "Why do my deliveries time out?");

    private QueryRewriteCost() {
    }

    public static void main(String[] args) throws Exception {
        int answers = args.length > 0 ? Integer.parseInt(args[0]) : 80;
        AtomicInteger rewrites = new AtomicInteger();
        HttpServer provider = provider(rewrites);
        Path dir = Files.createTempDirectory("docs-assistant-bench-");
        Path config = dir.resolve("application.yaml");
        String site = Path.of("examples", "acme-docs").toAbsolutePath().toString();
        Files.writeString(config, """
                docs-assistant:
                  data-dir: data
                  search: {embedding-cache: %s, embed-in-background: false}
                  generator: llm
                  llm: {base-url: 'http://127.0.0.1:%d/v1', model: bench, temperature: 0.2}
                  sites:
                    - {domain: acme, organization: bench, path: '%s', llm: {rewrite-query: true}}
                    - {domain: acme-plain, organization: bench, path: '%s'}
                """.formatted(SearchEval.EMBEDDINGS.toAbsolutePath(), provider.getAddress().getPort(), site, site)
                + BenchApps.UNLIMITED.indent(2));
        try (App app = Bootstrap.start(AppConfig.load(config), new PrintStream(OutputStream.nullOutputStream()))) {
            WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
            ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                String base = "http://127.0.0.1:" + server.port() + "/v2/assistant/";
                AssistantLatency.Headers headers = BenchApps.apiHeaders(app);
                List<Long> with = new ArrayList<>();
                List<Long> without = new ArrayList<>();
                for (int i = 0; i < answers + 20; i++) {
                    String body = body(QUESTIONS.get(i % QUESTIONS.size()));
                    boolean warm = i >= 20;
                    // Alternating, so that load from elsewhere on the machine falls on both alike.
                    long a = firstDelta(client, base + "acme/message", headers, body);
                    long b = firstDelta(client, base + "acme-plain/message", headers, body);
                    if (warm) {
                        with.add(a);
                        without.add(b);
                    }
                }
                System.out.printf(Locale.ROOT, "%d follow-ups each, %d rewrites sent%n", with.size(), rewrites.get());
                System.out.printf(Locale.ROOT, "request to first delta, rewrite on:  p50 %.2f ms  p90 %.2f ms  mean %.2f ms%n",
                        pct(with, 50), pct(with, 90), mean(with));
                System.out.printf(Locale.ROOT, "request to first delta, rewrite off: p50 %.2f ms  p90 %.2f ms  mean %.2f ms%n",
                        pct(without, 50), pct(without, 90), mean(without));
                System.out.printf(Locale.ROOT, "added by the rewrite: p50 %.2f ms, mean %.2f ms%n",
                        pct(with, 50) - pct(without, 50), mean(with) - mean(without));
            } finally {
                server.stop();
            }
        } finally {
            provider.stop(0);
        }
    }

    private static String body(String earlier) throws Exception {
        return JSON.writeValueAsString(Map.of("fp", "bench", "messages", List.of(
                Map.of("id", "m1", "role", "user", "parts", List.of(Map.of("type", "text", "text", earlier))),
                Map.of("id", "m2", "role", "assistant", "parts", List.of(Map.of("type", "text", "text", "See the guides."))),
                Map.of("id", "m3", "role", "user", "parts", List.of(Map.of("type", "text", "text", FOLLOW_UP))))));
    }

    private static long firstDelta(HttpClient client, String url, AssistantLatency.Headers headers, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.apply(b);
        long sent = System.nanoTime();
        HttpResponse<InputStream> res = client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        if (res.statusCode() != 200) {
            throw new IllegalStateException("status " + res.statusCode() + ": " + new String(res.body().readAllBytes()));
        }
        long first = -1;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (first < 0 && line.startsWith("data: {\"type\":\"text-delta\"")) {
                    first = System.nanoTime() - sent;
                }
            }
        }
        if (first < 0) {
            throw new IllegalStateException("no text in the answer from " + url);
        }
        return first;
    }

    /** Rewrites (stream: false) get the earlier question and the follow-up as the query; answers stream a few deltas. */
    private static HttpServer provider(AtomicInteger rewrites) throws Exception {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", ex -> {
            try (ex) {
                JsonNode request = JSON.readTree(ex.getRequestBody().readAllBytes());
                OutputStream out = ex.getResponseBody();
                if (!request.path("stream").asBoolean()) {
                    rewrites.incrementAndGet();
                    String user = request.at("/messages/1/content").asText();
                    String earlier = user.substring(user.indexOf("- ") + 2, user.indexOf('\n', user.indexOf("- ")));
                    String query = "How long does Relay wait: " + earlier;
                    byte[] body = JSON.writeValueAsBytes(Map.of("object", "chat.completion", "choices", List.of(Map.of("index", 0,
                            "message", Map.of("role", "assistant", "content", query), "finish_reason", "stop"))));
                    ex.getResponseHeaders().add("Content-Type", "application/json");
                    ex.sendResponseHeaders(200, body.length);
                    out.write(body);
                    return;
                }
                ex.getResponseHeaders().add("Content-Type", "text/event-stream");
                ex.sendResponseHeaders(200, 0);
                for (String token : List.of("Up to ", "15 seconds.")) {
                    out.write(("data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\""
                            + token + "\"},\"finish_reason\":null}]}\n\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
                out.write(("data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},"
                        + "\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n").getBytes(StandardCharsets.UTF_8));
            }
        });
        server.start();
        return server;
    }

    private static double pct(List<Long> nanos, int p) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100)) / 1e6;
    }

    private static double mean(List<Long> nanos) {
        return nanos.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1e6;
    }
}
