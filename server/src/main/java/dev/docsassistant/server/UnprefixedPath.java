package dev.docsassistant.server;

import io.helidon.common.parameters.Parameters;
import io.helidon.common.uri.UriPath;
import io.helidon.http.HttpPrologue;
import io.helidon.http.RoutedPath;
import io.helidon.webserver.http.RoutingRequest;

/**
 * A request's path with a site's path prefix taken off, before routing: the routes match the path
 * of the prologue, the later filters read {@link RoutingRequest#path()}; both are set.
 */
record UnprefixedPath(UriPath uriPath) implements RoutedPath {
    private static final Parameters NONE = Parameters.empty("http/path");

    /** Routes {@code req} as if its raw path had no {@code prefix} (which it starts with, followed by {@code /}). */
    static void strip(RoutingRequest req, String prefix) {
        HttpPrologue p = req.prologue();
        UriPath path = UriPath.create(p.uriPath().rawPath().substring(prefix.length()));
        req.prologue(HttpPrologue.create(p.rawProtocol(), p.protocol(), p.protocolVersion(), p.method(), path, p.query(),
                p.fragment()));
        req.path(new UnprefixedPath(path));
    }

    @Override
    public String rawPath() {
        return uriPath.rawPath();
    }

    @Override
    public String rawPathNoParams() {
        return uriPath.rawPathNoParams();
    }

    @Override
    public String path() {
        return uriPath.path();
    }

    @Override
    public Parameters matrixParameters() {
        return uriPath.matrixParameters();
    }

    @Override
    public void validate() {
        uriPath.validate();
    }

    @Override
    public Parameters pathParameters() {
        return NONE;
    }

    @Override
    public RoutedPath absolute() {
        return this;
    }
}
