package dev.docsassistant.app;

import io.helidon.webserver.http.ServerRequest;

/**
 * The path prefix ({@code sites[].path-prefix}, {@code /docs}) a request to a site's own host came
 * under. The host filter takes it off the path before routing, so every route of the site's host
 * (pages, assets, API, sign-in, MCP) answers under it as at the root; what they write into pages,
 * redirects and cookies puts it back on from here.
 */
public final class SitePrefix {
    private static final String KEY = "docs-assistant.site-prefix";

    private SitePrefix() {
    }

    /** Records that {@code req} came under {@code prefix}. */
    public static void set(ServerRequest req, String prefix) {
        req.context().register(KEY, prefix);
    }

    /** The prefix {@code req} came under: "" at the root of its host. */
    public static String of(ServerRequest req) {
        return req.context().get(KEY, String.class).orElse("");
    }
}
