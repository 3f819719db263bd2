package dev.docsassistant.bench;

import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Filter;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.TextPart;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * gRPC {@code CreateMessage} beside REST v2 on the same server process, the same questions and
 * loads: time to the first event and to the end of the answer (p50/p99), answers/s, and the
 * server's CPU per answer and per event (read from {@code /proc}: the server runs in a process of
 * its own, {@link GrpcLatencyServer}). gRPC is asked of Helidon (the product's port) and of a plain
 * grpc-java server in the same process with the same service, the reference for what the transport
 * costs. gRPC clients share {@code channels} HTTP/2 channels (default one, as a service's clients
 * do); REST clients use HTTP/1.1 connections, as in {@link AssistantLatency}.
 * Loads: one client; 50 clients pausing {@code think} ms after each answer; 50 clients back to back
 * (saturation: throughput). Each load ends with the ratios gRPC ÷ REST.
 * Run: {@code bench/run GrpcLatency [answers-per-client [think-ms [channels]]]}.
 */
public final class GrpcLatency {
    private GrpcLatency() {
    }

    record Timing(long firstEventNanos, long fullNanos, int events) {
    }

    record Question(String domain, String text, String version, String language) {
    }

    /** One way of asking: the timing of one full answer asked by client number {@code client}. */
    interface Protocol {
        Timing ask(int client, Question q) throws Exception;
    }

    /** One protocol's numbers under one load. */
    record Row(String name, double firstP50, double firstP99, double fullP50, double fullP99, double perSecond,
               double cpuMsPerAnswer, double cpuMicrosPerEvent) {
    }

    public static void main(String[] args) throws Exception {
        int perClient = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int thinkMs = args.length > 1 ? Integer.parseInt(args[1]) : 250;
        int channelCount = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        List<Question> questions = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (DevSet.Question q : DevSet.questions(corpus)) {
                questions.add(new Question(corpus, q.q(), q.version(), q.language()));
            }
        }
        Process server = startServer();
        List<ManagedChannel> channels = new ArrayList<>();
        try (BufferedReader serverOut = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
             HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                     .executor(Executors.newVirtualThreadPerTaskExecutor()).build()) {
            String[] ready = awaitReady(serverOut);
            int helidonPort = Integer.parseInt(ready[1]);
            int plainPort = Integer.parseInt(ready[2]);
            String authorization = ready[3] + " " + ready[4];
            Metadata grpcHeaders = new Metadata();
            grpcHeaders.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
            Protocol helidonGrpc = grpcClients(channels, helidonPort, channelCount, grpcHeaders);
            Protocol plainGrpc = grpcClients(channels, plainPort, channelCount, grpcHeaders);
            Protocol rest = (client, q) -> rest(http, "http://127.0.0.1:" + helidonPort, authorization, q);
            Map<String, Protocol> protocols = new LinkedHashMap<>();
            protocols.put("rest-v2", rest);
            protocols.put("grpc", helidonGrpc);
            protocols.put("grpc-java", plainGrpc);
            for (Protocol p : protocols.values()) {
                run("warm-up", p, questions, new ClientLoad(50, 10, 0), server); // JIT, connections, caches
                run("warm-up", p, questions, new ClientLoad(1, 200, 0), server);
            }
            System.out.printf(Locale.ROOT, "gRPC on %d channel(s); server CPU from /proc (its own process)%n", channelCount);
            for (ClientLoad load : List.of(new ClientLoad(1, perClient * 10, 0), new ClientLoad(50, perClient, thinkMs),
                    new ClientLoad(50, perClient, 0))) {
                System.out.printf(Locale.ROOT, "%n%d client(s), think %d ms%n", load.clients(), load.thinkMs());
                System.out.printf(Locale.ROOT, "  %-9s | %-17s | %-17s | %9s | %-26s%n", "protocol", "first event p50/p99",
                        "full answer p50/p99", "answers/s", "server CPU per answer / event");
                Map<String, Row> rows = new LinkedHashMap<>();
                for (Map.Entry<String, Protocol> p : protocols.entrySet()) {
                    Row row = run(p.getKey(), p.getValue(), questions, load, server);
                    rows.put(p.getKey(), row);
                    System.out.printf(Locale.ROOT, "  %-9s | %7.2f / %7.2f ms | %7.2f / %7.2f ms | %9.0f | %6.2f ms / %5.0f µs%n",
                            row.name(), row.firstP50(), row.firstP99(), row.fullP50(), row.fullP99(), row.perSecond(),
                            row.cpuMsPerAnswer(), row.cpuMicrosPerEvent());
                }
                for (String grpc : List.of("grpc", "grpc-java")) {
                    Row g = rows.get(grpc);
                    Row r = rows.get("rest-v2");
                    System.out.printf(Locale.ROOT, "  %s ÷ rest-v2: full answer p50 %.2f×, p99 %.2f×; answers/s %.2f×; CPU per answer %.2f×%n",
                            grpc, g.fullP50() / r.fullP50(), g.fullP99() / r.fullP99(), g.perSecond() / r.perSecond(),
                            g.cpuMsPerAnswer() / r.cpuMsPerAnswer());
                }
            }
        } finally {
            for (ManagedChannel channel : channels) {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
            server.getOutputStream().close();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    /** {@link GrpcLatencyServer} in a JVM of its own, on this one's class path and options. */
    private static Process startServer() throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), GrpcLatencyServer.class.getName()));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static String[] awaitReady(BufferedReader serverOut) throws Exception {
        for (String line = serverOut.readLine(); line != null; line = serverOut.readLine()) {
            if (line.startsWith("ready ")) {
                return line.split(" ");
            }
        }
        throw new IllegalStateException("the benchmark server ended before it was ready");
    }

    /** Clients spread over {@code count} channels to {@code port}, round robin. */
    private static Protocol grpcClients(List<ManagedChannel> all, int port, int count, Metadata headers) {
        List<AssistantServiceGrpc.AssistantServiceBlockingStub> stubs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
            all.add(channel);
            stubs.add(AssistantServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers)));
        }
        return (client, q) -> grpc(stubs.get(client % stubs.size()), q);
    }

    private static Row run(String name, Protocol protocol, List<Question> questions, ClientLoad load, Process server)
            throws Exception {
        long cpuBefore = cpuMillis(server);
        ClientLoad.Result<Timing> result = load.run(client -> n -> protocol.ask(client, questions.get(n % questions.size())));
        long cpu = cpuMillis(server) - cpuBefore;
        List<Timing> all = result.results();
        long[] first = all.stream().mapToLong(Timing::firstEventNanos).sorted().toArray();
        long[] full = all.stream().mapToLong(Timing::fullNanos).sorted().toArray();
        long events = all.stream().mapToLong(Timing::events).sum();
        return new Row(name, ClientLoad.millisAt(first, 50), ClientLoad.millisAt(first, 99), ClientLoad.millisAt(full, 50),
                ClientLoad.millisAt(full, 99), result.perSecond(), (double) cpu / all.size(), cpu * 1000.0 / events);
    }

    /** The process's user + system CPU time, from {@code /proc/<pid>/stat} (clock ticks of 10 ms). */
    static long cpuMillis(Process process) throws Exception {
        String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10; // utime, stime: fields 14 and 15
    }

    private static Timing grpc(AssistantServiceGrpc.AssistantServiceBlockingStub stub, Question q) {
        CreateMessageRequest.Builder request = CreateMessageRequest.newBuilder().setDomain(q.domain()).setFp("bench")
                .setRetrievalPageSize(5)
                .addMessages(Message.newBuilder().setId("m1").setRole(Role.ROLE_USER)
                        .addParts(MessagePart.newBuilder().setText(TextPart.newBuilder().setText(q.text()))));
        Filter.Builder filter = Filter.newBuilder();
        if (q.version() != null) {
            filter.setVersion(q.version());
        }
        if (q.language() != null) {
            filter.setLanguage(q.language());
        }
        request.setFilter(filter);
        long start = System.nanoTime();
        long first = -1;
        int events = 0;
        Iterator<MessageEvent> stream = stub.withDeadlineAfter(60, TimeUnit.SECONDS).createMessage(request.build());
        while (stream.hasNext()) {
            stream.next();
            if (first < 0) {
                first = System.nanoTime() - start;
            }
            events++;
        }
        return new Timing(first, System.nanoTime() - start, events);
    }

    /** REST v2, counted the same way: every {@code data:} event but {@code [DONE]}. */
    private static Timing rest(HttpClient client, String base, String authorization, Question q) throws Exception {
        String body = ClientLoad.v2Body(q.text(), q.version(), q.language());
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/v2/assistant/" + q.domain() + "/message"))
                .header("content-type", "application/json").header("authorization", authorization).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        long start = System.nanoTime();
        HttpResponse<InputStream> res = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        if (res.statusCode() != 200) {
            throw new IllegalStateException("REST v2 answered " + res.statusCode() + ": " + new String(res.body().readAllBytes()));
        }
        long first = -1;
        int events = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(res.body(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.equals("data: [DONE]")) {
                    Timing timing = new Timing(first, System.nanoTime() - start, events);
                    in.transferTo(Writer.nullWriter()); // to the body's end: the connection is then reused
                    return timing;
                }
                if (line.startsWith("data: ")) {
                    first = first < 0 ? System.nanoTime() - start : first;
                    events++;
                }
            }
        }
        throw new IllegalStateException("the REST v2 stream ended without [DONE]");
    }
}
