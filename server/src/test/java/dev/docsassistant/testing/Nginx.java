package dev.docsassistant.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The machine's nginx (Debian's package, installed by {@code bin/test-services}) running one
 * configuration in the foreground with everything it writes in a directory of its own, as a user's
 * nginx would include it into its {@code http} block.
 */
public final class Nginx implements AutoCloseable {
    private final Process process;
    private final Path dir;
    public final int port;

    private Nginx(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    public static boolean installed() {
        return MachineCommands.onPath("nginx");
    }

    /** A free local port for nginx to listen on. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /**
     * Starts nginx with {@code httpBlock} (server and upstream blocks) listening on {@code port}; checks
     * the configuration first ({@code nginx -t}) so a directive this nginx does not know fails here.
     */
    public static Nginx start(Path dir, String httpBlock, int port) throws Exception {
        Files.createDirectories(dir.resolve("logs"));
        Files.writeString(dir.resolve("site.conf"), httpBlock);
        // Debian's nginx.conf has these around the included files; the temp paths and logs stay in dir.
        // As root, the workers would run as nobody and could not write into dir.
        String user = "root".equals(System.getProperty("user.name")) ? "user root;\n" : "";
        Files.writeString(dir.resolve("nginx.conf"), user + """
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %1$s/logs/error.log warn;
                events { worker_connections 1024; }
                http {
                    access_log %1$s/logs/access.log;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    include %1$s/site.conf;
                }
                """.formatted(dir));
        String nginx = MachineCommands.locate("nginx").orElseThrow().toString();
        List<String> base = List.of(nginx, "-p", dir.toString(), "-c", dir.resolve("nginx.conf").toString());
        Process check = new ProcessBuilder(concat(base, "-t")).redirectErrorStream(true).start();
        String checked = new String(check.getInputStream().readAllBytes());
        if (!check.waitFor(30, TimeUnit.SECONDS) || check.exitValue() != 0) {
            throw new IllegalStateException("nginx -t refused the configuration:\n" + checked);
        }
        Process process = new ProcessBuilder(concat(base, "-g", "daemon off;")).redirectErrorStream(true)
                .redirectOutput(dir.resolve("logs/stdout.log").toFile()).start();
        Nginx started = new Nginx(process, dir, port);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return started;
            } catch (IOException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    started.close();
                    throw new IllegalStateException("nginx did not listen on " + port + ":\n" + started.errorLog());
                }
                Thread.sleep(50);
            }
        }
    }

    private static List<String> concat(List<String> base, String... more) {
        return java.util.stream.Stream.concat(base.stream(), java.util.Arrays.stream(more)).toList();
    }

    public String errorLog() throws IOException {
        Path log = dir.resolve("logs/error.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy(); // SIGTERM: nginx's fast shutdown
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
