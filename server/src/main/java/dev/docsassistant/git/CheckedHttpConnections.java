package dev.docsassistant.git;

import dev.docsassistant.egress.Checked;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressRefused;
import dev.docsassistant.egress.Use;
import org.eclipse.jgit.transport.Transport;
import org.eclipse.jgit.transport.TransportHttp;
import org.eclipse.jgit.transport.http.HttpConnection;
import org.eclipse.jgit.transport.http.HttpConnectionFactory;
import org.eclipse.jgit.transport.http.JDKHttpConnectionFactory;

import java.io.IOException;
import java.net.Proxy;
import java.net.URISyntaxException;
import java.net.URL;

/**
 * JGit's HTTP connections for Git sources: each URL JGit opens (the first request and every redirect
 * it follows) is checked by the egress policy before it connects, and connects to the address checked
 * ({@link PinnedHttpConnection}), never to a second lookup of the name. Set on each transport.
 */
final class CheckedHttpConnections implements HttpConnectionFactory {
    private final Egress egress;
    private final HttpConnectionFactory jdk = new JDKHttpConnectionFactory();

    CheckedHttpConnections(Egress egress) {
        this.egress = egress;
    }

    /** Puts the checked connections on {@code transport} (a {@code TransportConfigCallback}). */
    void configure(Transport transport) {
        if (transport instanceof TransportHttp http) {
            http.setHttpConnectionFactory(this);
        }
    }

    @Override
    public HttpConnection create(URL url) throws IOException {
        return create(url, null);
    }

    @Override
    public HttpConnection create(URL url, Proxy proxy) throws IOException {
        Checked checked;
        try {
            checked = egress.check(Use.GIT, url.toURI());
        } catch (EgressRefused | URISyntaxException e) {
            throw new IOException("the URL " + (e instanceof EgressRefused r ? r.getMessage() : "is not valid"));
        }
        // A proxy the operator set resolves the name itself; else the request goes to the checked address.
        return proxy == null || proxy.type() == Proxy.Type.DIRECT ? new PinnedHttpConnection(url, checked) : jdk.create(url, proxy);
    }
}
