package dev.docsassistant.server;

import dev.docsassistant.render.Injected;
import io.helidon.webserver.http.HttpRouting;

import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * What the {@code dev} command changes in the server: routes registered before all others (its event
 * stream and script), markup added to every rendered page (the script tag), and whether the dashboard
 * is served (dev serves its site at the root, where a docs folder may well have {@code /dashboard/…} pages).
 */
public record DevHooks(Consumer<HttpRouting.Builder> routes, UnaryOperator<Injected> pages, boolean dashboard) {
    /** {@code serve}: nothing added, the dashboard served. */
    public static final DevHooks NONE = new DevHooks(routing -> { }, UnaryOperator.identity(), true);
}
