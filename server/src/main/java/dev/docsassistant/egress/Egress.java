package dev.docsassistant.egress;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Locale;

import static dev.docsassistant.egress.EgressRefused.Kind;

/**
 * The egress policy: {@link #check(Use, URI)} before any outbound connection made on behalf of
 * configuration or content. The host is resolved once, here; the caller connects to the returned
 * {@link Checked#address()}. {@link EgressHttp} does that for HTTP and checks each redirect again.
 */
public final class Egress {
    /** DNS: every address of a host name (a literal address is its own answer). */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final EgressSettings settings;
    private final Resolver dns;

    public Egress(EgressSettings settings) {
        this(settings, InetAddress::getAllByName);
    }

    public Egress(EgressSettings settings, Resolver dns) {
        this.settings = settings;
        this.dns = dns;
    }

    /** {@link #check(Use, URI)} of a URL given as text. */
    public Checked check(Use use, String url) {
        try {
            return check(use, new URI(url));
        } catch (URISyntaxException e) {
            throw new EgressRefused(Kind.MALFORMED, use);
        }
    }

    /**
     * Whether {@code use} may connect to {@code uri}, and to which address.
     *
     * @throws EgressRefused when the scheme is not the use's, the host does not resolve, or any address it
     *                       resolves to is internal and its {@code host:port} is not named in configuration
     */
    public Checked check(Use use, URI uri) {
        if (uri == null || !uri.isAbsolute() || uri.isOpaque() || uri.getScheme() == null) {
            throw new EgressRefused(Kind.MALFORMED, use);
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!use.allows(scheme) || scheme.equals("file")) {
            throw new EgressRefused(scheme.equals("file") ? Kind.LOCAL_FOLDER : Kind.SCHEME, use);
        }
        if (uri.getHost() == null || uri.getRawUserInfo() != null) {
            throw new EgressRefused(Kind.MALFORMED, use);
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        boolean v6 = host.startsWith("[");
        String bare = v6 ? host.substring(1, host.length() - 1) : host;
        int port = port(uri);
        boolean named = settings.allow().contains((v6 ? host : bare) + ":" + port);
        InetAddress[] addresses;
        try {
            addresses = dns.resolve(bare);
        } catch (UnknownHostException | SecurityException e) {
            throw new EgressRefused(Kind.UNRESOLVED, use);
        }
        if (addresses == null || addresses.length == 0) {
            throw new EgressRefused(Kind.UNRESOLVED, use);
        }
        if (!named) {
            for (InetAddress address : addresses) {
                if (Addresses.internal(address)) {
                    throw new EgressRefused(Kind.ADDRESS, use); // any one: a later lookup could pick it
                }
            }
        }
        return new Checked(use, uri, bare, port, addresses[0]);
    }

    /**
     * A local folder ({@code file://} URL or path) for {@code use}: allowed only inside a folder named in
     * {@code docs-assistant.egress.git-folders}, symbolic links followed, so a link cannot lead out.
     *
     * @return the folder, absolute
     * @throws EgressRefused the same refusal whether or not the folder exists
     */
    public Path localFolder(Use use, Path folder) {
        if (!use.allows("file")) {
            throw new EgressRefused(Kind.SCHEME, use);
        }
        Path wanted = real(folder.toAbsolutePath().normalize());
        for (Path allowed : settings.gitFolders()) {
            if (wanted.startsWith(real(allowed))) {
                return folder.toAbsolutePath().normalize();
            }
        }
        throw new EgressRefused(Kind.LOCAL_FOLDER, use);
    }

    /** {@link #localFolder(Use, Path)} of a {@code file://} URL (one naming another host is refused as malformed). */
    public Path localFolder(Use use, URI fileUrl) {
        Path folder;
        try {
            folder = Path.of(fileUrl);
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            throw new EgressRefused(Kind.MALFORMED, use);
        }
        return localFolder(use, folder);
    }

    /** A URL's port, its scheme's default when it names none. */
    public static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /** The path with its links followed as far as it exists. */
    private static Path real(Path p) {
        Path existing = p;
        while (existing != null) {
            try {
                Path real = existing.toRealPath();
                return real.resolve(existing.relativize(p)).normalize();
            } catch (IOException e) {
                existing = existing.getParent();
            }
        }
        return p;
    }
}
