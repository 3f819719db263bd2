package dev.docsassistant.transport;

import io.helidon.common.mapper.MapperManager;

/**
 * One mapper manager for the whole process, set before anything looks one up. Until one is set,
 * Helidon 4.4.0's {@code MapperManager.global()} asks the service registry, whose {@code MapperManager}
 * is made anew at every lookup (its configuration built, every mapper provider found again): some
 * 0.1–0.2 ms of CPU per call, and the HTTP/1.1 connection calls it for every request with a body (to
 * read its {@code Content-Length} as a number), as does our own body reader. Set, it is one field read.
 * The instance is what the registry would have made: the built-in mappers and the discovered ones.
 */
public final class SharedMappers {
    private static volatile boolean installed;

    private SharedMappers() {
    }

    /**
     * Sets the shared manager, once. Called first thing at start: set after the registry has handed one
     * out, Helidon still takes it but logs a warning with a stack trace.
     */
    @SuppressWarnings("removal")
    public static synchronized void install() {
        if (!installed) {
            MapperManager.global(MapperManager.builder().discoverServices(true).useBuiltIn(true).build());
            installed = true;
        }
    }
}
