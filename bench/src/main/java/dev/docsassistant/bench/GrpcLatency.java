package dev.docsassistant.bench;

import dev.docsassistant.app.App;
import dev.docsassistant.edges.ServerSetup;
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
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * gRPC {@code CreateMessage} beside REST v2, same server, same questions, same loads: time to the
 * first event and to the end of the answer (p50/p99), answers/s and events/s. gRPC clients share
 * {@code channels} HTTP/2 channels (default one, as a service's clients do); REST clients use HTTP/1.1
 * connections, as in {@link AssistantLatency}.
 * Loads: one client; 50 clients pausing {@code think} ms after each answer; 50 clients back to back
 * (saturation: throughput). Server and clients share this JVM and the machine's cores.
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
        try (App app = BenchApps.corpora(BenchApps.UNLIMITED)) {
            WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
            ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            List<ManagedChannel> channels = new ArrayList<>();
            for (int i = 0; i < channelCount; i++) {
                channels.add(NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build());
            }
            String authorization = BenchApps.authorization(app);
            Metadata grpcHeaders = new Metadata();
            grpcHeaders.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
            try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .executor(Executors.newVirtualThreadPerTaskExecutor()).build()) {
                List<AssistantServiceGrpc.AssistantServiceBlockingStub> stubs = channels.stream()
                        .map(c -> AssistantServiceGrpc.newBlockingStub(c).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(grpcHeaders)))
                        .toList();
                Protocol grpc = (client, q) -> grpc(stubs.get(client % stubs.size()), q);
                Protocol rest = (client, q) -> rest(http, "http://127.0.0.1:" + server.port(), authorization, q);
                for (Protocol p : List.of(grpc, rest)) {
                    run("warm-up", p, questions, new ClientLoad(50, 10, 0), false); // JIT, connections, caches
                    run("warm-up", p, questions, new ClientLoad(1, 200, 0), false);
                }
                for (ClientLoad load : List.of(new ClientLoad(1, perClient * 10, 0), new ClientLoad(50, perClient, thinkMs), new ClientLoad(50, perClient, 0))) {
                    run("grpc   ", grpc, questions, load, true);
                    run("rest-v2", rest, questions, load, true);
                }
            } finally {
                for (ManagedChannel channel : channels) {
                    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
                }
                server.stop();
            }
        }
    }

    private static void run(String name, Protocol protocol, List<Question> questions, ClientLoad load, boolean report)
            throws Exception {
        ClientLoad.Result<Timing> result = load.run(client -> n -> protocol.ask(client, questions.get(n % questions.size())));
        if (report) {
            List<Timing> all = result.results();
            long[] first = all.stream().mapToLong(Timing::firstEventNanos).sorted().toArray();
            long[] full = all.stream().mapToLong(Timing::fullNanos).sorted().toArray();
            long events = all.stream().mapToLong(Timing::events).sum();
            System.out.printf(Locale.ROOT, "%s %2d clients, think %3d ms, %5d answers: first event p50 %6.2f ms  p99 %6.2f ms"
                            + " | full answer p50 %6.2f ms  p99 %6.2f ms | %5.0f answers/s %7.0f events/s (%.0f per answer)%n",
                    name, load.clients(), load.thinkMs(), all.size(), ClientLoad.millisAt(first, 50), ClientLoad.millisAt(first, 99),
                    ClientLoad.millisAt(full, 50), ClientLoad.millisAt(full, 99), result.perSecond(),
                    events / result.seconds(), (double) events / all.size());
        }
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
                    return new Timing(first, System.nanoTime() - start, events);
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
