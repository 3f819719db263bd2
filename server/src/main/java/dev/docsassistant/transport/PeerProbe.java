package dev.docsassistant.transport;

import io.helidon.webserver.http.ServerRequest;

import java.util.function.BooleanSupplier;

/**
 * Tells whether the client of a request has closed its connection, before anything was written to
 * it (a write would notice, but an answer waiting for its first token writes nothing). The connection
 * layer registers one per HTTP/1 request; routes ask it while they wait.
 */
public interface PeerProbe {
    /** @return true once the client is known to have closed the connection */
    boolean closed();

    static void register(ServerRequest req, PeerProbe probe) {
        req.context().register(PeerProbe.class, probe);
    }

    /** The request's probe; one that never reports a close when the connection layer gave none (HTTP/2). */
    static BooleanSupplier of(ServerRequest req) {
        PeerProbe probe = req.context().get(PeerProbe.class, PeerProbe.class).orElse(null);
        return probe == null ? () -> false : probe::closed;
    }
}
