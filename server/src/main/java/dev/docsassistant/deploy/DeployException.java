package dev.docsassistant.deploy;

/** A deployment or site request that cannot be done: unknown (404), conflicting (409) or invalid (400). */
public final class DeployException extends RuntimeException {
    private final int status;

    DeployException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    static DeployException notFound(String message) {
        return new DeployException(404, message);
    }

    static DeployException conflict(String message) {
        return new DeployException(409, message);
    }

    static DeployException invalid(String message) {
        return new DeployException(400, message);
    }

    /** The HTTP status to answer with. */
    public int status() {
        return status;
    }
}
