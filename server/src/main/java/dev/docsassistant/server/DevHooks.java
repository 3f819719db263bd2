package dev.docsassistant.server;

import dev.docsassistant.render.Injected;
import io.helidon.webserver.http.HttpRouting;

import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * What the {@code dev} command adds to the server: routes registered before all others (its event
 * stream and script), and markup added to every rendered page (the script tag).
 */
public record DevHooks(Consumer<HttpRouting.Builder> routes, UnaryOperator<Injected> pages) {
    /** {@code serve}: nothing added. */
    public static final DevHooks NONE = new DevHooks(routing -> { }, UnaryOperator.identity());
}
