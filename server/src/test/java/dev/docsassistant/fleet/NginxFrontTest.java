package dev.docsassistant.fleet;

import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.SearchRequest;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.testing.FakeChatProvider;
import dev.docsassistant.testing.MachineDependencies;
import dev.docsassistant.testing.Nginx;
import dev.docsassistant.testing.SelfSignedCertificate;
import dev.docsassistant.testing.ServerProcess;
import dev.docsassistant.testing.TempDirs;
import io.grpc.Grpc;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.TlsChannelCredentials;
import io.grpc.stub.MetadataUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/deploy.md's nginx section as an operator follows it: the machine's nginx (Debian's package)
 * runs {@code deploy/nginx.conf} with only the addresses, the port, the names and the certificate
 * paths changed, TLS with a certificate made here, in front of two server processes. Clients reach
 * it by name ({@code *.nginx.loopback.test}: {@link dev.docsassistant.testing.TestDomainResolver}) over
 * HTTP/2, as browsers and gRPC clients do.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NginxFrontTest {
    private static final String SITE_HOST = "nginx.loopback.test";
    /** Each site's own key (sites[].assistant-key), the same on both servers. */
    private static final String KEY = KeyHasher.newKey();
    private static final String SLOW_KEY = KeyHasher.newKey();
    /** Per server, counted in memory: the X-Forwarded-For test exhausts it from one address. */
    private static final int PER_ADDRESS = 400;
    private static final Duration START = Duration.ofMinutes(3);

    private static Path dir;
    private static FakeChatProvider provider;
    private static ServerProcess a;
    private static ServerProcess b;
    private static String urlA;
    private static Nginx nginx;
    private static String nginxConf;
    private static SSLContext tls;
    private static SelfSignedCertificate certificate;
    private static HttpClient http;

    @BeforeAll
    static void start() throws Exception {
        MachineDependencies.require(Nginx.installed(), "nginx");
        MachineDependencies.require(SelfSignedCertificate.opensslPresent(), "openssl");
        dir = TempDirs.create("docs-assistant-nginx-");
        provider = new FakeChatProvider();
        Path site = Path.of(System.getProperty("user.dir")).resolve("../examples/acme-docs").normalize();
        for (String server : List.of("a", "b")) {
            Files.writeString(dir.resolve(server + ".yaml"), """
                    server:
                      port: 0
                      host: 127.0.0.1
                      drain-timeout: 20s
                    docs-assistant:
                      data-dir: data-%s
                      site-host: %s
                      security:
                        trusted-proxies: [127.0.0.1]   # nginx
                      limits:
                        ip-per-day: %d
                        site-pages-per-hour: 1000000
                      llm:
                        base-url: %s
                        model: fake
                        timeouts: {first-token: 30s, total: 60s}
                      sites:
                        - {domain: docs, organization: acme, path: "%s", assistant-key: %s}
                        - {domain: slow, organization: acme, path: "%s", generator: llm, assistant-key: %s}
                    """.formatted(server, SITE_HOST, PER_ADDRESS, provider.baseUrl(), site, KEY, site, SLOW_KEY));
        }
        a = ServerProcess.start("a", dir.resolve("a.yaml"));
        b = ServerProcess.start("b", dir.resolve("b.yaml"));
        urlA = a.awaitReady(START);
        String urlB = b.awaitReady(START);
        certificate = SelfSignedCertificate.make(dir, SITE_HOST);
        tls = certificate.trustingIt();
        http = HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(5)).build();
        int port = Nginx.freePort();
        nginxConf = Files.readString(Path.of(System.getProperty("user.dir")).resolve("../deploy/nginx.conf"))
                .replace("10.0.0.11:8080", "127.0.0.1:" + URI.create(urlA).getPort())
                .replace("10.0.0.12:8080", "127.0.0.1:" + URI.create(urlB).getPort())
                .replace("listen 443", "listen 127.0.0.1:" + port)
                .replace("docs.example.com", SITE_HOST)
                .replace("/etc/nginx/tls/docs.crt", certificate.certificate().toString())
                .replace("/etc/nginx/tls/docs.key", certificate.key().toString());
        nginx = Nginx.start(dir.resolve("nginx"), nginxConf, port);
    }

    @AfterAll
    static void stop() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
        for (ServerProcess p : new ServerProcess[] {a, b}) {
            if (p != null) {
                p.close();
            }
        }
        if (provider != null) {
            provider.close();
        }
        if (http != null) {
            http.close();
        }
        TempDirs.delete(dir);
    }

    @Test
    @Order(1)
    void theV2StreamArrivesEventByEventOverHttp2() throws Exception {
        String[] words = new String[8];
        for (int i = 0; i < words.length; i++) {
            words[i] = "word" + i + " ";
        }
        provider.reply(FakeChatProvider.tokens(Duration.ofMillis(200), words));
        HttpResponse<InputStream> response = http.send(post("slow", "/v2/assistant/slow/message", SLOW_KEY,
                "{\"fp\": \"anonymous\", \"messages\": [{\"id\": \"m1\", \"role\": \"user\", \"parts\": [{\"type\": \"text\", \"text\": \"How are retries scheduled?\"}]}]}"),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode());
        assertEquals(HttpClient.Version.HTTP_2, response.version(), "nginx speaks HTTP/2 to the client");
        long firstDelta = 0;
        long finish = 0;
        List<String> events = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.startsWith("data: ")) {
                    continue;
                }
                events.add(line);
                if (firstDelta == 0 && line.contains("\"type\":\"text-delta\"")) {
                    firstDelta = System.nanoTime();
                }
                if (line.contains("\"type\":\"finish\"")) {
                    finish = System.nanoTime();
                }
            }
        }
        assertTrue(firstDelta > 0 && finish > 0, events.toString());
        // Seven 200 ms gaps between the model's words: buffered, they would all arrive at the end.
        long apart = (finish - firstDelta) / 1_000_000;
        assertTrue(apart >= 1000, "the first text-delta came only " + apart + " ms before the finish: the stream was buffered");
    }

    @Test
    @Order(2)
    void grpcCallsThroughNginxAllSucceedAfterRestTraffic() throws Exception {
        for (int i = 0; i < 20; i++) {
            // REST first: these leave HTTP/1.1 keep-alive connections cached towards both servers.
            assertEquals(200, http.send(post("docs", "/v1/search/docs", "{\"query\": \"retry schedule\"}"),
                    HttpResponse.BodyHandlers.ofString()).statusCode());
        }
        ManagedChannel channel = Grpc.newChannelBuilder("dns:///docs." + SITE_HOST + ":" + nginx.port,
                TlsChannelCredentials.newBuilder().trustManager(certificate.certificate().toFile()).build()).build();
        try {
            Metadata headers = new Metadata();
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + KEY);
            AssistantServiceGrpc.AssistantServiceBlockingStub stub = AssistantServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
            SearchRequest search = SearchRequest.newBuilder().setDomain("docs").setQuery("retry schedule").setPageSize(1).build();
            for (int i = 0; i < 200; i++) {
                try {
                    assertFalse(stub.withDeadlineAfter(30, TimeUnit.SECONDS).search(search).getResultsList().isEmpty(), "call " + i);
                } catch (RuntimeException e) {
                    throw new AssertionError("call " + i + " failed; nginx's error log:\n" + nginx.errorLog(), e);
                }
            }
            ExecutorService callers = Executors.newFixedThreadPool(50);
            try {
                List<Future<Integer>> calls = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    calls.add(callers.submit(() -> stub.withDeadlineAfter(30, TimeUnit.SECONDS).search(search).getResultsCount()));
                }
                for (Future<Integer> call : calls) {
                    try {
                        assertTrue(call.get() > 0);
                    } catch (java.util.concurrent.ExecutionException e) {
                        throw new AssertionError("a concurrent call failed; nginx's error log:\n" + nginx.errorLog(), e);
                    }
                }
            } finally {
                callers.shutdownNow();
            }
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        assertFalse(nginx.errorLog().contains("[error]"), nginx.errorLog());
    }

    @Test
    @Order(3)
    void theClientAddressFromXForwardedForIsWhatTheLimitsCount() throws Exception {
        try (HttpClient first = client("127.0.0.3"); HttpClient second = client("127.0.0.4")) {
            int sent = 0;
            HttpResponse<String> last;
            do {
                last = first.send(post("docs", "/v1/search/docs", "{\"query\": \"retries\", \"pageSize\": 1}"), HttpResponse.BodyHandlers.ofString());
                sent++;
            } while (last.statusCode() == 200 && sent < 3 * PER_ADDRESS);
            assertEquals(429, last.statusCode(), last.body());
            assertTrue(last.body().contains("from this address"), last.body());
            assertTrue(sent > PER_ADDRESS, "the limit is per server: " + sent);
            // Another client through the same nginx is not touched by it, on either server.
            for (int i = 0; i < 2; i++) {
                HttpResponse<String> other = second.send(post("docs", "/v1/search/docs", "{\"query\": \"retries\"}"), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, other.statusCode(), other.body());
            }
        }
    }

    @Test
    @Order(4)
    void sitesAndTheDashboardAnswerOnTheirOwnHostsAndObserveIsNotProxied() throws Exception {
        HttpResponse<String> page = get("docs", "/");
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("<html"), page.body());
        assertEquals(421, get("docs", "/dashboard").statusCode(), "the dashboard is not on a site's host");
        HttpResponse<String> noSite = get("nosuchsite", "/");
        assertEquals(404, noSite.statusCode(), "a name under the site host that names no site");
        assertTrue(noSite.body().contains("\"message\""), noSite.body());
        HttpResponse<String> dashboard = get("dashboard", "/dashboard");
        assertTrue(dashboard.statusCode() < 400, dashboard.statusCode() + " " + dashboard.body());
        assertEquals(404, get("dashboard", "/").statusCode(), "the dashboard's host serves no site");
        // The observe endpoints stay inside: nginx answers 404 itself, and proxies to the public port alone.
        assertEquals(404, get("docs", "/observe/health/ready").statusCode());
        assertEquals(404, get("docs", "/observe/metrics").statusCode());
        String management = a.managementUrl(START);
        assertFalse(nginxConf.contains(":" + URI.create(management).getPort() + " "), "the management port is no upstream");
        // A name nginx does not serve gets no TLS handshake.
        HttpRequest elsewhere = HttpRequest.newBuilder(URI.create("https://other.loopback.test:" + nginx.port + "/")).build();
        assertThrows(SSLHandshakeException.class, () -> http.send(elsewhere, HttpResponse.BodyHandlers.discarding()));
    }

    @Test
    @Order(5)
    void aDrainingServerIsSkippedWithoutAFailedRequest() throws Exception {
        String[] words = new String[30];
        java.util.Arrays.fill(words, "slow ");
        provider.reply(FakeChatProvider.tokens(Duration.ofMillis(100), words));
        // An answer open on A keeps it draining (not gone) while requests arrive through nginx.
        HttpClient direct = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<InputStream> open = direct.send(HttpRequest.newBuilder(URI.create(urlA + "/v2/assistant/slow/message"))
                .header("authorization", "Bearer " + SLOW_KEY).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"fp\": \"anonymous\", \"messages\": [{\"id\": \"m1\", \"role\": \"user\", \"parts\": [{\"type\": \"text\", \"text\": \"Retries?\"}]}]}"))
                .build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, open.statusCode());
        a.terminate();
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (direct.send(HttpRequest.newBuilder(URI.create(urlA + "/observe/health/ready")).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
            assertTrue(System.nanoTime() < deadline, "A turns not ready on SIGTERM");
            Thread.sleep(20);
        }
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            statuses.add(http.send(post("docs", "/v1/search/docs", "{\"query\": \"retries\"}"), HttpResponse.BodyHandlers.ofString()).statusCode());
        }
        assertEquals(java.util.Collections.nCopies(20, 200), statuses, "every request reached B");
        String rest = new String(open.body().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(rest.contains("\"type\":\"finish\""), "A's open answer finishes: " + rest);
        assertEquals(0, a.awaitExit(Duration.ofSeconds(30)), a.output());
        direct.close();
    }

    // --- helpers ---

    private static HttpClient client(String localAddress) throws Exception {
        return HttpClient.newBuilder().sslContext(tls).localAddress(InetAddress.getByName(localAddress)).build();
    }

    private static URI uri(String subdomain, String path) {
        return URI.create("https://" + subdomain + "." + SITE_HOST + ":" + nginx.port + path);
    }

    private static HttpRequest post(String subdomain, String path, String body) {
        return post(subdomain, path, KEY, body);
    }

    private static HttpRequest post(String subdomain, String path, String key, String body) {
        return HttpRequest.newBuilder(uri(subdomain, path)).timeout(Duration.ofSeconds(60))
                .header("authorization", "Bearer " + key).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    private static HttpResponse<String> get(String subdomain, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(subdomain, path)).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
