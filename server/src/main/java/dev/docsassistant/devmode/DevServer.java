package dev.docsassistant.devmode;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.app.DataDirLock;
import dev.docsassistant.app.StartRefused;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.server.DevHooks;
import dev.docsassistant.server.PortCheck;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The server of {@code dev}: one site folder, served on 127.0.0.1 and at the root of
 * {@code localhost}, its data (index, embedding cache, SQLite store) in a folder of its own that
 * git ignores ({@code FOLDER/.docs-assistant} by default), requests from this machine let in without
 * a key but only from its own pages ({@link OwnOriginFilter}), and the {@link DevLoop} applying saved files. Shared by the command, the tests and the bench.
 */
public final class DevServer implements AutoCloseable {
    /** Loopback only: requests from this machine need no key. */
    private static final String HOST = "127.0.0.1";

    private final App app;
    private final WebServer server;
    private final DevEvents events;
    private final Runnable beforeStop;
    private final DataDirLock lock;
    private DevLoop loop;

    private DevServer(App app, WebServer server, DevEvents events, Runnable beforeStop, DataDirLock lock) {
        this.app = app;
        this.server = server;
        this.events = events;
        this.beforeStop = beforeStop;
        this.lock = lock;
    }

    /**
     * Writes the configuration, opens the store and the port; the site is not served before {@link #load}.
     *
     * @param embeddingCache where section embeddings are kept, or null for {@code data/embeddings}
     * @throws StartRefused when the port is taken or another server uses {@code data}, before anything is written
     */
    public static DevServer listen(Path dir, Path data, int port, Path embeddingCache) throws IOException {
        PortCheck.requireFree(HOST, port, "port", "--port N");
        DataDirLock lock = DataDirLock.acquire(data, "dev (folder " + dir + ", port " + port + ")");
        App app = null;
        try {
            AppConfig config = AppConfig.load(writeConfig(dir, data, port, embeddingCache));
            app = Bootstrap.open(config);
            app.access().allowLoopbackWithoutKey(); // curl and scripts on this machine need no key; the pages embed one anyway
            DevEvents events = new DevEvents();
            WebServerConfig.Builder builder = WebServer.builder().config(config.config().get("server"));
            OwnOriginFilter ownOrigin = new OwnOriginFilter(app.settings().hosts());
            Runnable beforeStop = ServerSetup.configure(builder, app, new DevHooks(routing -> {
                routing.addFilter(ownOrigin);
                events.routing(routing);
            }, events::withScript, false));
            WebServer server = builder.build().start();
            if (!server.isRunning() || server.port() < 0) {
                throw new StartRefused("port " + port + " (on " + HOST + ") could not be opened; see the error above");
            }
            return new DevServer(app, server, events, beforeStop, lock);
        } catch (IOException | RuntimeException e) {
            if (app != null) {
                app.close();
            }
            lock.close();
            throw e;
        }
    }

    /** Loads and serves the site, then follows its folder. */
    public DevLoop load(PrintStream out) {
        loop = DevLoop.start(app, app.config().sites().getFirst(), events, out, DevLoop.DEBOUNCE);
        return loop;
    }

    public App app() {
        return app;
    }

    public WebServer server() {
        return server;
    }

    public int port() {
        return server.port();
    }

    public DevEvents events() {
        return events;
    }

    /** What to run before the port closes: ends the event streams, stops watching, releases the live index. */
    public void beforeStop() {
        events.close();
        if (loop != null) {
            loop.close();
        }
        beforeStop.run();
    }

    @Override
    public void close() {
        beforeStop();
        server.stop();
        app.close();
        lock.close();
    }

    /** The configuration of a dev server, written beside its data (for reading, not editing: rewritten on every start). */
    private static Path writeConfig(Path dir, Path data, int port, Path embeddingCache) throws IOException {
        Files.createDirectories(data);
        Path ignore = data.resolve(".gitignore");
        if (!Files.exists(ignore)) {
            Files.writeString(ignore, "# written by docs-assistant dev: its index, caches and database\n*\n");
        }
        String domain = domain(dir);
        Path file = data.resolve("dev.yaml");
        Files.writeString(file, """
                # written by `docs-assistant dev` on every start
                server:
                  host: %s
                  port: %d
                docs-assistant:
                  data-dir: %s
                  root-site: %s
                  sites:
                    - domain: %s
                      organization: dev
                      path: %s
                %s""".formatted(HOST, port, quote(data.toString()), domain, domain, quote(dir.toString()),
                embeddingCache == null ? "" : "  search:\n    embedding-cache: " + quote(embeddingCache.toAbsolutePath().toString()) + "\n"));
        return file;
    }

    /** A domain name from the folder's name: lower-case letters, digits and dashes. */
    public static String domain(Path dir) {
        String name = dir.getFileName() == null ? "" : dir.getFileName().toString().toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
        return name.isEmpty() ? "docs" : name;
    }

    private static String quote(String s) throws IOException {
        return Mappers.JSON.writeValueAsString(s); // a JSON string is a YAML string
    }
}
