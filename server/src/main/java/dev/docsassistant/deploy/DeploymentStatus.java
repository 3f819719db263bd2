package dev.docsassistant.deploy;

import java.util.Locale;

/**
 * Where a deployment is in its life: {@code building} (files stored, being read and indexed),
 * then {@code failed} (errors found; never served) or {@code ready} (may be activated), {@code active}
 * (the version the site serves, one per site) and {@code superseded} (was active; may be activated
 * again, a rollback).
 */
public enum DeploymentStatus {
    BUILDING, READY, ACTIVE, SUPERSEDED, FAILED;

    /** The name in the API and the store. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    static DeploymentStatus of(String wire) {
        return valueOf(wire.toUpperCase(Locale.ROOT));
    }

    /** Whether it can be activated: built without errors. */
    public boolean activatable() {
        return this == READY || this == ACTIVE || this == SUPERSEDED;
    }
}
