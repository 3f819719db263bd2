package dev.docsassistant.transport;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What one connection's HTTP/1.0 requests asked for, in order, from the reader that rewrote their
 * heads ({@link Http10Source}) to the writer that frames their answers ({@link Http10Writer}).
 */
final class Http10Exchanges {
    /** One HTTP/1.0 request: its method (a HEAD answer has no body) and whether it asked to keep the connection. */
    record Request(String method, boolean keepAlive) {
    }

    private final Queue<Request> requests = new ConcurrentLinkedQueue<>();

    void add(Request request) {
        requests.add(request);
    }

    /** The oldest request not yet answered, or null. */
    Request next() {
        return requests.peek();
    }

    void answered() {
        requests.poll();
    }
}
