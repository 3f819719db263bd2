package dev.docsassistant.deploy;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * One queue per site on a shared pool: a site's builds and switches run one at a time in the order
 * they were submitted (creation order), different sites side by side.
 */
final class SerialQueues {
    private final ExecutorService pool;
    private final Map<String, CompletableFuture<?>> tails = new HashMap<>();

    SerialQueues(ExecutorService pool) {
        this.pool = pool;
    }

    /** Runs {@code work} after everything submitted for {@code key} before it, whether that succeeded or failed. */
    synchronized <T> CompletableFuture<T> submit(String key, Supplier<T> work) {
        CompletableFuture<?> tail = tails.getOrDefault(key, CompletableFuture.completedFuture(null));
        CompletableFuture<T> next = tail.handle((ignored, failure) -> null).thenApplyAsync(x -> work.get(), pool);
        tails.put(key, next);
        next.whenComplete((r, e) -> {
            synchronized (this) {
                tails.remove(key, next); // the last one out leaves no tail behind
            }
        });
        return next;
    }

    void shutdown() {
        pool.shutdownNow();
    }
}
