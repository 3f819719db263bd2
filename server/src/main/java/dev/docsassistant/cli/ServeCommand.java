package dev.docsassistant.cli;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.security.ApiKey;
import dev.docsassistant.edges.ServerSettings;
import dev.docsassistant.edges.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** Starts the server. */
@Command(name = "serve", description = "Start the server (HTTP and gRPC on one port).")
public final class ServeCommand implements Callable<Integer> {
    @Mixin
    ConfigOption config;

    @Option(names = "--port", paramLabel = "N", description = "Port to listen on (overrides server.port; 0 picks a free one)")
    Integer port;

    @Override
    public Integer call() {
        AppConfig appConfig = config.load();
        App app = Bootstrap.start(appConfig, System.out);
        hintMissingKeys(app);
        WebServerConfig.Builder builder = WebServer.builder().config(appConfig.config().get("server"));
        if (port != null) {
            builder.port(port);
        }
        Runnable beforeStop = ServerSetup.configure(builder, app);
        app.pageKeys().all().forEach(c -> System.out.println("site " + c.domain() + ": pages use " + c.description()));
        WebServer server = builder.build().start();
        app.retention().start(); // only a serving server deletes old conversations
        ServerSettings settings = ServerSettings.create(appConfig.config().get("server"));
        GracefulStop stop = new GracefulStop(app, server, beforeStop, settings.drainTimeout());
        stop.onSignals();
        String host = settings.host();
        String shown = host.equals("0.0.0.0") || host.equals("::") ? "localhost" : host;
        String siteHost = app.settings().siteHost().name();
        appConfig.sites().forEach(site -> System.out.println("site " + site.domain() + ": http://" + site.domain() + "."
                + siteHost + ":" + server.port() + "/"));
        // Last, and always in this form: scripts and tests wait for it.
        System.out.println("listening on http://" + shown + ":" + server.port());
        System.out.flush();
        return 0;
    }

    /** Every API call needs a key: say so for organisations that have none yet, with the command to make one. */
    private static void hintMissingKeys(App app) {
        Instant now = Instant.now();
        Set<String> withKeys = app.keys().list(Optional.empty()).stream()
                .filter(k -> k.activeAt(now) && !k.source().startsWith("page:")) // page keys belong to the pages
                .map(ApiKey::organization).collect(Collectors.toSet());
        app.config().sites().stream().map(SiteConfig::organization).distinct().filter(o -> !withKeys.contains(o))
                .forEach(o -> System.out.println("organization " + o + " has no assistant key for API clients "
                        + "(page keys are for its pages); create one with: bin/docs-assistant keys create --org " + o));
        if (app.security().adminToken().isPresent()) {
            System.out.println("admin API enabled under /admin/v1");
        }
    }
}
