package dev.docsassistant.server;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.SearchRequest;
import dev.docsassistant.content.Progress;
import dev.docsassistant.testing.OpenApiContract;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.TestApps;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The port opens before the sites are indexed (as {@code serve} does): site {@code held} is kept from
 * indexing by a latch in its first step while site {@code ready} is indexed. Meanwhile the server is
 * live but not ready, names the held site, and answers its requests (REST, pages, MCP, gRPC) with
 * 503/UNAVAILABLE while serving the other; once the latch opens, everything is served.
 */
class NotYetIndexedTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aSiteStillBeingIndexedIsRefusedWith503WhileTheOthersAreServed() throws Exception {
        App app = Bootstrap.open(AppConfig.load(TestApps.writeExampleConfig("""
                search: {mode: keyword}
                sites:
                  - {domain: ready, organization: acme, path: site}
                  - {domain: held, organization: acme, path: site}
                """)));
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch readyIndexed = new CountDownLatch(1);
        app.sites().onServed(s -> {
            if (s.domain().equals("ready")) {
                readyIndexed.countDown();
            }
        });
        Progress holdBack = (domain, phase, done, total) -> {
            if (domain.equals("held") && phase.equals("reading")) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        String authorization = "Bearer " + app.keys().create("acme", Optional.empty(), List.of(), "test").secret();
        WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
        ServerSetup.configure(builder, app);
        WebServer server = builder.build().start();
        ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
        CompletableFuture<Void> indexing = CompletableFuture.runAsync(() ->
                Bootstrap.index(app, new PrintStream(OutputStream.nullOutputStream()), holdBack));
        try {
            int port = server.port();
            int management = server.port(ServerSettings.MANAGEMENT); // health details and metrics
            assertTrue(readyIndexed.await(WAIT.toSeconds(), TimeUnit.SECONDS), "site ready is indexed");

            assertEquals(200, get(port, "localhost", "/observe/health/live").status());
            assertEquals(503, get(port, "localhost", "/observe/health/ready").status(), "the public probe: status only");
            RawHttp.Response readiness = get(management, "localhost", "/observe/health/ready");
            assertEquals(503, readiness.status(), readiness.body());
            assertTrue(readiness.body().contains("still being indexed: held"), readiness.body());
            String health = "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
            assertEquals(503, OpenApiContract.check(health, RawHttp.exchange(port, health, WAIT).response()).status());
            assertEquals(ServingStatus.NOT_SERVING, HealthGrpc.newBlockingStub(channel)
                    .check(HealthCheckRequest.getDefaultInstance()).getStatus());

            String message = "site held is still being indexed";
            assertStillIndexing(search(port, "held", authorization), message);
            String question = "{\"fp\": \"anonymous\", \"messages\": [{\"id\": \"m1\", \"role\": \"user\", "
                    + "\"parts\": [{\"type\": \"text\", \"text\": \"How are deliveries retried?\"}]}]}";
            String ask = "POST /v2/assistant/held/message HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: " + authorization + "\r\nContent-Type: application/json\r\nContent-Length: "
                    + question.length() + "\r\nConnection: close\r\n\r\n" + question;
            assertStillIndexing(OpenApiContract.check(ask, RawHttp.exchange(port, ask, WAIT).response()), message);
            assertStillIndexing(get(port, "localhost", "/sites/held/"), message);
            assertStillIndexing(get(port, "held.localhost", "/"), message);
            assertStillIndexing(RawHttp.exchange(port, "POST /sites/held/mcp HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 2\r\n"
                    + "Connection: close\r\n\r\n{}", WAIT).response(), message);
            StatusRuntimeException grpc = assertThrows(StatusRuntimeException.class, () -> grpcSearch(channel, "held", authorization));
            assertEquals(Status.Code.UNAVAILABLE, grpc.getStatus().getCode());
            assertTrue(grpc.getStatus().getDescription().startsWith(message), grpc.getStatus().getDescription());

            assertEquals(200, search(port, "ready", authorization).status(), "an indexed site is served meanwhile");
            assertEquals(200, get(port, "localhost", "/sites/ready/").status());
            assertTrue(grpcSearch(channel, "ready", authorization).getResultsCount() > 0);
            assertEquals(404, get(port, "localhost", "/sites/nowhere/").status(), "an unknown site is no pending one");

            release.countDown();
            indexing.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertEquals(200, get(port, "localhost", "/observe/health/ready").status());
            assertEquals(200, get(port, "localhost", "/health").status());
            assertEquals(ServingStatus.SERVING, HealthGrpc.newBlockingStub(channel)
                    .check(HealthCheckRequest.getDefaultInstance()).getStatus());
            assertEquals(200, search(port, "held", authorization).status());
            assertEquals(200, get(port, "held.localhost", "/").status());
            assertTrue(grpcSearch(channel, "held", authorization).getResultsCount() > 0);

            // The searches served were timed on each edge; the refused ones count as 503s by route.
            String metrics = get(management, "localhost", "/observe/metrics").body();
            assertTrue(metrics.matches("(?s).*docs_assistant_search_duration_seconds_count\\{[^}]*edge=\"rest\".*"), metrics);
            assertTrue(metrics.matches("(?s).*docs_assistant_search_duration_seconds_count\\{[^}]*edge=\"grpc\".*"), metrics);
            assertTrue(metrics.matches("(?s).*docs_assistant_requests_total\\{[^}]*route=\"[^\"]*search[^\"]*\"[^}]*status=\"503\".*"),
                    metrics);
        } finally {
            release.countDown();
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            server.stop();
            indexing.exceptionally(e -> null).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            app.close();
        }
    }

    private static void assertStillIndexing(RawHttp.Response response, String message) {
        assertEquals(503, response.status(), response.head() + response.body());
        assertTrue(response.isJsonMessage(), response.body());
        assertTrue(response.body().contains(message), response.body());
        assertEquals("5", response.header("Retry-After"), response.head());
    }

    private static RawHttp.Response get(int port, String host, String path) {
        return RawHttp.exchange(port, "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n", WAIT).response();
    }

    private static RawHttp.Response search(int port, String domain, String authorization) {
        String body = "{\"query\": \"retry schedule\", \"pageSize\": 1}";
        String request = "POST /v1/search/" + domain + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + authorization
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + body;
        return OpenApiContract.check(request, RawHttp.exchange(port, request, WAIT).response());
    }

    private static dev.docsassistant.proto.v1.SearchResponse grpcSearch(ManagedChannel channel, String domain, String authorization) {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
        return AssistantServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .withDeadlineAfter(30, TimeUnit.SECONDS)
                .search(SearchRequest.newBuilder().setDomain(domain).setQuery("retry schedule").build());
    }
}
