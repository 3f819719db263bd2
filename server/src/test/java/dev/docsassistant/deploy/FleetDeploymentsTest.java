package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.HelperThreads;
import dev.docsassistant.testing.TempDirs;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two servers on one PostgreSQL store, each with its own data directory: a deployment made through
 * one is served by the other within 5 s (LISTEN/NOTIFY, files fetched from the store), and the
 * other's readiness never drops meanwhile; a site created on one is served and deleted on both.
 */
class FleetDeploymentsTest {
    /**
     * A page's "Last modified" is its file's time as deployed (a Git export's last commit), on the
     * server that stored it and on another that wrote the files from the store.
     */
    @Test
    void aFilesTimeAsDeployedIsThePagesDateOnEveryServer() throws Exception {
        String url = TestDatabases.freshPgUrl();
        String store = "store: {url: \"" + url + "\"}";
        Path dirA = TempDirs.create("docs-assistant-fleet-a-");
        Path dirB = TempDirs.create("docs-assistant-fleet-b-");
        try (DeployServer a = DeployServer.start(dirA, store); DeployServer b = DeployServer.start(dirB, store)) {
            Path folder = DeployServer.version(dirA.resolve("dated"), 2)
                    .file("docs.json", """
                            {"name": "Relay", "metadata": {"timestamp": true},
                             "navigation": {"groups": [{"group": "Guides", "pages": ["index", "launch"]}]}}""").dir();
            Files.setLastModifiedTime(folder.resolve("launch.mdx"), FileTime.from(Instant.parse("2026-03-04T09:30:00Z")));
            a.app.deployments().create("docs", folder, "test", DeploymentSource.git("file:///relay", "0".repeat(40)), Optional.empty());
            String date = "Last modified on <time datetime=\"2026-03-04\">March 4, 2026</time>";
            long start = System.nanoTime();
            for (DeployServer server : List.of(a, b)) {
                while (!server.page("docs", "/launch").body().contains(date)) {
                    assertTrue(System.nanoTime() - start < 30_000_000_000L, "the page's date: " + server.page("docs", "/launch").body());
                    Thread.sleep(50);
                }
            }
        }
    }

    @Test
    void everyServerSwitchesWithinFiveSeconds() throws Exception {
        String url = TestDatabases.freshPgUrl();
        String store = "store: {url: \"" + url + "\"}";
        Path dirA = TempDirs.create("docs-assistant-fleet-a-");
        Path dirB = TempDirs.create("docs-assistant-fleet-b-");
        try (DeployServer a = DeployServer.start(dirA, store); DeployServer b = DeployServer.start(dirB, store)) {
            List<String> ids = a.app.deployments().list("docs").stream().map(Deployment::id).toList();
            assertEquals(1, ids.size(), "the second server reused the first one's deployment of the same folder: " + ids);
            assertEquals(ids, b.app.deployments().list("docs").stream().map(Deployment::id).toList());

            // A readiness check that cannot be made (b refusing connections) fails the test as a 503 would.
            CountDownLatch checked = new CountDownLatch(1);
            long start;
            try (HelperThreads readiness = new HelperThreads()) {
                readiness.repeat("readiness-of-b", () -> {
                    HttpResponse<String> res = b.send(java.net.http.HttpRequest.newBuilder(b.uri("/observe/health/ready")).build());
                    assertEquals(200, res.statusCode(), "server b stayed ready: " + res.body());
                    checked.countDown();
                });
                assertTrue(checked.await(30, TimeUnit.SECONDS), "server b is ready before the deployment");
                JsonNode d = a.deploy("docs", DeployServer.version(dirA.resolve("v2"), 2).dir());
                assertEquals("active", d.path("status").asText());
                start = System.nanoTime();
                while (!b.page("docs", "/launch").body().contains("zeppelin2") && !readiness.failed()) {
                    assertTrue(System.nanoTime() - start < 5_000_000_000L, "server b serves the new deployment within 5 s");
                    Thread.sleep(50);
                }
                readiness.stopAndJoin(Duration.ofSeconds(30));
            }
            assertTrue(b.searched("docs", "zeppelin2").contains("/launch"));

            assertEquals(201, a.admin("POST", "/admin/v1/sites", "{\"domain\": \"fresh\", \"organization\": \"acme\"}").statusCode());
            a.deploy("fresh", DeployServer.version(dirA.resolve("fresh"), 3).dir());
            start = System.nanoTime();
            while (b.page("fresh", "/launch").statusCode() != 200) {
                assertTrue(System.nanoTime() - start < 5_000_000_000L, "server b serves the new site within 5 s");
                Thread.sleep(50);
            }
            assertEquals(204, b.admin("DELETE", "/admin/v1/sites/fresh", null).statusCode());
            start = System.nanoTime();
            while (a.page("fresh", "/launch").statusCode() != 404) {
                assertTrue(System.nanoTime() - start < 5_000_000_000L, "server a drops the deleted site within 5 s");
                Thread.sleep(50);
            }
        }
    }
}
