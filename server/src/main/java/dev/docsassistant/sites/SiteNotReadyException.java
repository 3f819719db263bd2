package dev.docsassistant.sites;

/**
 * A request for a configured site that is still being indexed (the server opens its port first):
 * REST answers 503 with {@code Retry-After}, gRPC UNAVAILABLE, both with this message.
 */
public final class SiteNotReadyException extends RuntimeException {
    /** A site takes seconds to index, minutes to embed a cold corpus: clients need not ask more often. */
    public static final int RETRY_AFTER_SECONDS = 5;

    private final String domain;

    public SiteNotReadyException(String domain) {
        super("site " + domain + " is still being indexed; retry in " + RETRY_AFTER_SECONDS + " s", null, false, false);
        this.domain = domain;
    }

    public String domain() {
        return domain;
    }
}
