package dev.docsassistant.cli;

import dev.docsassistant.security.SecuritySettings;
import dev.docsassistant.testing.CapturedProcess;
import dev.docsassistant.testing.RawHttp;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code serve} beside another server, each in a JVM of its own as an operator starts them: a taken
 * port or a data directory in use stops the second one at once (exit 1, before it touches any data),
 * page keys survive a restart, and the admin token comes from {@code DOCS_ASSISTANT_ADMIN_TOKEN}.
 */
class SecondServerTest {
    private static final Duration START = Duration.ofMinutes(2);
    private static final String ADMIN_TOKEN = "admin-token-from-the-environment-0123456789";
    /** The environment of a server started without an admin token, whatever this JVM's has. */
    private static final Map<String, String> NO_TOKEN = Map.of(SecuritySettings.ADMIN_TOKEN_ENV, "");

    @TempDir
    Path dir;

    private Path config(String name, String dataDir) throws Exception {
        new TestSites(dir.resolve("site")).file("docs.json", "{\"name\": \"Docs\", \"navigation\": {\"pages\": [\"index\"]}}")
                .page("index", "Deliveries are retried with backoff.", "title: Home");
        Path config = dir.resolve(name);
        Files.writeString(config, """
                docs-assistant:
                  data-dir: %s
                  search: {mode: keyword}
                  sites:
                    - {domain: docs, organization: acme, path: site}
                """.formatted(dataDir));
        return config;
    }

    private CapturedProcess serve(Map<String, String> env, Path config, int port) {
        return CapturedProcess.java(dir, env, "dev.docsassistant.Main", "serve", "--config", config.toString(), "--port", String.valueOf(port));
    }

    private static int port(CapturedProcess serve) throws InterruptedException {
        return Integer.parseInt(serve.awaitLine(l -> l.startsWith("listening on http://"), START).replaceAll(".*:(\\d+)$", "$1"));
    }

    /** The exit code of a server that must stop by itself; the bound only keeps a failing test from hanging. */
    private static int exitCode(CapturedProcess serve) throws InterruptedException {
        assertTrue(serve.process().waitFor(START.toSeconds(), TimeUnit.SECONDS), "it stops by itself: " + serve.lines());
        return serve.process().exitValue();
    }

    private static String pageKeyLine(CapturedProcess serve) throws InterruptedException {
        return serve.awaitLine(l -> l.startsWith("site docs: pages use page key "), START);
    }

    @Test
    void aSecondServerOnATakenPortOrTheSameDataDirectoryStopsAtOnceAndPageKeysSurviveARestart() throws Exception {
        Path config = config("app.yaml", "data");
        String firstKey;
        try (CapturedProcess first = serve(NO_TOKEN, config, 0)) {
            int port = port(first);
            firstKey = pageKeyLine(first);
            assertTrue(firstKey.contains("made now and kept for later starts"), firstKey);
            first.awaitLine(l -> l.startsWith("sites indexed: docs"), START);

            try (CapturedProcess taken = serve(NO_TOKEN, config("other.yaml", "other-data"), port)) {
                assertEquals(1, exitCode(taken), String.join("\n", taken.lines()));
                assertTrue(taken.lines().contains("serve: port " + port + " (on 0.0.0.0) is in use: another server listens there. "
                        + "Stop it, or choose another with --port N (0 picks a free one). Nothing was started."), taken.lines().toString());
                assertFalse(taken.lines().stream().anyMatch(l -> l.startsWith("listening on")), taken.lines().toString());
                assertFalse(Files.exists(dir.resolve("other-data")), "nothing written before the port was found taken");
            }

            try (CapturedProcess sameData = serve(NO_TOKEN, config, 0)) {
                assertEquals(1, exitCode(sameData), String.join("\n", sameData.lines()));
                String refused = sameData.lines().stream().filter(l -> l.startsWith("serve: another docs-assistant server uses the data directory "))
                        .findFirst().orElseThrow(() -> new AssertionError(sameData.lines()));
                assertTrue(refused.contains(": pid " + first.process().pid() + ", docs-assistant serve (config "
                        + config.toAbsolutePath().normalize() + ", port 0), since "), refused);
                assertFalse(sameData.lines().stream().anyMatch(l -> l.contains("pages use")), "no page key replaced");
            }
            assertEquals(firstKey, first.lines().stream().filter(l -> l.startsWith("site docs: pages use")).findFirst().orElseThrow());
            first.process().destroy();
            exitCode(first); // stopped, its lock released
        }
        try (CapturedProcess again = serve(NO_TOKEN, config, 0)) {
            String key = pageKeyLine(again);
            String prefixAndId = firstKey.substring(0, firstKey.indexOf(", made now")); // "…page key svc_dsc_ab12… (key_…"
            assertTrue(key.startsWith(prefixAndId + ", kept from an earlier start"), key + " / " + firstKey);
        }
    }

    @Test
    void theAdminTokenFromTheEnvironmentTurnsTheAdminApiOn(@TempDir Path other) throws Exception {
        Path config = config("app.yaml", "data");
        try (CapturedProcess serve = serve(Map.of(SecuritySettings.ADMIN_TOKEN_ENV, ADMIN_TOKEN), config, 0)) {
            int port = port(serve);
            String on = serve.awaitLine(l -> l.startsWith("admin API: "), START);
            assertEquals("admin API: on, at http://dashboard.localhost:" + port + "/admin/v1 (Authorization: Bearer <the admin token>)", on);
            String request = "GET /admin/v1/keys HTTP/1.1\r\nHost: dashboard.localhost:" + port + "\r\nAuthorization: Bearer %s\r\n"
                    + "Connection: close\r\n\r\n";
            assertEquals(200, RawHttp.exchange(port, request.formatted(ADMIN_TOKEN), START).responses().getFirst().status());
            assertEquals(401, RawHttp.exchange(port, request.formatted(ADMIN_TOKEN + "x"), START).responses().getFirst().status());
        }
        try (CapturedProcess off = serve(NO_TOKEN, config, 0)) {
            assertEquals("admin API: off; to turn it on, start with DOCS_ASSISTANT_ADMIN_TOKEN set (at least 32 characters, "
                    + "e.g. `export DOCS_ASSISTANT_ADMIN_TOKEN=$(openssl rand -base64 32)`)", off.awaitLine(l -> l.startsWith("admin API: "), START));
        }
    }
}
