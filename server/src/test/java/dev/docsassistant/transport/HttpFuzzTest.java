package dev.docsassistant.transport;

import dev.docsassistant.server.ServerSetup;

import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.RawHttp.Exchange;
import dev.docsassistant.testing.RawHttp.Response;
import dev.docsassistant.testing.TestApps;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bounded fuzz over raw sockets (fixed seed, a few thousand inputs): valid requests to every route,
 * mutated in their framing, headers and bodies, an eighth of them HTTP/1.0. Whatever arrives, the server answers no 5xx, every
 * 4xx is JSON {@code {"message"}}, and no connection outlives its timeouts.
 */
@ServerTest
class HttpFuzzTest {
    private static final long SEED = 18;
    private static final int INPUTS = 3000;
    private static final Duration TIMEOUT = Duration.ofMillis(400);
    /** The longest a connection may live after its last byte: a timeout, a sweep and a busy machine's slack. */
    private static final Duration LATEST = Duration.ofMillis(TIMEOUT.toMillis() + 2500);
    private static final String[] ROUTES = {
        "POST /v1/search/acme", "POST /v1/page/acme", "POST /v2/assistant/acme/message", "POST /v1/assistant/acme/message",
        "POST /v1/feedback/acme", "GET /health", "GET /sites/acme/", "GET /nope", "OPTIONS /v1/search/acme",
        "GET /admin/v1/keys", "DELETE /v2/assistant/acme/message",
    };
    private static final String[] BODIES = {
        "{\"query\":\"tools\"}", "{\"path\":\"/guides/retries\"}", "{\"messages\":[{\"id\":\"m1\",\"role\":\"user\","
                + "\"parts\":[{\"type\":\"text\",\"text\":\"What are tools?\"}]}]}",
        "{\"messages\":[{\"role\":\"user\",\"content\":\"What are tools?\"}]}", "{\"helpful\":true,\"messageId\":\"m1\"}", "",
    };
    private static final String[] EXTRA_HEADERS = {
        "Connection: close", "Connection: keep-alive", "Transfer-Encoding: chunked", "Transfer-Encoding: gzip",
        "Content-Length: -1", "Content-Length: 99999999999999999999", "Content-Length: 1e3", "Host: second",
        "Content-Encoding: gzip", "Expect: 100-continue", "X-Fold: a\r\n b", "no-colon", "X-Ctl: a\u0001b",
        "Origin: https://evil.example", "X-Forwarded-For: 1.2.3.4", "Upgrade: h2c", "Content-Type: text/plain",
        "X-Long: " + "v".repeat(9000), "Authorization: Bearer nope", "Trailer: X-T",
    };
    /** Legal (RFC 9112 §7.1) and not: what the chunk reader parses before Helidon sees the size. */
    private static final String[] CHUNK_EXTENSIONS = {"", "", ";a=b", " ; q=\"x;y\"", ";" + "e".repeat(1100), ";=", ";a=\"open"};
    private static final String[] TRAILERS = {"", "", "X-Checksum: 1\r\n", "no-colon\r\n", " folded: 1\r\n",
        ("X-Big: " + "v".repeat(900) + "\r\n").repeat(20)};
    private final int port;

    HttpFuzzTest(WebServer server) {
        this.port = server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) {
        ServerSetup.configure(server, TestApps.exampleSite(), new ConnectionSettings(TIMEOUT, TIMEOUT, TIMEOUT, 0));
    }

    @Test
    void noInputGetsA5xxAnUnframedErrorOrAnEndlessConnection() throws Exception {
        Random random = new Random(SEED);
        String auth = "Authorization: " + TestApps.authorization(TestApps.exampleSite(), "acme");
        List<byte[]> inputs = new ArrayList<>();
        for (int i = 0; i < INPUTS; i++) {
            inputs.add(mutate(random, request(random, auth)));
        }
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        long start = System.nanoTime();
        try (CapturedLogs logs = CapturedLogs.all(); ExecutorService pool = Executors.newFixedThreadPool(48)) {
            List<Future<?>> done = new ArrayList<>();
            for (byte[] input : inputs) {
                done.add(pool.submit(() -> check(input, failures)));
            }
            for (Future<?> f : done) {
                f.get();
            }
            List<String> errors = logs.messages().stream()
                    .filter(m -> m.contains("unhandled error") || m.contains("unexpected exception")).toList();
            assertTrue(errors.isEmpty(), "server errors logged: " + errors.stream().limit(3).toList());
        }
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertTrue(failures.isEmpty(), failures.size() + " of " + INPUTS + " failed, e.g.:\n"
                + String.join("\n", failures.stream().limit(5).toList()));
        assertTrue(seconds < 60, "bounded: took " + seconds + " s");
    }

