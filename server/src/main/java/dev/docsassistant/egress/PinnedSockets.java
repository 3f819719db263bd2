package dev.docsassistant.egress;

import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;

/**
 * A TLS socket factory whose unconnected sockets connect to the address the egress policy checked,
 * whatever address the JDK's HTTPS client looked up for the name again. The TLS layer is still made
 * for the host name (server name indication, certificate checked against it), so only where the bytes
 * go is pinned. The JDK's {@code HttpsURLConnection} asks its factory for an unconnected socket,
 * connects it, then layers TLS over it: that connect is the one place a second lookup could win.
 */
public final class PinnedSockets extends SSLSocketFactory {
    private final SSLSocketFactory tls;
    private final InetAddress pinned;

    public PinnedSockets(SSLSocketFactory tls, InetAddress pinned) {
        this.tls = tls;
        this.pinned = pinned;
    }

    @Override
    public Socket createSocket() {
        return new Socket() {
            @Override
            public void connect(SocketAddress endpoint, int timeout) throws IOException {
                int port = ((InetSocketAddress) endpoint).getPort();
                super.connect(new InetSocketAddress(pinned, port), timeout);
            }
        };
    }

    @Override
    public Socket createSocket(Socket s, String host, int port, boolean autoClose) throws IOException {
        return tls.createSocket(s, host, port, autoClose);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return layered(host, port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return layered(host, port);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return layered(host.getHostName(), port);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return layered(address.getHostName(), port);
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return tls.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return tls.getSupportedCipherSuites();
    }

    /** A connected TLS socket for {@code host}, its bytes going to the pinned address. */
    private Socket layered(String host, int port) throws IOException {
        Socket plain = createSocket();
        plain.connect(InetSocketAddress.createUnresolved(host, port), 0);
        return tls.createSocket(plain, host, port, true);
    }
}
