package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.docsassistant.app.App;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What the language-model generator adds on top of the model: a local OpenAI-style provider streams
 * {@code tokens} deltas {@code gap} ms apart, each carrying the nanosecond it was sent; clients ask
 * the dev-set questions over REST v2 and measure, per delta, provider-send → client-receive (the
 * relay: parse, citation scan, SSE encode, flush), and per answer the time to the first delta
 * (retrieval, prompt, provider round trip). One client, then {@code clients} concurrent ones; all
 * in this JVM on loopback. Run: {@code bench/run LlmRelay [answers [clients [tokens [gap-ms]]]]}.
 */
public final class LlmRelay {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LlmRelay() {
    }

    public static void main(String[] args) throws Exception {
        int answers = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        int clients = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int tokens = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        int gapMs = args.length > 3 ? Integer.parseInt(args[3]) : 15;
        HttpServer provider = provider(tokens, gapMs);
        String yaml = """
                generator: llm
                llm:
                  base-url: http://127.0.0.1:%d/v1
                  model: bench
                """.formatted(provider.getAddress().getPort());
        List<String> bodies = new ArrayList<>();
        for (DevSet.Question q : DevSet.questions("mcp")) {
            bodies.add(JSON.writeValueAsString(Map.of("fp", "bench", "messages", List.of(Map.of(
                    "id", "m1", "role", "user", "parts", List.of(Map.of("type", "text", "text", q.q())))))));
        }
        try (App app = BenchApps.corpora(yaml + BenchApps.UNLIMITED)) {
            WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
            ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Executors.newVirtualThreadPerTaskExecutor()).build()) {
                String url = "http://127.0.0.1:" + server.port() + "/v2/assistant/mcp/message";
                AssistantLatency.Headers headers = BenchApps.apiHeaders(app);
                run(client, url, headers, bodies, 4, 20, false); // warm-up
                run(client, url, headers, bodies, 1, answers, true);
                run(client, url, headers, bodies, clients, answers, true);
            } finally {
                server.stop();
            }
        } finally {
            provider.stop(0);
        }
    }

    private static void run(HttpClient client, String url, AssistantLatency.Headers headers, List<String> bodies,
                            int clients, int answersPerClient, boolean print) throws Exception {
        List<Long> relay = Collections.synchronizedList(new ArrayList<>());
        List<Long> firstDelta = Collections.synchronizedList(new ArrayList<>());
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> all = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int offset = c;
                all.add(pool.submit(() -> {
                    for (int i = 0; i < answersPerClient; i++) {
                        ask(client, url, headers, bodies.get((offset * 7 + i) % bodies.size()), relay, firstDelta);
                    }
                    return null;
                }));
            }
            for (Future<?> f : all) {
                f.get();
            }
        }
        if (print) {
            System.out.printf(Locale.ROOT, "%2d client(s), %d answers, %d deltas: relay per delta p50 %.2f ms p99 %.2f ms;"
                            + " request to first delta p50 %.2f ms p99 %.2f ms%n", clients, firstDelta.size(), relay.size(),
                    pct(relay, 50), pct(relay, 99), pct(firstDelta, 50), pct(firstDelta, 99));
        }
    }

    private static void ask(HttpClient client, String url, AssistantLatency.Headers headers, String body,
                            List<Long> relay, List<Long> firstDelta) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.apply(b);
        long sent = System.nanoTime();
        HttpResponse<InputStream> res = client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        if (res.statusCode() != 200) {
            throw new IllegalStateException("status " + res.statusCode() + ": " + new String(res.body().readAllBytes()));
        }
        boolean first = true;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.startsWith("data: {\"type\":\"text-delta\"")) {
                    continue;
                }
                long now = System.nanoTime();
                JsonNode event = JSON.readTree(line.substring(6));
                // Tokens that reached the server together arrive as one delta: each keeps its own stamp.
                for (String token : event.get("delta").asText().strip().split("\\s+")) {
                    relay.add(now - Long.parseLong(token.substring(1)));
                }
                if (first) {
                    firstDelta.add(now - sent);
                    first = false;
                }
            }
        }
    }

    /** Streams deltas "tNANOS " with the send time in them, then the finish chunk and [DONE]. */
    private static HttpServer provider(int tokens, int gapMs) throws Exception {
        // As a real provider's server would: small events go out at once, not after a delayed ACK.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", ex -> {
            try (ex) {
                ex.getRequestBody().readAllBytes();
                ex.getResponseHeaders().add("Content-Type", "text/event-stream");
                ex.sendResponseHeaders(200, 0);
                OutputStream out = ex.getResponseBody();
                for (int i = 0; i < tokens; i++) {
                    if (i > 0 && gapMs > 0) {
                        Thread.sleep(gapMs);
                    }
                    String chunk = "{\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"t"
                            + System.nanoTime() + " \"},\"finish_reason\":null}]}";
                    out.write(("data: " + chunk + "\n\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
                out.write(("data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},"
                        + "\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n").getBytes(StandardCharsets.UTF_8));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        return server;
    }

    private static double pct(List<Long> nanos, int p) {
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        return sorted.isEmpty() ? Double.NaN : sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100)) / 1e6;
    }
}
