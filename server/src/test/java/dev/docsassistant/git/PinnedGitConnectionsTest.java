package dev.docsassistant.git;

import com.sun.net.httpserver.HttpServer;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Git's HTTP requests go to the address the egress policy checked, not to a second lookup of the
 * name. The policy's resolver here knows a name the machine's own DNS does not: a request can only
 * arrive if JGit connected to the checked address (a second lookup fails, or in an attack answers
 * with another address).
 */
class PinnedGitConnectionsTest {
    @TempDir
    Path temp;

    @Test
    void aFetchConnectsToTheCheckedAddressAndSendsTheName() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            seen.add(exchange.getRequestHeaders().getFirst("Host") + " " + exchange.getRequestURI().getPath());
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        try {
            int port = server.getAddress().getPort();
            String name = "docs.pinned.invalid";
            Egress egress = new Egress(new EgressSettings(Set.of(name + ":" + port), List.of()), host -> {
                if (host.equals(name)) {
                    return new InetAddress[] {InetAddress.getLoopbackAddress()};
                }
                throw new UnknownHostException(host);
            });
            GitCheckout checkout = new GitCheckout(temp.resolve("git"), n -> null, egress);
            assertThrows(GitSourceException.class,
                    () -> checkout.head(GitSettings.of("http://" + name + ":" + port + "/docs.git"), "main"));
            assertEquals(List.of(name + ":" + port + " /docs.git/info/refs"), seen.stream().distinct().toList());
        } finally {
            server.stop(0);
        }
    }
}
