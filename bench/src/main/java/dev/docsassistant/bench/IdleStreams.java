package dev.docsassistant.bench;

import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.TextPart;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The memory of open idle answer streams in {@code bin/docs-assistant serve} as an operator starts it
 * (the launcher's default heap), serving both shared corpora with answers from a language model
 * that has not produced its first token: a {@link SilentProvider} (its own process) holds every chat
 * request open after its headers. Streams are opened and kept open; at 0, ¼, ½ and all of them the
 * server's RSS (and peak) from /proc, its live heap after a full GC (jcmd), its threads and its open
 * files are printed, with its CPU over 10 s while they idle, then the cost per 1,000 streams. The provider then releases every request, each
 * stream must end with its answer, and one more answer must work. First {@code grpc} CreateMessage
 * streams over {@code channels} HTTP/2 connections, then, on a fresh server (the index reused),
 * {@code rest} v2 streams, each an HTTP/1.1 connection and one to the provider: two server sockets
 * a stream, so they stop below the 20,000 open files a process may hold here. Pass 0 to skip a kind.
 * Run: {@code bench/run IdleStreams [grpc-streams [rest-streams [channels]]]} (10000, 9000, 10);
 * {@code IDLE_STREAMS_CLASSES=30} adds the classes whose live heap grew most per open stream.
 */
public final class IdleStreams {
    private static final Pattern THREADS = Pattern.compile("Threads:\\s+(\\d+)");
    private static final String QUESTION = "How do I add a tool to an MCP server?";
    private static final int BATCH = 250;
    /** With {@code IDLE_STREAMS_CLASSES=N}, the N classes whose live heap grew most per open stream are printed. */
    private static final int CLASSES = Integer.parseInt(System.getenv().getOrDefault("IDLE_STREAMS_CLASSES", "0"));
    /** How the server's refusal past {@code stream.max-open} begins (REST 503 message, gRPC UNAVAILABLE description). */
    private static final String BUSY = "the server is streaming as many answers as it can";

    private IdleStreams() {
    }

    /** What the server holds with {@code streams} open. */
    record Point(int streams, long rssKb, long peakKb, ServeMemory.Heap heap, int threads, long fds) {
        static Point measure(int streams, long pid) throws Exception {
            ServeMemory.Heap heap = ServeMemory.heapAfterFullGc(pid);
            String status = ServeMemory.status(pid);
            Matcher threads = THREADS.matcher(status);
            long fds;
            try (Stream<Path> open = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
                fds = open.count();
            }
            return new Point(streams, ServeMemory.kilobytes(status, "VmRSS"), ServeMemory.kilobytes(status, "VmHWM"), heap,
                    threads.find() ? Integer.parseInt(threads.group(1)) : -1, fds);
        }
    }

    /** One kind of stream: opened a batch at a time, all released together. */
    interface Streams extends AutoCloseable {
        void open(int count) throws Exception;

        /** What the client already saw fail (gRPC's streams tell before they are read), or null. */
        String failures();

        /** Streams the server refused at once because it streams as many answers as it may ({@code stream.max-open}). */
        int refused() throws IOException;

        /** Waits for every stream to end after the provider's release; a stream that ends badly fails the bench. */
        void awaitEnded() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int grpcStreams = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int restStreams = args.length > 1 ? Integer.parseInt(args[1]) : 9_000;
        int channels = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        Path dir = Files.createTempDirectory("docs-assistant-idle-");
        Process providerProcess = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx2g",
                "-cp", System.getProperty("java.class.path"), SilentProvider.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (HttpClient http = HttpClient.newHttpClient()) {
            String first = new BufferedReader(new InputStreamReader(providerProcess.getInputStream(), StandardCharsets.UTF_8)).readLine();
            Provider provider = new Provider(http, Integer.parseInt(first.substring("port ".length())));
            Path config = dir.resolve("application.yaml");
            Files.writeString(config, BenchApps.corporaYaml(BenchApps.UNLIMITED + """
                    generator: llm
                    llm:
                      base-url: http://127.0.0.1:%d/v1
                      model: bench
                      timeouts: {connect: 60s, first-token: 2h, total: 3h}
                    connections:
                      max-per-address: 0
                    """.formatted(provider.port)));
            String authorization = "Bearer " + Launcher.createKey(config);
            boolean ok = grpcStreams <= 0
                    || measure("grpc", grpcStreams, config, authorization, provider, port -> new GrpcStreams(port, authorization, channels));
            ok &= restStreams <= 0
                    || measure("rest-v2", restStreams, config, authorization, provider, port -> new RestStreams(port, authorization));
            if (!ok) {
                System.exit(1);
            }
        } finally {
            providerProcess.destroy();
            providerProcess.waitFor(30, TimeUnit.SECONDS);
            BenchFiles.deleteTree(dir);
        }
    }

    interface StreamsFactory {
        Streams open(int port) throws Exception;
    }

    /** Returns whether every stream held and ended well; a failure is printed with the server's state and log. */
    private static boolean measure(String kind, int total, Path config, String authorization, Provider provider, StreamsFactory factory)
            throws Exception {
        Process serve = new ProcessBuilder(Launcher.path(), "serve", "--config", config.toString(), "--port", "0")
                .redirectErrorStream(true).start();
        StringBuilder log = new StringBuilder();
        long pid = serve.pid();
        try {
            int port = ServeMemory.awaitPort(serve, log);
            ServeMemory.awaitReady(port);
            provider.call("release");
            answerOnce(provider.http(), port, authorization); // the model's path loaded, as on a server that has answered before
            provider.call("hold");
            System.out.printf(Locale.ROOT, "%s: serve pid %d (launcher flags; JAVA_OPTS=%s)%n", kind, pid, System.getenv().getOrDefault("JAVA_OPTS", ""));
            List<Point> points = new ArrayList<>();
            points.add(print(kind, Point.measure(0, pid)));
            HeapClasses before = CLASSES > 0 ? HeapClasses.of(pid) : null;
            try (Streams streams = factory.open(port)) {
                int opened = 0;
                for (int target : new int[] {total / 4, total / 2, total}) {
                    for (; opened < target; opened += Math.min(BATCH, target - opened)) {
                        streams.open(Math.min(BATCH, target - opened));
                        String failure = provider.awaitHeld(opened + Math.min(BATCH, target - opened), serve, streams);
                        if (failure == null && streams.refused() > 0) {
                            System.out.printf(Locale.ROOT, "%s: %d of %d streams refused at once (stream.max-open); %d held%n", kind,
                                    streams.refused(), opened + Math.min(BATCH, target - opened), provider.held());
                            print(kind + " at the bound", Point.measure(provider.held(), pid));
                            provider.call("release");
                            streams.awaitEnded();
                            print(kind + " closed", Point.measure(0, pid));
                            answerOnce(provider.http(), port, authorization);
                            System.out.println(kind + ": every held stream ended with its answer, the next answer worked");
                            return true;
                        }
                        if (failure != null) {
                            System.out.printf(Locale.ROOT, "%s FAILED after opening %d streams: %s%n", kind,
                                    opened + Math.min(BATCH, target - opened), failure);
                            if (serve.isAlive()) {
                                print(kind + " at failure", Point.measure(provider.held(), pid));
                            }
                            printErrors(log);
                            provider.call("release");
                            return false;
                        }
                    }
                    // every v2 stream has written its first keep-alive (every 15 s), as a long-idle one has; the
                    // server's CPU over the last 10 s is what the open streams cost while nothing happens
                    Thread.sleep(6_000);
                    long cpuBefore = GrpcLatency.cpuMillis(serve);
                    Thread.sleep(10_000);
                    System.out.printf(Locale.ROOT, "%-15s %6d streams idle: server CPU %.1f %% of a core over 10 s%n", kind, target,
                            (GrpcLatency.cpuMillis(serve) - cpuBefore) / 100.0);
                    points.add(print(kind, Point.measure(target, pid)));
                }
                if (before != null) {
                    HeapClasses.of(pid).printGrowth(before, total, CLASSES, "open stream");
                }
                provider.call("release");
                streams.awaitEnded();
            }
            print(kind + " closed", Point.measure(0, pid));
            answerOnce(provider.http(), port, authorization);
            Point none = points.getFirst();
            Point all = points.getLast();
            System.out.printf(Locale.ROOT, "%s per 1,000 open streams: RSS %.1f MB, live heap %.1f MB, %.1f threads, %.0f open files;"
                            + " every stream ended with its answer, the next answer worked%n", kind,
                    perThousand(all.rssKb() - none.rssKb(), all.streams()) / 1024, perThousand(all.heap().liveKb() - none.heap().liveKb(), all.streams()) / 1024,
                    perThousand(all.threads() - none.threads(), all.streams()), perThousand(all.fds() - none.fds(), all.streams()));
            return true;
        } finally {
            serve.destroy();
            if (!serve.waitFor(60, TimeUnit.SECONDS)) {
                System.out.println(kind + ": the server did not stop within 60 s of SIGTERM; killed");
                serve.destroyForcibly().waitFor();
            }
            Path saved = Path.of("bench", "target", "idle-streams-" + kind + ".log");
            synchronized (log) {
                Files.writeString(saved, log);
            }
            System.out.println(kind + ": server log in " + saved);
        }
    }

    /** The server log's error lines (the first 20 distinct ones) and how often an OutOfMemoryError was logged. */
    private static void printErrors(StringBuilder log) {
        List<String> lines;
        synchronized (log) {
            lines = log.toString().lines().toList();
        }
        System.out.println("server log: " + lines.stream().filter(l -> l.contains("OutOfMemoryError")).count()
                + " lines name an OutOfMemoryError; its first error lines:");
        lines.stream().filter(l -> l.contains("Error") || l.contains("Exception") || l.contains("SEVERE"))
                .filter(l -> !l.contains("CudaUtils")).distinct().limit(20).forEach(l -> System.out.println("  " + l));
    }

    private static double perThousand(long amount, int streams) {
        return amount * 1000.0 / streams;
    }

    private static Point print(String when, Point p) {
        System.out.printf(Locale.ROOT, "%-15s %6d streams: RSS %5d MB (peak %5d MB) | heap live after full GC %4d MB, committed %4d MB"
                        + " | %5d threads | %6d open files%n", when, p.streams(), p.rssKb() / 1024, p.peakKb() / 1024,
                p.heap().liveKb() / 1024, p.heap().committedKb() / 1024, p.threads(), p.fds());
        return p;
    }

    /** One v2 answer from the released provider, read to its end: the server still answers. */
    private static void answerOnce(HttpClient http, int port, String authorization) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/assistant/mcp/message"))
                .header("content-type", "application/json").header("authorization", authorization)
                .POST(HttpRequest.BodyPublishers.ofString(ClientLoad.v2Body(QUESTION, null, null))).build();
        HttpResponse<String> res = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() != 200 || !res.body().contains("Held answer.") || !res.body().contains("data: [DONE]")) {
            throw new IllegalStateException("the answer failed: " + res.statusCode() + " " + res.body());
        }
    }

    /** The {@link SilentProvider}'s controls. */
    record Provider(HttpClient http, int port) {
        String call(String path) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/" + path));
            HttpResponse<String> res = http.send(path.equals("held") ? b.build() : b.POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
            return res.body();
        }

        int held() throws Exception {
            return Integer.parseInt(call("held"));
        }

        /**
         * Waits until the provider holds {@code count} requests; returns null then, or what went wrong:
         * the server exited, a stream failed, or two minutes passed.
         */
        String awaitHeld(int count, Process serve, Streams streams) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            int held;
            while ((held = held()) < count - streams.refused()) {
                String failure = !serve.isAlive() ? "the server exited with " + serve.waitFor()
                        : streams.failures() != null ? streams.failures()
                        : System.nanoTime() > deadline ? "not all streams reached the provider in 2 minutes" : null;
                if (failure != null) {
                    return failure + "; the provider holds " + held;
                }
                Thread.sleep(100);
            }
            return null;
        }
    }

    /** CreateMessage calls spread over a few HTTP/2 channels, as services' clients hold them. */
    static final class GrpcStreams implements Streams {
        private final List<ManagedChannel> channels = new ArrayList<>();
        private final List<AssistantServiceGrpc.AssistantServiceStub> stubs = new ArrayList<>();
        private final AtomicInteger finished = new AtomicInteger();
        private final AtomicInteger completed = new AtomicInteger();
        private final AtomicInteger failed = new AtomicInteger();
        private final AtomicInteger refused = new AtomicInteger();
        private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();
        private int opened;

        GrpcStreams(int port, String authorization, int channelCount) {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
            for (int i = 0; i < channelCount; i++) {
                ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
                channels.add(channel);
                stubs.add(AssistantServiceGrpc.newStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers)));
            }
        }

        @Override
        public void open(int count) {
            CreateMessageRequest request = CreateMessageRequest.newBuilder().setDomain("mcp").setFp("bench")
                    .addMessages(Message.newBuilder().setId("m1").setRole(Role.ROLE_USER)
                            .addParts(MessagePart.newBuilder().setText(TextPart.newBuilder().setText(QUESTION)))).build();
            for (int i = 0; i < count; i++, opened++) {
                stubs.get(opened % stubs.size()).createMessage(request, new StreamObserver<>() {
                    @Override
                    public void onNext(MessageEvent event) {
                        if (event.hasFinish()) {
                            finished.incrementAndGet();
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                        if (isBusy(t)) {
                            refused.incrementAndGet();
                            return;
                        }
                        firstFailure.compareAndSet(null, t);
                        failed.incrementAndGet();
                    }

                    @Override
                    public void onCompleted() {
                        completed.incrementAndGet();
                    }
                });
            }
        }

        @Override
        public String failures() {
            return failed.get() == 0 ? null : failed.get() + " streams failed, the first with " + firstFailure.get();
        }

        @Override
        public int refused() {
            return refused.get();
        }

        private static boolean isBusy(Throwable t) {
            Status status = Status.fromThrowable(t);
            return status.getCode() == Status.Code.UNAVAILABLE && status.getDescription() != null
                    && status.getDescription().startsWith(BUSY);
        }

        @Override
        public void awaitEnded() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            int held = opened - refused.get();
            while (completed.get() + failed.get() < held && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            if (completed.get() != held || finished.get() != held) {
                throw new IllegalStateException(completed.get() + " of " + opened + " gRPC streams completed (" + finished.get()
                        + " with their finish event), " + failed.get()
                        + " failed", firstFailure.get());
            }
        }

        @Override
        public void close() throws InterruptedException {
            for (ManagedChannel channel : channels) {
                channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            }
        }
    }

    /** v2 streams on raw HTTP/1.1 sockets, one connection each; nothing is read until the provider's release. */
    static final class RestStreams implements Streams {
        private final List<Socket> sockets = new ArrayList<>();
        /** Streams whose first bytes have been read: refused (a 503 at once) or held (a keep-alive's 200). */
        private final Map<Socket, Boolean> answeredRefused = new HashMap<>();
        private final byte[] request;
        private final int port;

        RestStreams(int port, String authorization) {
            this.port = port;
            byte[] body = ClientLoad.v2Body(QUESTION, null, null).getBytes(StandardCharsets.UTF_8);
            String head = "POST /v2/assistant/mcp/message HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                    + "Authorization: " + authorization + "\r\nContent-Length: " + body.length + "\r\n\r\n";
            byte[] headBytes = head.getBytes(StandardCharsets.US_ASCII);
            this.request = new byte[headBytes.length + body.length];
            System.arraycopy(headBytes, 0, request, 0, headBytes.length);
            System.arraycopy(body, 0, request, headBytes.length, body.length);
        }

        @Override
        public void open(int count) throws IOException {
            for (int i = 0; i < count; i++) {
                Socket socket = new Socket("127.0.0.1", port);
                sockets.add(socket);
                socket.getOutputStream().write(request);
            }
        }

        @Override
        public String failures() {
            return null;
        }

        /** Looks at the streams that have sent something: a refusal is a 503 naming the bound, at once. */
        @Override
        public int refused() throws IOException {
            byte[] buffer = new byte[8192];
            for (Socket socket : sockets) {
                if (!answeredRefused.containsKey(socket) && socket.getInputStream().available() > 0) {
                    int n = socket.getInputStream().read(buffer);
                    String start = new String(buffer, 0, Math.max(0, n), StandardCharsets.UTF_8);
                    if (start.startsWith("HTTP/1.1 503") && start.contains(BUSY)) {
                        answeredRefused.put(socket, true);
                    } else if (start.startsWith("HTTP/1.1 200")) {
                        answeredRefused.put(socket, false);
                    } else {
                        throw new IllegalStateException("a v2 stream answered: " + start);
                    }
                }
            }
            return (int) answeredRefused.values().stream().filter(r -> r).count();
        }

        /** Reads each held stream to its {@code [DONE]}: a 200 with the held answer in it. */
        @Override
        public void awaitEnded() throws IOException {
            byte[] buffer = new byte[8192];
            for (Socket socket : sockets) {
                if (answeredRefused.getOrDefault(socket, false)) {
                    continue;
                }
                socket.setSoTimeout(300_000);
                StringBuilder seen = new StringBuilder();
                while (!seen.toString().contains("data: [DONE]")) {
                    int n = socket.getInputStream().read(buffer);
                    if (n < 0) {
                        break;
                    }
                    seen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                }
                String all = seen.toString();
                if (!(answeredRefused.containsKey(socket) || all.startsWith("HTTP/1.1 200")) || !all.contains("Held answer.") || !all.contains("data: [DONE]")) {
                    throw new IllegalStateException("a v2 stream ended badly: " + all);
                }
            }
        }

        @Override
        public void close() throws IOException {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }
}
