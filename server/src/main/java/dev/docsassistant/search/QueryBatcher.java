package dev.docsassistant.search;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Questions waiting for the same model are embedded together, as inference servers batch: a question
 * that finds a free slot runs at once on its caller's thread (a lone question waits for nothing); one
 * that arrives while every slot is busy queues, and when a run ends, the first queued caller takes the
 * slot and runs everything queued behind it as one padded batch. One run of n short questions costs
 * far less than n runs (the per-run overhead and the small matrix products dominate a single
 * question), so under load the CPU per search falls as the queue grows. No thread of its own: a
 * caller that queued either gets its vector from another caller's run or is handed the slot.
 */
final class QueryBatcher {
    private final Function<List<String>, float[][]> model;
    private final int slots;
    private final int maxBatch;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();
    private int running;

    /**
     * @param model    embeds texts in one run, in order
     * @param slots    runs at the same time (more than one lets a second core work at light load)
     * @param maxBatch texts per run at most
     */
    QueryBatcher(Function<List<String>, float[][]> model, int slots, int maxBatch) {
        if (slots < 1 || maxBatch < 1) {
            throw new IllegalArgumentException("slots and maxBatch must be at least 1");
        }
        this.model = model;
        this.slots = slots;
        this.maxBatch = maxBatch;
    }

    /** One queued text: completed with its vector or the run's failure, or handed a slot to run the queue. */
    private static final class Waiter {
        final String text;
        final CompletableFuture<float[]> result = new CompletableFuture<>();
        /** Completed when this caller should run the queue itself (it holds a slot then). */
        final CompletableFuture<Void> turn = new CompletableFuture<>();

        Waiter(String text) {
            this.text = text;
        }
    }

    /** The vector of {@code text}, embedded alone or with whatever else is waiting; a failure of its run is thrown here. */
    float[] embed(String text) {
        Waiter me = new Waiter(text);
        boolean leads;
        lock.lock();
        try {
            leads = running < slots;
            if (leads) {
                running++;
            } else {
                queue.add(me);
            }
        } finally {
            lock.unlock();
        }
        if (!leads) {
            // Taken off the queue either into someone's batch (result) or as the next runner (turn), never both.
            CompletableFuture.anyOf(me.result, me.turn).handle((done, failed) -> null).join(); // a failure is thrown below
        }
        if (!me.result.isDone()) {
            runQueue(me);
        }
        try {
            return me.result.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** How many callers wait in the queue now (not those whose batch is running). */
    int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code first} and what queues behind it as one batch (the caller holds a slot), then passes the slot on or frees it. */
    private void runQueue(Waiter first) {
        List<Waiter> batch = new ArrayList<>();
        batch.add(first);
        lock.lock();
        try {
            while (batch.size() < maxBatch && !queue.isEmpty()) {
                batch.add(queue.poll());
            }
        } finally {
            lock.unlock();
        }
        try {
            float[][] vectors = model.apply(batch.stream().map(w -> w.text).toList());
            if (vectors.length != batch.size()) {
                throw new IllegalStateException("the model returned " + vectors.length + " vectors for " + batch.size() + " texts");
            }
            for (int i = 0; i < vectors.length; i++) {
                batch.get(i).result.complete(vectors[i]);
            }
        } catch (Throwable e) {
            batch.forEach(w -> w.result.completeExceptionally(e));
        } finally {
            Waiter next;
            lock.lock();
            try {
                next = queue.poll();
                if (next == null) {
                    running--;
                }
            } finally {
                lock.unlock();
            }
            if (next != null) {
                next.turn.complete(null); // the slot passes to the queue's head, which runs the next batch
            }
        }
    }
}
