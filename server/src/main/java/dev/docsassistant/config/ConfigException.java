package dev.docsassistant.config;

/** A configuration problem the operator must fix; its message names the key. */
public class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }
}
