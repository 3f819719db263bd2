package dev.docsassistant.egress;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;

/**
 * A URL the policy allowed, with the address it resolved to: connect to {@link #socketAddress()}, never
 * to the host name again (a second lookup could answer differently), and send {@link #host()} as the
 * Host header and TLS server name.
 *
 * @param uri     the URL as checked
 * @param host    its host name (lower case, IPv6 without brackets)
 * @param port    its port, the scheme's default when the URL has none
 * @param address the address checked, the one to connect to
 */
public record Checked(Use use, URI uri, String host, int port, InetAddress address) {
    public InetSocketAddress socketAddress() {
        return new InetSocketAddress(address, port);
    }

    public boolean tls() {
        return "https".equals(uri.getScheme().toLowerCase(java.util.Locale.ROOT));
    }
}