    private void check(byte[] input, ConcurrentLinkedQueue<String> failures) {
        Exchange exchange;
        try {
            exchange = RawHttp.exchange(port, input, false, LATEST.plusSeconds(2));
        } catch (RuntimeException e) {
            return; // refused or reset at connect: not an answer to judge
        }
        String shown = new String(input, 0, Math.min(input.length, 160), StandardCharsets.ISO_8859_1);
        if (!exchange.closed()) {
            failures.add("connection alive after " + exchange.millis() + " ms: " + shown);
            return;
        }
        for (Response r : exchange.responses()) {
            if (r.status() >= 500) {
                failures.add(r.status() + " for: " + shown + "\n -> " + r.body());
            } else if (r.status() >= 400 && !r.isJsonMessage()) {
                failures.add(r.status() + " without {\"message\"} for: " + shown + "\n -> " + r.head() + " " + r.body());
            }
        }
    }

    private static byte[] request(Random random, String auth) {
        String route = ROUTES[random.nextInt(ROUTES.length)];
        String body = BODIES[random.nextInt(BODIES.length)];
        // One in eight as HTTP/1.0 (health probes, nginx's default upstream version), often without Host.
        boolean http10 = random.nextInt(8) == 0;
        StringBuilder head = new StringBuilder(route).append(http10 ? " HTTP/1.0\r\n" : " HTTP/1.1\r\n");
        if (!http10 || random.nextBoolean()) {
            head.append("Host: localhost\r\n");
        }
        if (random.nextInt(4) > 0) {
            head.append(auth).append("\r\n");
        }
        head.append("Content-Type: application/json\r\n");
        boolean chunked = random.nextInt(5) == 0;
        if (chunked) {
            head.append("Transfer-Encoding: chunked\r\n");
        } else {
            head.append("Content-Length: ").append(body.getBytes(StandardCharsets.UTF_8).length).append("\r\n");
        }
        for (int i = random.nextInt(3); i > 0; i--) {
            head.append(EXTRA_HEADERS[random.nextInt(EXTRA_HEADERS.length)]).append("\r\n");
        }
        head.append("\r\n");
        String framed = chunked ? Integer.toHexString(body.length()) + CHUNK_EXTENSIONS[random.nextInt(CHUNK_EXTENSIONS.length)]
                + "\r\n" + body + "\r\n0\r\n" + TRAILERS[random.nextInt(TRAILERS.length)] + "\r\n" : body;
        return (head + framed).getBytes(StandardCharsets.UTF_8);
    }

    /** Leaves about a quarter intact; the rest get one to three byte-level mutations. */
    private static byte[] mutate(Random random, byte[] request) {
        byte[] out = request;
        if (random.nextInt(4) == 0) {
            return out;
        }
        for (int m = 1 + random.nextInt(3); m > 0; m--) {
            int at = random.nextInt(out.length + 1);
            ByteArrayOutputStream next = new ByteArrayOutputStream();
            switch (random.nextInt(6)) {
                case 0 -> next.write(out, 0, at); // truncated
                case 1 -> { // a byte changed
                    next.write(out, 0, out.length);
                    byte[] b = next.toByteArray();
                    if (at < b.length) {
                        b[at] = (byte) random.nextInt(256);
                    }
                    next.reset();
                    next.write(b, 0, b.length);
                }
                case 2 -> { // bytes inserted: CR, LF, NUL, space, colon, a digit, a high byte
                    byte[] pick = {'\r', '\n', 0, ' ', ':', '9', (byte) 0xff, '%', '-'};
                    next.write(out, 0, at);
                    for (int k = random.nextInt(4) + 1; k > 0; k--) {
                        next.write(pick[random.nextInt(pick.length)]);
                    }
                    next.write(out, at, out.length - at);
                }
                case 3 -> { // a span removed
                    int len = Math.min(out.length - at, 1 + random.nextInt(12));
                    next.write(out, 0, at);
                    next.write(out, at + len, out.length - at - len);
                }
                case 4 -> { // a span repeated
                    int len = Math.min(out.length - at, 1 + random.nextInt(40));
                    next.write(out, 0, at + len);
                    next.write(out, at, out.length - at);
                }
                default -> { // a second request pipelined behind
                    next.write(out, 0, out.length);
                    next.write(out, 0, out.length);
                }
            }
            out = next.toByteArray();
        }
        return out;
    }
}
