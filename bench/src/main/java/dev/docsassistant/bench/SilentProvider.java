package dev.docsassistant.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An OpenAI-style Chat Completions provider whose model has not produced its first token: every
 * chat request gets its response headers and then nothing until {@code POST /release}, when all held
 * requests (and every later one, until {@code POST /hold}) get one delta, the finish chunk and
 * {@code [DONE]}. {@code GET /held} is the number of requests being held. It runs in a process of
 * its own ({@link IdleStreams} starts it) so that its sockets count against neither the server's
 * nor the clients' open-file limit. Prints {@code port N} once listening.
 */
public final class SilentProvider {
    private static final byte[] ANSWER = ("data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"content\":\"Held answer.\"},\"finish_reason\":null}]}\n\n"
            + "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},"
            + "\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n").getBytes(StandardCharsets.UTF_8);

    private final AtomicReference<CountDownLatch> gate = new AtomicReference<>(new CountDownLatch(1));
    private final AtomicInteger held = new AtomicInteger();

    private SilentProvider() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        // Thousands of connections arrive at once: a long accept queue keeps them from timing out.
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 4096);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        SilentProvider provider = new SilentProvider();
        server.createContext("/held", ex -> reply(ex, Integer.toString(provider.held.get())));
        server.createContext("/release", ex -> {
            provider.gate.get().countDown();
            reply(ex, "released");
        });
        server.createContext("/hold", ex -> {
            provider.gate.set(new CountDownLatch(1));
            reply(ex, "holding");
        });
        server.createContext("/", provider::chat);
        server.start();
        System.out.println("port " + server.getAddress().getPort());
        System.out.flush();
        // Ends with the bench: its end closes this process's input.
        while (System.in.read() >= 0) {
            Thread.onSpinWait();
        }
        System.exit(0);
    }

    private void chat(HttpExchange ex) throws IOException {
        try (ex) {
            ex.getRequestBody().readAllBytes();
            ex.getResponseHeaders().add("Content-Type", "text/event-stream");
            ex.sendResponseHeaders(200, 0);
            OutputStream out = ex.getResponseBody();
            out.flush();
            CountDownLatch wait = gate.get();
            held.incrementAndGet();
            try {
                wait.await();
            } finally {
                held.decrementAndGet();
            }
            out.write(ANSWER);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void reply(HttpExchange ex, String body) throws IOException {
        try (ex) {
            ex.getRequestBody().readAllBytes();
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, bytes.length);
            ex.getResponseBody().write(bytes);
        }
    }
}
