package dev.docsassistant.egress;

import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLSocketFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PinnedSocketsTest {
    @Test
    void theUnconnectedSocketGoesToThePinnedAddressWhateverItIsAskedFor() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            PinnedSockets sockets = new PinnedSockets((SSLSocketFactory) SSLSocketFactory.getDefault(),
                    InetAddress.getLoopbackAddress());
            try (Socket s = sockets.createSocket()) {
                // What the JDK's HTTPS client would pass: the name looked up again (here, not resolvable).
                s.connect(InetSocketAddress.createUnresolved("elsewhere.invalid", server.getLocalPort()), 5_000);
                try (Socket accepted = server.accept()) {
                    assertEquals(s.getLocalPort(), accepted.getPort());
                }
            }
        }
    }
}
