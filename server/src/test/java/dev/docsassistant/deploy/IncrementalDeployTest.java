package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.TempDirs;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A deployment is built from the version before it: a one-page change indexes that page only and
 * links the unchanged files; a rollback to the previous version still serves it whole; in a fleet
 * the other server builds the deployment while the first one does, and takes its files from its own
 * previous folder, not the store.
 */
class IncrementalDeployTest {

    @Test
    void aOnePageChangeIndexesThatPageOnly() {
        Path dir = TempDirs.create("docs-assistant-incremental-deploy-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            String v2 = server.deploy("docs", DeployServer.version(dir.resolve("v2"), 2).dir()).path("id").asText();
            BuildStats second = server.app.deployments().lastBuild("docs").orElseThrow();
            assertEquals(v2, second.deployment());
            // Every page changed (home) or is new (launch): beyond half the sections, it is built in full.
            assertFalse(second.incremental(), second.summary());
            assertEquals(2, second.pagesIndexed(), second.summary());

            // Only the launch page changes.
            JsonNode v3 = server.deploy("docs", DeployServer.version(dir.resolve("v3"), 2)
                    .page("launch", "The launch checklist now mentions airship7 once.", "title: Launch").dir());
            assertEquals("active", v3.path("status").asText(), v3.toString());
            BuildStats third = server.app.deployments().lastBuild("docs").orElseThrow();
            assertTrue(third.incremental(), third.summary());
            assertEquals(1, third.pagesIndexed(), third.summary());
            assertEquals(1, third.sectionsIndexed(), third.summary());
            assertTrue(server.searched("docs", "airship7").contains("/launch"));
            assertFalse(server.searched("docs", "zeppelin2").contains("/launch"), "the old text is not found");
            assertTrue(server.searched("docs", "webhooks").contains("Home"), "the unchanged page still is");

            // A rollback to v2 (its folder and index are still there) serves it whole again.
            assertEquals(200, server.admin("POST", "/admin/v1/sites/docs/deployments/" + v2 + "/activate", null).statusCode());
            assertTrue(server.searched("docs", "zeppelin2").contains("/launch"));
            assertFalse(server.searched("docs", "airship7").contains("/launch"));
        }
    }

    @Test
    void theOtherServerOfAFleetBuildsMeanwhileFromItsOwnPreviousVersion() throws Exception {
        String store = "store: {url: \"" + TestDatabases.freshPgUrl() + "\"}";
        Path dirA = TempDirs.create("docs-assistant-incremental-a-");
        Path dirB = TempDirs.create("docs-assistant-incremental-b-");
        try (DeployServer a = DeployServer.start(dirA, store); DeployServer b = DeployServer.start(dirB, store)) {
            a.deploy("docs", DeployServer.version(dirA.resolve("v2"), 2).dir());
            awaitPage(b, "zeppelin2");
            JsonNode d = a.deploy("docs", DeployServer.version(dirA.resolve("v3"), 2)
                    .page("launch", "The launch checklist now mentions airship7 once.", "title: Launch").dir());
            assertEquals("active", d.path("status").asText(), d.toString());
            awaitPage(b, "airship7");
            BuildStats onB = b.app.deployments().lastBuild("docs").orElseThrow();
            assertEquals(d.path("id").asText(), onB.deployment(), "b built the deployment itself");
            assertTrue(onB.incremental(), onB.summary());
            assertEquals(1, onB.pagesIndexed(), onB.summary());
            assertEquals(1, onB.filesRead(), "only the changed page is read from the store: " + onB.summary());
            assertEquals(2, onB.filesLinked(), "docs.json and the home page come from b's previous folder: " + onB.summary());
            assertTrue(b.searched("docs", "airship7").contains("/launch"));
        }
    }

    private static void awaitPage(DeployServer server, String word) throws InterruptedException {
        long start = System.nanoTime();
        while (!server.page("docs", "/launch").body().contains(word)) {
            assertTrue(System.nanoTime() - start < 5_000_000_000L, "server b serves the new deployment within 5 s");
            Thread.sleep(20);
        }
    }
}
