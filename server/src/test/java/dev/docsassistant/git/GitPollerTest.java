package dev.docsassistant.git;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Polling a real repository, driven tick by tick with a clock the test moves: no sleeps decide anything. */
class GitPollerTest {
    @TempDir
    Path temp;
    private SourceRepo source;
    private RecordingDeployer deployer;
    private final Map<String, GitSettings> sites = new ConcurrentHashMap<>();
    private final MovableClock clock = new MovableClock(Instant.parse("2026-11-26T12:00:00Z"));
    private GitPoller poller;

    /** A clock that stands still until the test moves it. */
    private static final class MovableClock extends Clock {
        private Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @BeforeEach
    void setUp() throws Exception {
        source = SourceRepo.create(temp.resolve("source"));
        deployer = new RecordingDeployer(temp.resolve("deployments"));
        Path git = temp.resolve("data/git");
        GitSource gitSource = new GitSource(() -> Map.copyOf(sites), new GitCheckout(git, name -> null, LocalRepos.EGRESS), deployer,
                new DeployedCommits(git));
        poller = new GitPoller(gitSource, clock);
    }

    @AfterEach
    void tearDown() {
        poller.close();
        source.close();
    }

    private static GitSettings polled(String url, Duration every) {
        return new GitSettings(url, "main", "docs", false, Optional.ofNullable(every), Optional.empty(), Optional.empty(),
                Optional.empty(), GitSettings.DEFAULT_CREDENTIALS_USER);
    }

    @Test
    void aMovedHeadIsDeployedWhenTheSiteIsDue() throws Exception {
        sites.put("guide", polled(source.url(), Duration.ofMinutes(1)));
        sites.put("quiet", polled(source.url(), null)); // no poll: never asked
        List<GitSource.Outcome> first = poller.tick();
        assertEquals(1, first.size(), "a site never deployed is deployed on its first poll");
        GitSource.Deployed initial = assertInstanceOf(GitSource.Deployed.class, first.getFirst());
        assertEquals(source.head("main"), initial.commit());
        assertEquals("poll", deployer.last().createdBy());
        assertEquals("guide", deployer.last().domain());

        clock.advance(Duration.ofMinutes(1));
        assertEquals(List.of(), poller.tick(), "the head did not move");

        String moved = source.commit("second", Map.of("docs/index.mdx", "# Welcome\n\nVersion two.\n"));
        clock.advance(Duration.ofSeconds(30));
        assertEquals(List.of(), poller.tick(), "not due yet");
        clock.advance(Duration.ofSeconds(30));
        List<GitSource.Outcome> next = poller.tick();
        assertEquals(1, next.size());
        assertEquals(moved, assertInstanceOf(GitSource.Deployed.class, next.getFirst()).commit());
        assertTrue(deployer.last().read("index.mdx").contains("Version two."));
        assertEquals(2, deployer.deployments.size());
    }

    @Test
    void anUnreachableSiteDoesNotStopTheOthers() throws Exception {
        sites.put("gone", polled(temp.resolve("no-such-repo").toUri().toString(), Duration.ofMinutes(1)));
        sites.put("guide", polled(source.url(), Duration.ofMinutes(5)));
        List<GitSource.Outcome> outcomes = poller.tick();
        assertEquals(1, outcomes.size());
        assertEquals("guide", deployer.last().domain());
        assertEquals(1, deployer.deployments.size(), "an unreachable remote is logged, not a deployment per poll");
    }

    @Test
    void aHeadThatFailedIsNotRetriedEveryPoll() throws Exception {
        GitSettings noSuchPath = new GitSettings(source.url(), "main", "handbook", false, Optional.of(Duration.ofMinutes(1)),
                Optional.empty(), Optional.empty(), Optional.empty(), GitSettings.DEFAULT_CREDENTIALS_USER);
        sites.put("guide", noSuchPath);
        GitSource.Deployed failed = assertInstanceOf(GitSource.Deployed.class, poller.tick().getFirst());
        assertEquals("failed", failed.deployment().status());
        assertTrue(failed.reason().startsWith("path 'handbook' does not exist"), failed.reason());
        clock.advance(Duration.ofMinutes(1));
        assertEquals(List.of(), poller.tick());
        source.commit("handbook", Map.of("handbook/docs.json", SourceRepo.docsJson("Handbook")));
        clock.advance(Duration.ofMinutes(1));
        GitSource.Deployed fixed = assertInstanceOf(GitSource.Deployed.class, poller.tick().getFirst());
        assertEquals("building", fixed.deployment().status());
    }

    @Test
    void oneSchedulerThreadForAllSites() {
        for (int i = 0; i < 20; i++) {
            sites.put("site-" + i, polled(temp.resolve("none-" + i).toUri().toString(), Duration.ofHours(1)));
        }
        long before = pollThreads();
        poller.start();
        poller.start();
        assertEquals(before + 1, pollThreads());
        poller.close();
    }

    private static long pollThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals("git-poll")).count();
    }
}
