package dev.docsassistant.cli;

import dev.docsassistant.App;
import dev.docsassistant.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.http.ServerSetup;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

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
        WebServerConfig.Builder builder = WebServer.builder().config(appConfig.config().get("server"));
        if (port != null) {
            builder.port(port);
        }
        ServerSetup.configure(builder, app);
        WebServer server = builder.build().start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.stop();
            app.close();
        }));
        String host = appConfig.config().get("server.host").asString().orElse("0.0.0.0");
        String shown = host.equals("0.0.0.0") || host.equals("::") ? "localhost" : host;
        System.out.println("listening on http://" + shown + ":" + server.port());
        System.out.flush();
        return 0;
    }
}
