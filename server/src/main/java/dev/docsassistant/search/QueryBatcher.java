package dev.docsassistant.search;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Questions waiting for the same model are embedded together, as inference servers batch: a question
 * that finds a free slot runs at once on its caller's thread (a lone question waits for nothing); one
 * that arrives while every slot is busy queues, and when a run ends, the first queued caller takes the
 * slot and runs, as one batch, what is queued behind it of about its own length (a batch is padded to
 * its longest input, and padding is work thrown away). One run of n short questions costs far less
 * than n runs (reading the model's weights and each operator's fixed cost are shared), so under load
 * the CPU per search falls as the queue grows. No thread of its own: a caller that queued either gets
 * its vector from another caller's run or is handed the slot.
 *
 * @param <T> one input (a question's text, or its word pieces)
 */
final class QueryBatcher<T> {
    private final Function<List<T>, float[][]> model;
    private final ToIntFunction<T> length;
    private final int slots;
    private final int maxBatch;
    private final int spread;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Waiter<T>> queue = new ArrayDeque<>();
    private int running;

    /** Batches whatever is queued, of any length. */
    QueryBatcher(Function<List<T>, float[][]> model, int slots, int maxBatch) {
        this(model, t -> 0, 0, slots, maxBatch);
    }

    /**
     * @param model    embeds inputs in one run, in order
     * @param length   an input's length as the model pads it (its word pieces)
     * @param spread   how far, at most, a batched input's length may be from its batch's first one
     * @param slots    runs at the same time (more than one lets a second core work at light load)
     * @param maxBatch inputs per run at most
     */
    QueryBatcher(Function<List<T>, float[][]> model, ToIntFunction<T> length, int spread, int slots, int maxBatch) {
        if (slots < 1 || maxBatch < 1 || spread < 0) {
            throw new IllegalArgumentException("slots and maxBatch must be at least 1, spread at least 0");
        }
        this.model = model;
        this.length = length;
        this.spread = spread;
        this.slots = slots;
        this.maxBatch = maxBatch;
    }

    /** One queued input: completed with its vector or the run's failure, or handed a slot to run the queue. */
    private static final class Waiter<T> {
        final T input;
        final int length;
        final CompletableFuture<float[]> result = new CompletableFuture<>();
        /** Completed when this caller should run the queue itself (it holds a slot then). */
        final CompletableFuture<Void> turn = new CompletableFuture<>();

        Waiter(T input, int length) {
            this.input = input;
            this.length = length;
        }
    }

    /** The vector of {@code input}, embedded alone or with whatever else is waiting; a failure of its run is thrown here. */
    float[] embed(T input) {
        Waiter<T> me = new Waiter<>(input, length.applyAsInt(input));
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

    /**
     * Runs {@code first} and the queued inputs of about its length as one batch (the caller holds a slot),
     * then passes the slot on or frees it; the others keep their places in the queue.
     */
    private void runQueue(Waiter<T> first) {
        List<Waiter<T>> batch = new ArrayList<>();
        batch.add(first);
        lock.lock();
        try {
            for (var it = queue.iterator(); it.hasNext() && batch.size() < maxBatch; ) {
                Waiter<T> w = it.next();
                if (Math.abs(w.length - first.length) <= spread) {
                    batch.add(w);
                    it.remove();
                }
            }
        } finally {
            lock.unlock();
        }
        try {
            float[][] vectors = model.apply(batch.stream().map(w -> w.input).toList());
            if (vectors.length != batch.size()) {
                throw new IllegalStateException("the model returned " + vectors.length + " vectors for " + batch.size() + " texts");
            }
            for (int i = 0; i < vectors.length; i++) {
                batch.get(i).result.complete(vectors[i]);
            }
        } catch (Throwable e) {
            batch.forEach(w -> w.result.completeExceptionally(e));
        } finally {
            Waiter<T> next;
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
