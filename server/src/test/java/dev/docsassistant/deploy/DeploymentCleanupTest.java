package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.testing.TempDirs;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deployment folders beyond the newest {@code keep-built} versions are deleted (a rollback to one of
 * them rebuilds it from the stored content), and content no deployment lists any more leaves the store.
 */
class DeploymentCleanupTest {

    @Test
    void oldFoldersGoAndARollbackToOneRebuildsItFromTheStore() throws Exception {
        Path dir = TempDirs.create("docs-assistant-cleanup-");
        try (DeployServer server = DeployServer.start(dir, "deployments: {retire-after: 300ms, keep-built: 1}")) {
            String v1 = PreviewsTest.list(server).getFirst().path("id").asText();
            String v2 = server.deploy("docs", DeployServer.version(dir.resolve("v2"), 2).dir()).path("id").asText();
            String v3 = server.deploy("docs", DeployServer.version(dir.resolve("v3"), 3).dir()).path("id").asText();
            String v4 = server.deploy("docs", DeployServer.version(dir.resolve("v4"), 4).dir()).path("id").asText();
            Thread.sleep(400); // past retire-after: the replaced versions no longer serve requests
            server.app.deployments().sweep(Instant.now());
            assertEquals(new TreeSet<>(Set.of(v4, v3)), folders(dir), "the active version and the newest other built one");
            assertEquals(4, PreviewsTest.list(server).size(), "the history stays: only folders go");

            // v1's folder is gone: activating it rebuilds it from the stored content.
            HttpResponse<String> rolledBack = server.admin("POST", "/admin/v1/sites/docs/deployments/" + v1 + "/activate", null);
            assertEquals(200, rolledBack.statusCode(), rolledBack.body());
            assertEquals("active", DeployServer.json(rolledBack.body()).path("status").asText());
            assertTrue(server.page("docs", "/").body().contains("Release 1"), "version 1 is served again");
            assertEquals(404, server.page("docs", "/launch").statusCode());
            assertTrue(server.searched("docs", "webhooks").contains("Home"), "and searched");
            assertTrue(folders(dir).contains(v1));

            // And a rollback to a version whose folder is still there reuses it.
            assertTrue(folders(dir).contains(v4) || folders(dir).contains(v3));
            String kept = folders(dir).contains(v4) ? v4 : v3;
            assertEquals(200, server.admin("POST", "/admin/v1/sites/docs/deployments/" + kept + "/activate", null).statusCode());
            assertTrue(server.page("docs", "/launch").body().contains("zeppelin" + (kept.equals(v4) ? 4 : 3)));
            assertFalse(folders(dir).contains(v2), "never needed again since");
        }
    }

    @Test
    void contentNoDeploymentListsLeavesTheStore() throws Exception {
        Path dir = TempDirs.create("docs-assistant-cleanup-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            long blobs = PreviewsTest.count(server, "content_blobs");
            assertEquals(201, server.admin("POST", "/admin/v1/sites", "{\"domain\": \"brief\", \"organization\": \"acme\"}").statusCode());
            Path own = DeployServer.version(dir.resolve("brief"), 2).page("launch", "Only the brief site says wombat5.", "title: Launch").dir();
            JsonNode d = server.deploy("brief", own);
            assertEquals("active", d.path("status").asText(), d.toString());
            long withBrief = PreviewsTest.count(server, "content_blobs");
            assertTrue(withBrief > blobs);
            Deployments.Swept nothing = server.app.deployments().sweep(Instant.now().plus(Duration.ofHours(2)));
            assertEquals(0, nothing.blobs(), "everything stored is listed by a deployment");

            assertEquals(204, server.admin("DELETE", "/admin/v1/sites/brief", null).statusCode());
            assertEquals(0, PreviewsTest.count(server, "deployment_files WHERE deployment_id = '" + d.path("id").asText() + "'"));
            // Content stored within the last hour stays (a deployment being recorded may list it next).
            assertEquals(withBrief, PreviewsTest.count(server, "content_blobs"));
            Deployments.Swept swept = server.app.deployments().sweep(Instant.now().plus(Duration.ofHours(2)));
            assertTrue(swept.blobs() >= 1, swept.toString());
            // What the brief site shared with the docs site stays: the docs site's deployments list it.
            assertEquals(withBrief - swept.blobs(), PreviewsTest.count(server, "content_blobs"));
            assertEquals(0, PreviewsTest.count(server, "content_blobs b WHERE NOT EXISTS (SELECT 1 FROM deployment_files f"
                    + " WHERE f.sha256 = b.sha256)"), "nothing unreferenced is left");
            assertFalse(stillThere(dir.resolve("data/deployments/brief")), "its folders go");
            assertEquals(200, server.page("docs", "/").statusCode(), "the other site is untouched");
        }
    }

    /** Whether {@code folder} still holds anything after waiting up to 10 s for it to empty. */
    private static boolean stillThere(Path folder) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (folderCount(folder) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return folderCount(folder) > 0;
    }

    private static long folderCount(Path folder) {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        try (Stream<Path> children = Files.list(folder)) {
            return children.count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static TreeSet<String> folders(Path dir) throws java.io.IOException {
        try (Stream<Path> children = Files.list(dir.resolve("data/deployments/docs"))) {
            return new TreeSet<>(children.map(p -> p.getFileName().toString()).toList());
        }
    }
}
