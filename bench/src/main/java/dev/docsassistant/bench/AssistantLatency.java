package dev.docsassistant.bench;

import dev.docsassistant.app.App;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * REST v2 assistant latency over real HTTP on loopback: time to the first SSE event and to
 * {@code [DONE]}, p50/p99, each client asking the dev-set questions of both corpora in turn. Three
 * loads: one client; 50 concurrent clients that each ask again {@code think} ms after an answer ends
 * (conversations in parallel, the server below saturation); and 50 clients asking back to back,
 * which saturates the two cores and so measures throughput (latency there is queueing: clients/rate).
 * Each client keeps one HTTP/1.1 connection and reads its bytes raw ({@link SseConnection}).
 * Server and clients share this JVM and the machine's cores.
 * Run: {@code bench/run AssistantLatency [answers-per-client [think-ms]]}.
 */
public final class AssistantLatency {
    private AssistantLatency() {
    }

    record Timing(long firstEventNanos, long fullNanos) {
    }

    public static void main(String[] args) throws Exception {
        int perClient = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int thinkMs = args.length > 1 ? Integer.parseInt(args[1]) : 250;
        List<String> bodies = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (DevSet.Question q : DevSet.questions(corpus)) {
                bodies.add(corpus + "\n" + ClientLoad.v2Body(q.q(), q.version(), q.language()));
            }
        }
        try (App app = BenchApps.corpora(BenchApps.UNLIMITED)) {
            WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
            ServerSetup.configure(builder, app);
            WebServer server = builder.build().start();
            try {
                Target target = new Target(server.port(), BenchApps.authorization(app), bodies);
                run(target, new ClientLoad(50, 10, 0), false); // warm-up: JIT, connections, caches
                run(target, new ClientLoad(1, 200, 0), false);
                run(target, new ClientLoad(1, perClient * 10, 0), true);
                run(target, new ClientLoad(50, perClient, thinkMs), true);
                run(target, new ClientLoad(50, perClient, 0), true);
            } finally {
                server.stop();
            }
        }
    }

    /** The server under test, the credentials and the questions ("domain\nbody") the clients take turns on. */
    record Target(int port, String authorization, List<String> bodies) {
    }

    static void run(Target target, ClientLoad load, boolean report) throws Exception {
        ClientLoad.Result<Timing> result = load.run(client -> {
            SseConnection connection = new SseConnection("127.0.0.1", target.port());
            return new ClientLoad.Session<>() {
                @Override
                public Timing ask(int n) throws Exception {
                    String[] item = target.bodies().get(n % target.bodies().size()).split("\n", 2);
                    return connection.post("/v2/assistant/" + item[0] + "/message", target.authorization(), item[1]);
                }

                @Override
                public void close() throws Exception {
                    connection.close();
                }
            };
        });
        if (report) {
            long[] first = result.results().stream().mapToLong(Timing::firstEventNanos).sorted().toArray();
            long[] full = result.results().stream().mapToLong(Timing::fullNanos).sorted().toArray();
            System.out.printf(Locale.ROOT, "%2d clients, think %3d ms, %5d answers: first event p50 %6.2f ms  p99 %6.2f ms"
                            + " | full answer p50 %6.2f ms  p99 %6.2f ms | %5.0f answers/s%n", load.clients(),
                    load.thinkMs(), first.length, ClientLoad.millisAt(first, 50), ClientLoad.millisAt(first, 99),
                    ClientLoad.millisAt(full, 50), ClientLoad.millisAt(full, 99), result.perSecond());
        }
    }

    /** Extra request headers every call carries (credentials, once the API requires them). */
    interface Headers {
        void apply(HttpRequest.Builder request);
    }
}
