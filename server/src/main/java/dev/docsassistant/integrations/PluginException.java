package dev.docsassistant.integrations;

/** The set of integration plugins cannot be built (duplicate key, broken jar); stops start-up. */
public final class PluginException extends RuntimeException {
    public PluginException(String message) {
        super(message);
    }

    public PluginException(String message, Throwable cause) {
        super(message, cause);
    }
}
