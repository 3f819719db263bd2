package dev.docsassistant.app;

import dev.docsassistant.sites.Sites;
import dev.docsassistant.store.Database;
import dev.docsassistant.store.Redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Whether this server should receive traffic: the one state behind HTTP readiness
 * ({@code /observe/health/ready}, {@code /health}) and gRPC health. Ready when it is not draining,
 * every configured site is loaded and indexed, the store answers and, when configured, Redis answers.
 * Listeners (gRPC health) hear every change: at once when draining starts or a site is indexed,
 * within {@link #POLL} when a dependency goes down or comes back.
 */
public final class ServerState implements AutoCloseable {
    static final Duration POLL = Duration.ofSeconds(1);
    private static final Duration STORE_TIMEOUT = Duration.ofSeconds(2);

    /** One readiness condition, as the health endpoint lists it. */
    public record Check(String name, boolean up, String detail) {
    }

    private final Sites sites;
    private final Database database;
    private final Optional<Redis> redis;
    private final List<Consumer<Boolean>> listeners = new CopyOnWriteArrayList<>();
    private volatile boolean draining;
    private volatile boolean lastReady;
    private ScheduledExecutorService poller;

    ServerState(Sites sites, Database database, Optional<Redis> redis) {
        this.sites = sites;
        this.database = database;
        this.redis = redis;
        this.lastReady = ready();
        sites.onServed(site -> publish(ready())); // the last site indexed turns readiness up at once, not at the next poll
    }

    /** Every readiness condition, evaluated now. */
    public List<Check> checks() {
        List<Check> checks = new ArrayList<>();
        checks.add(new Check("draining", !draining, draining ? "shutting down: finishing open streams" : "no"));
        List<String> pending = sites.pending();
        checks.add(new Check("sites", pending.isEmpty(), pending.isEmpty()
                ? sites.all().size() + " indexed" : "still being indexed: " + String.join(", ", pending)));
        boolean store = database.answers(STORE_TIMEOUT);
        checks.add(new Check("store", store, database.dialect().name().toLowerCase() + (store ? "" : " does not answer")));
        redis.ifPresent(r -> {
            boolean up = r.answers();
            checks.add(new Check("redis", up, r.describe() + (up ? "" : " does not answer")));
        });
        return checks;
    }

    /** Whether every condition holds now. */
    public boolean ready() {
        return checks().stream().allMatch(Check::up);
    }

    /** Liveness: the process works (a failing dependency is readiness, not a reason to restart). */
    public boolean live() {
        return true;
    }

    public boolean draining() {
        return draining;
    }

    /** Readiness turns down at once, for good: the server is stopping. */
    public void startDrain() {
        draining = true;
        publish(false);
    }

    /** Hears {@code true}/{@code false} on every change of readiness, starting with the current one. */
    public synchronized void onChange(Consumer<Boolean> listener) {
        listeners.add(listener);
        listener.accept(lastReady && !draining);
        if (poller == null) {
            poller = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("readiness").factory());
            poller.scheduleWithFixedDelay(() -> publish(ready()), POLL.toMillis(), POLL.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private synchronized void publish(boolean ready) {
        if (ready != lastReady) {
            lastReady = ready;
            listeners.forEach(l -> l.accept(ready));
        }
    }

    @Override
    public synchronized void close() {
        if (poller != null) {
            poller.shutdownNow();
        }
    }
}
