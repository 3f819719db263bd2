package dev.docsassistant.app;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.content.LoadStats;
import dev.docsassistant.deploy.Deployment;
import dev.docsassistant.deploy.DeploymentSource;
import dev.docsassistant.deploy.DeploymentStatus;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.sites.Site;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.TestApps;
import io.helidon.config.Config;
import io.helidon.config.ConfigSources;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Servers sharing one PostgreSQL store, each with its own data directory and so its own local
 * embedding cache (hybrid search over the example site): what one server embedded, the others take
 * from the store. The second server builds the active deployment, and the first a deployment the
 * second made, computing no embedding; a server started on a fresh data directory serves the active
 * deployment computing none either. A build's {@code embedded} count is the texts it ran through the
 * model, and embedding them is what the log's "not in the embedding cache" line announces.
 */
class FleetEmbeddingsTest {
    private static final String SITE = "acme";
    /** One record of the local cache file: the 32-byte key and 384 floats. */
    private static final int RECORD_BYTES = 32 + 384 * Float.BYTES;

    @Test
    void aSectionIsEmbeddedOnceForTheWholeFleet() throws Exception {
        String url = TestDatabases.freshPgUrl();
        Path configA = TestApps.writeExampleConfig("store: {url: \"" + url + "\"}\nsearch: {mode: hybrid}");
        Path root = configA.getParent();

        try (App first = start(configA, new ByteArrayOutputStream())) {
            LoadStats built = stats(first);
            assertTrue(built.rebuilt() && built.embedded() > 20, "the first server embeds the site: " + built.summary());
            assertEquals(built.embedded(), sharedRows(url), "and shares every vector it computed");

            ByteArrayOutputStream log = new ByteArrayOutputStream();
            try (App second = start(config(root, "b.yaml", "data-b", url), log)) {
                LoadStats loaded = stats(second);
                assertTrue(loaded.rebuilt(), "the second server builds its own index: " + loaded.summary());
                assertEquals(0, loaded.embedded(), "and computes no embedding: " + loaded.summary());
                assertFalse(log.toString(StandardCharsets.UTF_8).contains("not in the embedding cache"), log.toString(StandardCharsets.UTF_8));
                assertEquals((long) built.embedded() * RECORD_BYTES, Files.size(root.resolve("data-b/embeddings/all-minilm-l6-v2-q.vectors")),
                        "the vectors taken from the store are in its local cache, the first level next time");
                assertEquals(paths(first, "how do I check that a delivery really came from us"),
                        paths(second, "how do I check that a delivery really came from us"), "the same vectors rank alike");

                // A new version deployed on the second server: only its new section is embedded, there.
                Path v2 = copy(root.resolve("site"), root.resolve("site-v2"));
                Files.writeString(v2.resolve("quickstart.mdx"), "\n## Replaying a zeppelin delivery\n\nAn airship carries"
                        + " every replayed event across the ocean of queues, one gondola per endpoint.\n", StandardOpenOption.APPEND);
                Deployment d = second.deployments().create(SITE, v2, "admin", DeploymentSource.folder(v2), Optional.empty());
                Deployment done = second.deployments().settled(d).get(60, TimeUnit.SECONDS);
                assertEquals(DeploymentStatus.ACTIVE, done.status(), done.problems().toString());
                LoadStats changed = stats(second);
                assertTrue(changed.embedded() >= 1 && changed.embedded() <= 3, "only changed sections are embedded: " + changed.summary());
                assertEquals(built.embedded() + changed.embedded(), sharedRows(url));

                // The first server learns of it (NOTIFY), builds it from the store and embeds nothing.
                long start = System.nanoTime();
                while (!servedFrom(first).contains(done.id())) {
                    assertTrue(System.nanoTime() - start < 30_000_000_000L, "the first server switches to " + done.id());
                    Thread.sleep(50);
                }
                LoadStats synced = stats(first);
                assertTrue(synced.rebuilt(), synced.summary());
                assertEquals(0, synced.embedded(), "the first server computes no embedding: " + synced.summary());
                assertTrue(paths(first, "airship gondola").contains("/quickstart#replaying-a-zeppelin-delivery"), paths(first, "airship gondola").toString());
            }
        }

        // A server started on a fresh data directory builds the active deployment from the store.
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (App restarted = start(config(root, "c.yaml", "data-c", url), log)) {
            LoadStats loaded = stats(restarted);
            assertTrue(loaded.rebuilt(), loaded.summary());
            assertEquals(0, loaded.embedded(), "a restarted server embeds nothing: " + loaded.summary());
            assertFalse(log.toString(StandardCharsets.UTF_8).contains("not in the embedding cache"), log.toString(StandardCharsets.UTF_8));
            assertTrue(paths(restarted, "airship gondola").contains("/quickstart#replaying-a-zeppelin-delivery"), "it serves the active deployment");
        }
    }

    /**
     * Started from the file alone: the build's system property pointing every test app at one shared
     * embedding cache is left out, so each server has its own, in its data directory.
     */
    private static App start(Path file, ByteArrayOutputStream log) {
        Config config = Config.builder().addSource(ConfigSources.file(file))
                .disableSystemPropertiesSource().disableEnvironmentVariablesSource().build();
        return Bootstrap.start(AppConfig.from(config, file.getParent()), new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    /** Another server's config beside the first one's, over the same site folder and store. */
    private static Path config(Path root, String name, String dataDir, String url) throws IOException {
        return Files.writeString(root.resolve(name), """
                docs-assistant:
                  data-dir: %s
                  store: {url: "%s"}
                  search: {mode: hybrid}
                  sites:
                    - {domain: acme, organization: acme, path: site}
                """.formatted(dataDir, url));
    }

    private static LoadStats stats(App app) {
        return current(app).stats();
    }

    private static Site current(App app) {
        return app.sites().current(SITE).orElseThrow();
    }

    /** The folder of the deployment served, which names its id. */
    private static String servedFrom(App app) {
        return current(app).config().path().toString();
    }

    private static List<String> paths(App app, String query) {
        return current(app).search().search(SearchRequest.of(query, 5)).stream().map(SearchHit::path).toList();
    }

    private static long sharedRows(String url) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM shared_embeddings")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        return to;
    }
}
