package dev.docsassistant.cli;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.app.DataDirLock;
import dev.docsassistant.app.StartRefused;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.server.ServerSettings;
import dev.docsassistant.security.ApiKey;
import dev.docsassistant.security.SecuritySettings;
import dev.docsassistant.content.Progress;
import dev.docsassistant.sites.Site;
import dev.docsassistant.server.PortCheck;
import dev.docsassistant.server.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/** Starts the server. */
@Command(name = "serve", description = "Start the server (HTTP and gRPC on one port).")
public final class ServeCommand implements Callable<Integer> {
    private static final Logger LOG = Logger.getLogger(ServeCommand.class.getName());

    @Mixin
    ConfigOption config;

    @Option(names = "--port", paramLabel = "N", description = "Port to listen on (overrides server.port; 0 picks a free one)")
    Integer port;

    /** Held for the life of the process (a lock whose channel is collected is released). */
    private static DataDirLock dataDirLock;

    @Override
    public Integer call() {
        AppConfig appConfig = config.load();
        ServerSettings settings = ServerSettings.from(appConfig.config().get("server"));
        int publicPort = port != null ? port : settings.port();
        // A taken port or a data directory in use stops here, before the store is opened or a page key replaced.
        PortCheck.requireFree(settings.host(), publicPort, "port", "--port N");
        PortCheck.requireFree(settings.managementHost(), settings.managementPort(), "the management port", "server.management.port");
        dataDirLock = DataDirLock.acquire(appConfig.dataDir(), "serve (config " + config.path().toAbsolutePath().normalize()
                + ", port " + publicPort + ")");
        App app = Bootstrap.open(appConfig);
        hintMissingKeys(app);
        WebServerConfig.Builder builder = WebServer.builder().config(appConfig.config().get("server"));
        if (port != null) {
            builder.port(port);
        }
        Runnable beforeStop = ServerSetup.configure(builder, app);
        app.pageKeys().all().forEach(c -> System.out.println("site " + c.domain() + ": pages use " + c.description()));
        WebServer server = builder.build().start();
        if (!server.isRunning() || server.port() < 0) {
            // Taken between the check and the start (Helidon logs the BindException and returns a server without a port).
            app.close();
            throw new StartRefused("port " + publicPort + " (on " + settings.host() + ") could not be opened; see the error above");
        }
        app.retention().start(); // only a serving server deletes old conversations
        app.gapGrouping().start(); // and groups gaps by meaning, in the background
        GracefulStop stop = new GracefulStop(app, server, beforeStop, settings.drainTimeout());
        stop.onSignals();
        String host = settings.host();
        String shown = host.equals("0.0.0.0") || host.equals("::") ? "localhost" : host;
        String siteHost = app.settings().siteHost().name();
        appConfig.sites().forEach(site -> System.out.println("site " + site.domain() + ": http://" + site.domain() + "."
                + siteHost + ":" + server.port() + "/"));
        // The port opens before the sites are indexed, so that probes see the server live and not yet
        // ready; scripts and tests read the port from this line and then wait for readiness.
        String management = settings.managementHost().equals("0.0.0.0") || settings.managementHost().equals("::")
                ? "localhost" : settings.managementHost();
        System.out.println("management (health details, metrics): http://" + management + ":"
                + server.port(ServerSettings.MANAGEMENT) + "/observe/");
        String dashboard = app.settings().hosts().dashboardUrl(shown + ":" + server.port());
        System.out.println("dashboard: " + dashboard + "/dashboard/");
        System.out.println(adminApiLine(app, dashboard));
        System.out.println("listening on http://" + shown + ":" + server.port());
        System.out.println("indexing " + appConfig.sites().size() + " site(s); until each is indexed its requests get 503"
                + " and /observe/health/ready is DOWN");
        System.out.flush();
        Thread.ofPlatform().name("index-sites").start(() -> index(app));
        return 0;
    }

    /** Indexes the sites while the server listens; a site that cannot be loaded stops the server, as before it listened. */
    private static void index(App app) {
        long started = System.nanoTime();
        try {
            Bootstrap.index(app, System.out, Progress.NONE);
        } catch (ConfigException e) {
            System.err.println("configuration error: " + e.getMessage()); // the message names the key
            System.exit(2);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "cannot load the sites; stopping", e);
            System.exit(1);
        }
        // Indexing held whole sites and their index writers' buffers: several times the heap serving
        // needs. One full collection now lets the JVM hand that peak back (the launcher's heap free
        // ratios) rather than keep it committed until a full collection happens by chance.
        System.gc();
        System.out.printf(Locale.ROOT, "sites indexed: %s in %.1f s%n",
                app.sites().all().stream().map(Site::domain).collect(Collectors.joining(", ")), (System.nanoTime() - started) / 1e9);
        System.out.flush();
    }

    /** Every API call needs a key: say so for organisations that have none yet, with the command to make one. */
    private static void hintMissingKeys(App app) {
        Instant now = Instant.now();
        Set<String> withKeys = app.keys().list(Optional.empty()).stream()
                .filter(k -> k.activeAt(now) && !k.source().startsWith("page:")) // page keys belong to the pages
                .map(ApiKey::organization).collect(Collectors.toSet());
        app.config().organizations().stream().filter(o -> !withKeys.contains(o))
                .forEach(o -> System.out.println("organization " + o + " has no assistant key for API clients "
                        + "(page keys are for its pages); create one with: bin/docs-assistant keys create --org " + o));
    }

    /** Whether the admin API answers, and how to turn it on when it does not (it is off by default). */
    private static String adminApiLine(App app, String dashboard) {
        return app.security().adminToken().isPresent()
                ? "admin API: on, at " + dashboard + "/admin/v1 (Authorization: Bearer <the admin token>)"
                : "admin API: off; to turn it on, start with " + SecuritySettings.ADMIN_TOKEN_ENV
                + " set (at least " + SecuritySettings.MIN_ADMIN_TOKEN_CHARS + " characters, e.g. `export "
                + SecuritySettings.ADMIN_TOKEN_ENV + "=$(openssl rand -base64 32)`)";
    }
}
