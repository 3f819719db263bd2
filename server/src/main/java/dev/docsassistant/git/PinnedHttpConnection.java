package dev.docsassistant.git;

import dev.docsassistant.egress.Checked;
import dev.docsassistant.egress.PinnedSockets;
import org.eclipse.jgit.transport.http.HttpConnection;

import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.ProtocolException;
import java.net.Proxy;
import java.net.URL;
import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;

/**
 * One of JGit's HTTP requests, sent to the address the egress policy checked rather than to a second
 * lookup of the name (which could answer with an internal address: DNS rebinding). Plain HTTP goes to
 * the checked address as to a proxy (the request carries the absolute URL, which servers must accept);
 * HTTPS connects its socket to the checked address and makes TLS for the name ({@link PinnedSockets}).
 * Everything else is the JDK's {@code HttpURLConnection}, as JGit's own connection would use it.
 */
final class PinnedHttpConnection implements HttpConnection {
    private final HttpURLConnection c;
    private final Checked checked;

    PinnedHttpConnection(URL url, Checked checked) throws IOException {
        this.checked = checked;
        if (checked.tls()) {
            HttpsURLConnection https = (HttpsURLConnection) url.openConnection(Proxy.NO_PROXY);
            https.setSSLSocketFactory(new PinnedSockets(HttpsURLConnection.getDefaultSSLSocketFactory(), checked.address()));
            this.c = https;
        } else {
            this.c = (HttpURLConnection) url.openConnection(new Proxy(Proxy.Type.HTTP, checked.socketAddress()));
        }
    }

    @Override
    public void configure(KeyManager[] km, TrustManager[] tm, SecureRandom random)
            throws NoSuchAlgorithmException, KeyManagementException {
        if (c instanceof HttpsURLConnection https) {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(km, tm, random);
            SSLSocketFactory tls = ctx.getSocketFactory();
            https.setSSLSocketFactory(new PinnedSockets(tls, checked.address()));
        }
    }

    @Override
    public void setHostnameVerifier(HostnameVerifier verifier) {
        if (c instanceof HttpsURLConnection https) {
            https.setHostnameVerifier(verifier);
        }
    }

    @Override
    public List<String> getHeaderFields(String name) {
        for (Map.Entry<String, List<String>> e : c.getHeaderFields().entrySet()) {
            if (e.getKey() != null && e.getKey().equalsIgnoreCase(name)) {
                return e.getValue();
            }
        }
        return List.of();
    }

    // The rest is the JDK connection as it is.
    @Override public int getResponseCode() throws IOException { return c.getResponseCode(); }
    @Override public URL getURL() { return c.getURL(); }
    @Override public String getResponseMessage() throws IOException { return c.getResponseMessage(); }
    @Override public Map<String, List<String>> getHeaderFields() { return c.getHeaderFields(); }
    @Override public void setRequestProperty(String key, String value) { c.setRequestProperty(key, value); }
    @Override public void setRequestMethod(String method) throws ProtocolException { c.setRequestMethod(method); }
    @Override public void setUseCaches(boolean use) { c.setUseCaches(use); }
    @Override public void setConnectTimeout(int ms) { c.setConnectTimeout(ms); }
    @Override public void setReadTimeout(int ms) { c.setReadTimeout(ms); }
    @Override public String getContentType() { return c.getContentType(); }
    @Override public InputStream getInputStream() throws IOException { return c.getInputStream(); }
    @Override public String getHeaderField(String name) { return c.getHeaderField(name); }
    @Override public int getContentLength() { return c.getContentLength(); }
    @Override public void setInstanceFollowRedirects(boolean follow) { c.setInstanceFollowRedirects(follow); }
    @Override public void setDoOutput(boolean out) { c.setDoOutput(out); }
    @Override public void setFixedLengthStreamingMode(int length) { c.setFixedLengthStreamingMode(length); }
    @Override public OutputStream getOutputStream() throws IOException { return c.getOutputStream(); }
    @Override public void setChunkedStreamingMode(int chunk) { c.setChunkedStreamingMode(chunk); }
    @Override public String getRequestMethod() { return c.getRequestMethod(); }
    @Override public boolean usingProxy() { return false; }
    @Override public void connect() throws IOException { c.connect(); }
}
