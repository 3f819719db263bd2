package dev.docsassistant.git;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Pushes turned into deployments of a real repository: no duplicates, and never a step back. */
class GitSourceTest {
    @TempDir
    Path temp;
    private SourceRepo source;
    private RecordingDeployer deployer;
    private GitSource git;
    private GitSettings settings;

    @BeforeEach
    void setUp() throws Exception {
        source = SourceRepo.create(temp.resolve("source"));
        deployer = new RecordingDeployer(temp.resolve("deployments"));
        Path root = temp.resolve("data/git");
        settings = new GitSettings(source.url(), "main", "docs", false, java.util.Optional.empty(), java.util.Optional.empty(),
                java.util.Optional.empty(), java.util.Optional.empty(), GitSettings.DEFAULT_CREDENTIALS_USER);
        git = new GitSource(() -> Map.of("guide", settings), new GitCheckout(root, name -> null, LocalRepos.EGRESS), deployer, new DeployedCommits(root));
    }

    @AfterEach
    void tearDown() {
        source.close();
    }

    private GitSource.Outcome push(String commit) {
        return git.onPush("guide", settings, new PushEvent("refs/heads/main", commit, false, "alice"), "webhook:github:alice");
    }

    @Test
    void aLateOrRedeliveredPushNeverRollsTheSiteBack() throws Exception {
        String first = source.head("main");
        assertEquals(first, assertInstanceOf(GitSource.Deployed.class, push(first)).commit());
        String second = source.commit("second", Map.of("docs/index.mdx", "# Welcome\n\nVersion two.\n"));
        assertEquals(second, assertInstanceOf(GitSource.Deployed.class, push(second)).commit());
        GitSource.Ignored late = assertInstanceOf(GitSource.Ignored.class, push(first));
        assertEquals("commit " + second + ", the head of 'main', is already deployed", late.reason());
        assertEquals(2, deployer.deployments.size());
        assertTrue(deployer.last().read("index.mdx").contains("Version two."));
    }

    @Test
    void aPushOvertakenByANewerOneDeploysTheNewerHead() throws Exception {
        String first = source.head("main");
        String second = source.commit("second", Map.of("docs/index.mdx", "# Welcome\n\nVersion two.\n"));
        // The webhook of the first push arrives after the second push: the branch's head is deployed.
        assertEquals(second, assertInstanceOf(GitSource.Deployed.class, push(first)).commit());
        assertEquals("git " + source.url() + "@" + second, deployer.last().source());
        assertInstanceOf(GitSource.Ignored.class, push(second), "the second push's own webhook finds it deployed");
        assertEquals(1, deployer.deployments.size());
    }

    @Test
    void aDeployerThatThrowsLeavesNoExportBehind() throws Exception {
        Path root = temp.resolve("data2/git");
        GitDeployer broken = new GitDeployer() {
            @Override
            public DeploymentRef deploy(String domain, Path folder, String source, String createdBy, String preview) {
                throw new IllegalStateException("the store is down");
            }

            @Override
            public DeploymentRef fail(String domain, String source, String createdBy, String preview, String reason) {
                throw new IllegalStateException("the store is down");
            }
        };
        GitSource failing = new GitSource(() -> Map.of("guide", settings), new GitCheckout(root, name -> null, LocalRepos.EGRESS), broken,
                new DeployedCommits(root));
        PushEvent push = new PushEvent("refs/heads/main", source.head("main"), false, "");
        assertThrows(IllegalStateException.class, () -> failing.onPush("guide", settings, push, "test")); // the edge's 500
        try (var left = java.nio.file.Files.list(root.resolve("guide/exports"))) {
            assertEquals(0, left.count());
        }
        assertTrue(new DeployedCommits(root).last("guide", "main").isEmpty(), "nothing counts as deployed");
    }
}
