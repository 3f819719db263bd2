package dev.docsassistant.transport;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.webserver.grpc.GrpcConnectionContext;
import io.helidon.webserver.grpc.ServerContextKeys;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.HttpFeature;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Bounds what a client can hold: every accepted connection is registered here (see
 * {@link GuardedSocketOptions}) and a sweeper closes HTTP/1 connections that take too long for their
 * headers, their body or their next request. One address holds at most {@code max-per-address}
 * connections: at the limit its idle connections (between requests, or still without one) are closed
 * to make room, oldest first, and a new connection is refused only when all of them are busy with a
 * request or carry HTTP/2, so a client behind a shared NAT address or one opening a connection per
 * request never meets it. A connection stops counting when it ends ({@link #ended}), not at the next sweep.
 * Helidon 4.4 applies no read timeout to server sockets and keeps a {@code Connection: close} socket
 * open, so both are enforced here. HTTP/2 connections (gRPC, h2c) multiplex long streams and are left
 * to Helidon's own idle handling. Registered as a routing feature, so the sweeper stops with the server.
 */
public final class ConnectionGuard implements HttpFeature {
    private static final Logger LOG = Logger.getLogger(ConnectionGuard.class.getName());
    private static final long PROBE_EVERY_NANOS = 100_000_000L;
    /** The guards of running listeners, for {@link #openTo(int)}. */
    private static final Set<ConnectionGuard> LIVE = ConcurrentHashMap.newKeySet();

    private final ConnectionSettings settings;
    private final Predicate<InetAddress> unlimited;
    private final Map<SocketAddress, Tracked> connections = new ConcurrentHashMap<>();
    /** The counted connections of each address; a set is only read or changed inside {@code perAddress.compute}. */
    private final Map<InetAddress, Set<Tracked>> perAddress = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper;
    /** Orders committed answers: idle-longest is decided by this order, which a client sees too, not by clock readings. */
    private final AtomicLong answers = new AtomicLong();

    /** @param unlimited addresses exempt from the per-address limit (trusted proxies carry many clients) */
    public ConnectionGuard(ConnectionSettings settings, Predicate<InetAddress> unlimited) {
        this.settings = settings;
        this.unlimited = unlimited;
        this.sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "connection-guard");
            t.setDaemon(true);
            return t;
        });
        long every = settings.sweepEvery().toMillis();
        sweeper.scheduleWithFixedDelay(this::sweep, every, every, TimeUnit.MILLISECONDS);
        LIVE.add(this);
    }

    /** The connections to local {@code port} that some running listener is still handling (tests wait on it). */
    static int openTo(int port) {
        int open = 0;
        for (ConnectionGuard guard : LIVE) {
            for (Tracked t : guard.connections.values()) {
                open += t.channel.socket().getLocalPort() == port ? 1 : 0;
            }
        }
        return open;
    }

    /** The connections to local {@code port} between answered requests (tests wait for their answers to end). */
    static int idleAfterAnswerTo(int port) {
        int idle = 0;
        for (ConnectionGuard guard : LIVE) {
            for (Tracked t : guard.connections.values()) {
                idle += t.channel.socket().getLocalPort() == port && t.idle() && !t.servedNone() ? 1 : 0;
            }
        }
        return idle;
    }

    /** Open connections now tracked (for tests and health). */
    public int open() {
        return connections.size();
    }

    /** Called on Helidon's accept thread for every new connection. */
    void accepted(SocketChannel channel) {
        InetSocketAddress remote;
        try {
            remote = (InetSocketAddress) channel.getRemoteAddress();
        } catch (IOException | ClassCastException e) {
            return;
        }
        if (remote == null) {
            return;
        }
        InetAddress address = remote.getAddress();
        boolean counted = settings.maxPerAddress() > 0 && !unlimited.test(address);
        Tracked tracked = new Tracked(channel, remote, counted);
        if (counted && !admit(tracked)) {
            LOG.fine(() -> "refused a connection from " + address.getHostAddress() + ": " + settings.maxPerAddress() + " busy");
            answerAndClose(channel, 503, "too many connections busy with requests from this address (at most "
                    + settings.maxPerAddress() + ")");
            return;
        }
        Tracked previous = connections.put(remote, tracked);
        if (previous != null && previous.counted) {
            release(previous); // the same address and port again: the earlier connection has ended
        }
    }

    /** Called when Helidon is done with the connection from {@code remote} (it closes the socket next), however it ended. */
    void ended(SocketAddress remote) {
        Tracked tracked = tracked(remote);
        if (tracked != null) {
            forget(tracked);
        }
    }

    /** Ends the connection from {@code remote} once the answer written now is out (an HTTP/1.0 answer delimited by the close). */
    void endAfterAnswer(SocketAddress remote) {
        Tracked tracked = tracked(remote);
        if (tracked != null) {
            tracked.endAfterAnswer();
        }
    }

    /** Counts {@code tracked} for its address, closing that address's idle connections first when at the limit. */
    private boolean admit(Tracked tracked) {
        boolean[] admitted = {false};
        perAddress.compute(tracked.address, (address, held) -> {
            Set<Tracked> set = held == null ? new HashSet<>() : held;
            if (set.size() >= settings.maxPerAddress()) {
                makeRoom(set);
            }
            if (set.size() < settings.maxPerAddress()) {
                admitted[0] = set.add(tracked);
            }
            return set.isEmpty() ? null : set;
        });
        return admitted[0];
    }

    /** Drops the ended connections of one address, then closes its idle one that has waited longest. */
    private void makeRoom(Set<Tracked> set) {
        for (Iterator<Tracked> it = set.iterator(); it.hasNext(); ) {
            Tracked t = it.next();
            if (!t.channel.isOpen()) {
                it.remove();
                connections.remove(t.remote, t);
            }
        }
        if (set.size() < settings.maxPerAddress()) {
            return;
        }
        // Idle after an answer first, earliest answer first (a browser opens another when it needs one), then
        // the oldest never used. Answers are ordered as they were committed, before their bytes went out: the
        // order a client saw them in, whichever request's thread got round to finishing first.
        List<Tracked> idle = set.stream().filter(Tracked::idle)
                .sorted(Comparator.comparing((Tracked t) -> t.servedNone()).thenComparingLong(Tracked::answerOrder)
                        .thenComparingLong(Tracked::since))
                .toList();
        for (Tracked t : idle) {
            if (t.closeIfIdle()) {
                set.remove(t);
                connections.remove(t.remote, t);
                LOG.fine(() -> "closed an idle connection from " + t.address.getHostAddress() + " to make room for a new one");
                return;
            }
        }
    }

    @Override
    public void setup(HttpRouting.Builder routing) {
        routing.addFilter(this::filter);
    }

    @Override
    public void afterStop() {
        LIVE.remove(this);
        sweeper.shutdownNow();
    }

    /** Marks the connections that carry gRPC calls as HTTP/2: their streams are not bounded here. */
    public ServerInterceptor grpcMarker() {
        return new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                               ServerCallHandler<Q, R> next) {
                GrpcConnectionContext connection = ServerContextKeys.CONNECTION_CONTEXT.get();
                if (connection != null) {
                    Tracked tracked = tracked(connection.remotePeer().address());
                    if (tracked != null) {
                        tracked.http2 = true;
                    }
                }
                return next.startCall(call, headers);
            }
        };
    }

    private void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        Tracked tracked = tracked(req.remotePeer().address());
        if (tracked == null || tracked.http2 || req.prologue().protocolVersion().startsWith("2")) {
            if (tracked != null) {
                tracked.http2 = true;
            }
            chain.proceed();
            return;
        }
        boolean close = req.headers().value(HeaderNames.CONNECTION)
                .map(v -> v.toLowerCase(Locale.ROOT).matches("(^|.*[ ,])close($|[ ,].*)")).orElse(false);
        if (close) {
            res.header(HeaderValues.CONNECTION_CLOSE);
        }
        tracked.begin(req.content().hasEntity() ? req : null);
        res.beforeSend(() -> tracked.answerCommitted(answers.incrementAndGet()));
        PeerProbe.register(req, tracked::peerClosed);
        if (req.content().hasEntity() && req.headers().contains(HeaderValues.EXPECT_100)) {
            // Answered before the body was asked for: Helidon 4.4 then takes the body, should the client
            // send it anyway, for its next request. Close instead, reading what comes (see LingeringClose).
            res.beforeSend(() -> {
                if (!req.continueSent() && !req.content().consumed()) {
                    res.header(HeaderValues.CONNECTION_CLOSE);
                }
            });
        }
        // Helidon 4.4 sends "Connection: close" (asked for, or after a broken body) but keeps reading:
        // end the connection once that answer is out, so clients reading to EOF are done.
        res.whenSent(() -> {
            tracked.answerSent();
            if (res.headers().contains(HeaderValues.CONNECTION_CLOSE)) {
                tracked.endAfterAnswer();
            }
        });
        try {
            chain.proceed();
        } finally {
            tracked.end(res.headers().contains(HeaderValues.CONNECTION_CLOSE));
        }
    }

    /** The connection from {@code remote}; null when unknown (an upgraded connection may report no address). */
    private Tracked tracked(SocketAddress remote) {
        return remote == null ? null : connections.get(remote);
    }

    private void sweep() {
        long now = System.nanoTime();
        for (Tracked tracked : connections.values()) {
            try {
                if (!tracked.channel.isOpen()) {
                    forget(tracked);
                } else if (!tracked.http2) {
                    tracked.enforce(now);
                }
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "connection check failed", e);
            }
        }
    }

    private void forget(Tracked tracked) {
        if (connections.remove(tracked.remote, tracked) && tracked.counted) {
            release(tracked);
        }
    }

    private void release(Tracked tracked) {
        perAddress.computeIfPresent(tracked.address, (a, held) -> {
            held.remove(tracked);
            return held.isEmpty() ? null : held;
        });
    }

    /** A short JSON answer written straight to a socket nobody else writes to yet, then the socket closed. */
    private static void answerAndClose(SocketChannel channel, int status, String message) {
        String reason = status == 408 ? "Request Timeout" : "Service Unavailable";
        String body = "{\"message\":\"" + message + "\"}";
        String response = "HTTP/1.1 " + status + " " + reason + "\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length() + "\r\nConnection: close\r\n\r\n" + body;
        try (channel) {
            channel.write(ByteBuffer.wrap(response.getBytes(StandardCharsets.US_ASCII)));
            channel.shutdownOutput();
        } catch (IOException ignored) {
            // The client has gone: nothing to tell.
        }
    }

    /** One client connection: is a request being read or answered, since when, and must it close after. */
    private final class Tracked {
        final SocketChannel channel;
        final InetSocketAddress remote;
        final InetAddress address;
        final boolean counted;
        volatile boolean http2;
        private long since = System.nanoTime();
        private long answeredAt;
        private long answerOrder;
        private int served;
        private boolean busy;
        private boolean closeAfter;
        private RoutingRequest awaitingBody;
        private long probedAt;
        private boolean peerClosed;
        private boolean pipelined;

        Tracked(SocketChannel channel, InetSocketAddress remote, boolean counted) {
            this.channel = channel;
            this.remote = remote;
            this.address = remote.getAddress();
            this.counted = counted;
        }

        /** Between requests or before the first: nothing read or answered now that closing would cut. */
        synchronized boolean idle() {
            return !busy && !http2 && awaitingBody == null;
        }

        synchronized boolean servedNone() {
            return served == 0;
        }

        synchronized long since() {
            return since;
        }

        synchronized long answerOrder() {
            return answerOrder;
        }

        /** The answer to the current request is about to go out, {@code order}-th of the guard's answers. */
        synchronized void answerCommitted(long order) {
            answerOrder = order;
        }

        /** Closes the connection if it is still idle; false when a request has begun meanwhile. */
        synchronized boolean closeIfIdle() {
            if (!idle()) {
                return false;
            }
            shutdown(false);
            return true;
        }

        synchronized void begin(RoutingRequest withBody) {
            busy = true;
            awaitingBody = withBody;
            since = System.nanoTime();
            answeredAt = 0;
        }

        /** Idle from the moment the answer is out, not from when the request's thread gets round to {@link #end}. */
        synchronized void answerSent() {
            answeredAt = System.nanoTime();
        }

        synchronized void end(boolean close) {
            busy = false;
            closeAfter |= close;
            served++;
            if (awaitingBody == null) {
                since = answeredAt != 0 ? answeredAt : System.nanoTime();
            }
        }

        /**
         * The answer is out: FIN to the client (it sees EOF) and EOF to Helidon's reader (it closes the
         * socket) without a reset that could destroy the answer before the client reads it. A body not
         * read to its end is drained first, within bounds ({@link LingeringClose}).
         */
        void endAfterAnswer() {
            if (closeAfterAnswer()) {
                // Outside the lock: the sweeper must not wait for the drain.
                LingeringClose.drainThenClose(channel); // the client may still be sending the refused body
                return;
            }
            try {
                channel.shutdownOutput();
                channel.shutdownInput();
            } catch (IOException ignored) {
                // Closed already.
            }
        }

        /** @return whether the body was left unread (the client may still be sending it) */
        private synchronized boolean closeAfterAnswer() {
            closeAfter = true;
            return awaitingBody != null && !awaitingBody.content().consumed();
        }

        synchronized void enforce(long now) throws RuntimeException {
            long waited = now - since;
            if (awaitingBody != null) {
                if (awaitingBody.content().consumed()) {
                    awaitingBody = null;
                    since = now;
                } else if (waited > settings.bodyTimeout().toNanos()) {
                    // The reader (route or Helidon draining the body) sees the body end: a 400 when a route reads it.
                    awaitingBody = null;
                    closeAfter = true;
                    shutdown(busy);
                }
                return;
            }
            if (busy) {
                return; // answering: streams may take as long as the answer does
            }
            if (closeAfter) {
                shutdown(false);
            } else if (served == 0 && waited > settings.headerTimeout().toNanos()) {
                answerAndClose(channel, 408, "request headers not received within " + ConnectionSettings.text(settings.headerTimeout()));
            } else if (served > 0 && waited > settings.idleTimeout().toNanos()) {
                shutdown(false);
            }
        }

        /**
         * Whether the client has closed its end, asked by the request's own thread while it answers
         * (HTTP/1 reads nothing then, so a non-blocking read of one byte here races with nobody).
         * EOF means gone. A byte means the client pipelined its next request: that byte is lost, so
         * the connection ends after this answer, and the probe stops looking.
         */
        synchronized boolean peerClosed() {
            long now = System.nanoTime();
            if (peerClosed || pipelined || now - probedAt < PROBE_EVERY_NANOS) {
                return peerClosed;
            }
            probedAt = now;
            try {
                channel.configureBlocking(false);
                try {
                    int n = channel.read(ByteBuffer.allocate(1));
                    peerClosed = n < 0;
                    pipelined = n > 0;
                    closeAfter |= pipelined;
                } finally {
                    channel.configureBlocking(true);
                }
            } catch (IOException e) {
                peerClosed = true; // reset
            }
            return peerClosed;
        }

        private void shutdown(boolean inputOnly) {
            try {
                if (inputOnly) {
                    channel.shutdownInput();
                } else {
                    channel.close();
                }
            } catch (IOException ignored) {
                // Closed already.
            }
        }
    }
}
