package dev.docsassistant.deploy;

/**
 * An upload that is not a safe archive of a docs folder: not an archive at all (400), an entry that
 * would land outside the folder (400), or more than the limits allow (413). Nothing was stored.
 */
public final class BadArchiveException extends RuntimeException {
    private final int status;

    BadArchiveException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    static BadArchiveException bad(String message) {
        return new BadArchiveException(400, message);
    }

    static BadArchiveException tooLarge(String message) {
        return new BadArchiveException(413, message);
    }

    /** The HTTP status to answer with. */
    public int status() {
        return status;
    }
}
