package dev.docsassistant.deploy;

import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.TempDirs;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two servers on one PostgreSQL store: a preview built on one is served on its host by the other
 * within 5 s, and a preview the sweep of one removes goes from the other too.
 */
class FleetPreviewsTest {
    @Test
    void aPreviewIsServedAndRemovedOnEveryServer() throws Exception {
        String store = "store: {url: \"" + TestDatabases.freshPgUrl() + "\"}";
        Path dirA = TempDirs.create("docs-assistant-fleet-a-");
        Path dirB = TempDirs.create("docs-assistant-fleet-b-");
        try (DeployServer a = DeployServer.start(dirA, store); DeployServer b = DeployServer.start(dirB, store)) {
            PreviewsTest.preview(a, "pr-9", DeployServer.version(dirA.resolve("v2"), 2).dir());
            String host = "docs--pr-9.localhost:" + b.port();
            within5s(() -> PreviewsTest.get(b, host, "/launch").statusCode() == 200, "server b serves the preview");
            assertTrue(PreviewsTest.get(b, host, "/launch").body().contains("zeppelin2"));
            assertEquals(404, b.page("docs", "/launch").statusCode(), "never as the site itself");

            b.app.deployments().sweep(Instant.now().plus(Duration.ofDays(15)));
            assertEquals(404, PreviewsTest.get(b, host, "/launch").statusCode());
            within5s(() -> PreviewsTest.get(a, "docs--pr-9.localhost:" + a.port(), "/launch").statusCode() == 404,
                    "server a drops the preview b's sweep removed");
            assertEquals(200, a.page("docs", "/").statusCode());
        }
    }

    private static void within5s(BooleanSupplier condition, String what) throws InterruptedException {
        long start = System.nanoTime();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() - start < 5_000_000_000L, what + " within 5 s");
            Thread.sleep(50);
        }
    }
}
