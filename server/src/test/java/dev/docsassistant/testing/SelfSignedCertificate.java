package dev.docsassistant.testing;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.concurrent.TimeUnit;

/**
 * A certificate made for one test run with {@code openssl}, as an operator makes one for a proxy:
 * PEM files for nginx, and an {@link SSLContext} that trusts it for the clients.
 */
public record SelfSignedCertificate(Path certificate, Path key) {

    /** A certificate for {@code *.domain} (and {@code domain}), written to {@code dir}. */
    public static SelfSignedCertificate make(Path dir, String domain) throws IOException, InterruptedException {
        Path crt = dir.resolve("tls.crt");
        Path key = dir.resolve("tls.key");
        Process openssl = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                "-nodes", "-days", "2", "-subj", "/CN=*." + domain, "-addext", "subjectAltName=DNS:*." + domain + ",DNS:" + domain,
                "-keyout", key.toString(), "-out", crt.toString()).redirectErrorStream(true).start();
        String output = new String(openssl.getInputStream().readAllBytes());
        if (!openssl.waitFor(30, TimeUnit.SECONDS) || openssl.exitValue() != 0) {
            throw new IOException("openssl could not make a certificate:\n" + output);
        }
        return new SelfSignedCertificate(crt, key);
    }

    /** TLS trusting this certificate alone (hostnames are still verified). */
    public SSLContext trustingIt() throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream in = Files.newInputStream(certificate)) {
            trusted.setCertificateEntry("test", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, trust.getTrustManagers(), null);
        return tls;
    }

    public static boolean opensslPresent() {
        return MachineCommands.onPath("openssl");
    }
}
