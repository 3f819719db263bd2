package dev.docsassistant.cli;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.devmode.DevEvents;
import dev.docsassistant.devmode.DevLoop;
import dev.docsassistant.server.DevHooks;
import dev.docsassistant.server.ServerSettings;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The writer's loop: serves one docs folder at {@code http://localhost:PORT/} (search and assistant
 * included, with the page key every rendered page embeds), re-reads and re-indexes only what a saved
 * file changes, and reloads the open tabs; a broken file is shown in the terminal and over the page
 * while the last good version keeps serving. Listens on the loopback interface only.
 */
@Command(name = "dev", description = "Serve a docs folder at http://localhost:PORT/ and reload open tabs on every save.")
public final class DevCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FOLDER", description = "The docs folder (default: the current one)")
    Path folder;

    @Option(names = "--port", paramLabel = "N", description = "Port on localhost (default ${DEFAULT-VALUE}; 0 picks a free one)")
    int port = 3000;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Index, embedding cache and database (default: FOLDER/.docs-assistant, which ignores itself in git)")
    Path dataDir;

    @Override
    public Integer call() throws IOException {
        Path dir = (folder == null ? Path.of("") : folder).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            System.err.println("not a folder: " + dir);
            return 2;
        }
        Path data = (dataDir == null ? dir.resolve(".docs-assistant") : dataDir).toAbsolutePath().normalize();
        AppConfig config = AppConfig.load(writeConfig(dir, data, port));
        SiteConfig site = config.sites().getFirst();
        App app = Bootstrap.open(config);
        DevEvents events = new DevEvents();
        WebServerConfig.Builder builder = WebServer.builder().config(config.config().get("server"));
        Runnable beforeStop = ServerSetup.configure(builder, app, new DevHooks(events::routing, events::withScript));
        WebServer server = builder.build().start();
        AtomicReference<DevLoop> loop = new AtomicReference<>();
        ServerSettings settings = ServerSettings.create(config.config().get("server"));
        new GracefulStop(app, server, () -> {
            events.close();
            DevLoop running = loop.get();
            if (running != null) {
                running.close();
            }
            beforeStop.run();
        }, settings.drainTimeout()).onSignals();
        System.out.println("dev: serving " + dir + " at http://localhost:" + server.port() + "/ (data in " + data + ")");
        System.out.println("listening on http://127.0.0.1:" + server.port());
        System.out.flush();
        loop.set(DevLoop.start(app, site, events, System.out, DevLoop.DEBOUNCE));
        System.out.println("dev: ready; watching " + dir + " for changes (Ctrl+C stops)");
        System.out.flush();
        return 0;
    }

    /** The configuration of a dev server, written beside its data (a file the user may read, not one to edit). */
    private static Path writeConfig(Path dir, Path data, int port) throws IOException {
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
                  host: 127.0.0.1
                  port: %d
                docs-assistant:
                  data-dir: %s
                  root-site: %s
                  sites:
                    - domain: %s
                      organization: dev
                      path: %s
                """.formatted(port, quote(data.toString()), domain, domain, quote(dir.toString())));
        return file;
    }

    /** A domain name from the folder's name: lower-case letters, digits and dashes. */
    static String domain(Path dir) {
        String name = dir.getFileName() == null ? "" : dir.getFileName().toString().toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
        return name.isEmpty() ? "docs" : name;
    }

    private static String quote(String s) throws IOException {
        return Mappers.JSON.writeValueAsString(s); // a JSON string is a YAML string
    }
}
