package dev.docsassistant.bench;

import dev.docsassistant.app.App;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.grpc.GrpcSetup;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The server side of {@link GrpcLatency}, in a process of its own so that its CPU time is the
 * server's alone: the application on both corpora, served by Helidon (REST and gRPC on one port) and
 * by a plain grpc-java (Netty) server on another, the same service behind the same interceptors.
 * Prints {@code ready <helidon-port> <grpc-java-port> <authorization>}, then serves until its input closes.
 */
public final class GrpcLatencyServer {
    private GrpcLatencyServer() {
    }

    public static void main(String[] args) throws Exception {
        try (App app = BenchApps.corpora(BenchApps.UNLIMITED)) {
            WebServerConfig.Builder builder = WebServer.builder().host("127.0.0.1").port(0);
            ServerSetup.configure(builder, app);
            WebServer helidon = builder.build().start();
            ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor();
            Server plain = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                    .addService(GrpcSetup.plainService(app, deadlines)).build().start();
            System.out.println("ready " + helidon.port() + " " + plain.getPort() + " " + BenchApps.authorization(app));
            System.out.flush();
            System.in.transferTo(OutputStream.nullOutputStream()); // until the benchmark closes our input
            plain.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            deadlines.shutdownNow();
            helidon.stop();
        }
    }
}
