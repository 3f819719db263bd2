package dev.docsassistant.egress;

/**
 * A connection the policy does not allow. The message is the same for every refusal of one kind and
 * one use (it never carries the port, the path or what is there), so a refusal tells nothing about
 * what exists behind the address.
 */
public final class EgressRefused extends RuntimeException {
    /** Why, as a kind: each has one message. */
    public enum Kind {
        MALFORMED, SCHEME, LOCAL_FOLDER, UNRESOLVED, ADDRESS, REDIRECTS
    }

    private final Kind kind;

    EgressRefused(Kind kind, Use use) {
        super(message(kind, use), null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    private static String message(Kind kind, Use use) {
        return switch (kind) {
            case MALFORMED -> "is not an absolute URL with a host";
            case SCHEME -> "uses a scheme that is not allowed for " + use.label();
            case LOCAL_FOLDER -> "is a local folder that is not allowed for " + use.label()
                    + " (allow its folder with docs-assistant.egress.git-folders)";
            case UNRESOLVED -> "names a host that cannot be resolved";
            case ADDRESS -> "reaches an address that is not allowed for " + use.label() + " (loopback, private,"
                    + " link-local, metadata, unspecified or multicast; allow a host:port with docs-assistant.egress.allow)";
            case REDIRECTS -> "redirects too many times";
        };
    }
}
