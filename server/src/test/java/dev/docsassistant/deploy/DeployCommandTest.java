package dev.docsassistant.deploy;

import dev.docsassistant.testing.CliRun;
import dev.docsassistant.testing.TempDirs;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code docs-assistant deploy} against a running server, and {@code docs-assistant check} offline. */
class DeployCommandTest {

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void deployFollowsTheBuildUntilActiveOrFailed() {
        Path dir = TempDirs.create("docs-assistant-cli-deploy-");
        try (DeployServer server = DeployServer.start(dir, "")) {
            String url = "http://dashboard.localhost:" + server.port(); // reached at 127.0.0.1, as curl and browsers do
            Path v2 = DeployServer.version(dir.resolve("v2"), 2).dir();
            CliRun deployed = run("deploy", "--domain", "docs", "--server", url, "--token", DeployServer.ADMIN, v2.toString());
            assertEquals(0, deployed.code(), deployed.err());
            assertTrue(deployed.out().matches("(?s)dep_\\w+ is active: 2 pages, built in [0-9.]+ s\\n"), deployed.out());
            assertTrue(deployed.err().contains("packed 3 files"), deployed.err());
            assertTrue(server.page("docs", "/launch").body().contains("zeppelin2"), "served without a restart");

            Path broken = DeployServer.version(dir.resolve("broken"), 3).file("docs.json",
                    "{\"name\": \"Relay\", \"navigation\": {\"groups\": [{\"group\": \"G\", \"pages\": [\"index\", \"gone\"]}]}}").dir();
            CliRun failed = run("deploy", "--domain", "docs", "--server", url, "--token", DeployServer.ADMIN, broken.toString());
            assertEquals(1, failed.code(), failed.out() + failed.err());
            assertTrue(failed.err().contains("error: docs.json /navigation/groups/0/pages/1: page 'gone' has no file"), failed.err());
            assertTrue(failed.err().contains("failed with 1 error(s); docs still serves its active deployment"), failed.err());
            assertTrue(server.page("docs", "/launch").body().contains("zeppelin2"));

            CliRun preview = run("deploy", "--domain", "docs", "--preview", "pr-1", "--server", url, "--token", DeployServer.ADMIN,
                    DeployServer.version(dir.resolve("pr"), 4).dir().toString());
            assertEquals(0, preview.code(), preview.err());
            assertTrue(preview.out().contains("is ready as preview pr-1"), preview.out());
            String previewUrl = "http://docs--pr-1.localhost:" + server.port() + "/";
            assertTrue(preview.out().endsWith(previewUrl + "\n"), "it prints the preview's own address: " + preview.out());
            java.net.http.HttpResponse<String> served = PreviewsTest.get(server, "docs--pr-1.localhost:" + server.port(), "/launch");
            assertEquals(200, served.statusCode());
            assertTrue(served.body().contains("zeppelin4"), "and the preview is served there");
            assertTrue(server.page("docs", "/launch").body().contains("zeppelin2"), "a preview is not activated");

            CliRun refused = run("deploy", "--domain", "docs", "--server", url, "--token", "wrong-token-wrong-token-wrong-token", v2.toString());
            assertEquals(1, refused.code());
            assertTrue(refused.err().contains("refused (401)"), refused.err());
            CliRun unknown = run("deploy", "--domain", "nope", "--server", url, "--token", DeployServer.ADMIN, v2.toString());
            assertEquals(1, unknown.code());
            assertTrue(unknown.err().contains("refused (404): unknown site: nope"), unknown.err());
        }
    }

    @Test
    void checkExitsOneOnErrorsAsADeploymentWouldFail() {
        Path dir = TempDirs.create("docs-assistant-check-");
        Path good = DeployServer.version(dir.resolve("good"), 2).dir();
        CliRun ok = run("check", good.toString());
        assertEquals(0, ok.code(), ok.out() + ok.err());
        assertTrue(ok.err().contains("2 pages, 0 errors, 0 warnings"), ok.err());

        Path broken = DeployServer.version(dir.resolve("broken"), 2).file("docs.json",
                        "{\"name\": \"Relay\", \"navigation\": {\"groups\": [{\"group\": \"G\", \"pages\": [\"index\", \"launch\", \"gone\"]}]}}")
                .page("launch", "import Shared from '/snippets/missing.mdx';\n\n<Shared />\n\nSee [nowhere](/nowhere).", "title: Launch").dir();
        CliRun bad = run("check", broken.toString());
        assertEquals(1, bad.code(), bad.out());
        assertTrue(bad.out().contains(" /navigation/groups/0/pages/2: page 'gone' has no file"), bad.out());
        assertTrue(bad.out().contains(" import: snippet not found: /snippets/missing.mdx"), bad.out());
        assertTrue(bad.out().contains("warning: launch.mdx:9:15: broken link: /nowhere"), bad.out());

        Path invalid = DeployServer.version(dir.resolve("invalid"), 1).file("docs.json", "{\"name\": ").dir();
        CliRun unreadable = run("check", invalid.toString());
        assertEquals(1, unreadable.code());
        assertTrue(unreadable.out().contains("error: docs.json:1:"), unreadable.out());

        Path warned = DeployServer.version(dir.resolve("warned"), 2).page("launch", "See [old](/old).", "title: Launch").dir();
        assertEquals(0, run("check", warned.toString()).code(), "a broken link alone does not fail");
        assertEquals(1, run("check", "--strict", warned.toString()).code(), "unless --strict");
    }
}
