package dev.docsassistant.assistant.llm;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One streaming HTTP exchange with the provider, read as lines. The JDK client pushes the status
 * and each line into a queue as they arrive; the answering thread takes them with a deadline, so
 * a silent provider times out instead of blocking forever. {@link #close()} cancels the exchange
 * (the connection is dropped), which is how a disconnected reader stops the provider's work.
 */
final class ProviderStream implements AutoCloseable {
    sealed interface Item {
    }

    /** The response headers arrived with this status. */
    record Status(int code) implements Item {
    }

    record Line(String text) implements Item {
    }

    /** The body ended normally. */
    record End() implements Item {
    }

    /** The exchange failed: connection refused or reset, TLS, connect timeout. */
    record Failed(Throwable error) implements Item {
    }

    private final BlockingQueue<Item> items = new LinkedBlockingQueue<>();
    private final CompletableFuture<HttpResponse<Void>> exchange;
    private Flow.Subscription subscription;
    private boolean closed;
    private int status;

    private ProviderStream(HttpClient client, HttpRequest request) {
        this.exchange = client.sendAsync(request, info -> {
            items.add(new Status(info.statusCode()));
            return HttpResponse.BodySubscribers.fromSubscriber(new Lines());
        });
        exchange.whenComplete((response, error) -> {
            if (error != null) {
                items.add(new Failed(error));
            }
        });
    }

    static ProviderStream open(HttpClient client, HttpRequest request) {
        return new ProviderStream(client, request);
    }

    /** The response status, once {@link Status} has been taken. */
    int status() {
        return status;
    }

    void status(int code) {
        this.status = code;
    }

    /** Whether an item has arrived that {@link #next} would return without waiting. */
    boolean hasNext() {
        return !items.isEmpty();
    }

    /** The next item, or null when {@code deadline} passes first. */
    Item next(Instant deadline) throws InterruptedException {
        long wait = Math.max(0, deadline.toEpochMilli() - System.currentTimeMillis());
        return items.poll(wait, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        Flow.Subscription s;
        synchronized (this) {
            closed = true;
            s = subscription;
        }
        if (s != null) {
            s.cancel();
        }
        exchange.cancel(true);
    }

    /** The body's bytes, as lines into the queue. */
    private final class Lines implements Flow.Subscriber<List<ByteBuffer>> {
        private final Utf8Lines lines = new Utf8Lines(line -> items.add(new Line(line)));

        @Override
        public void onSubscribe(Flow.Subscription s) {
            boolean cancel;
            synchronized (ProviderStream.this) {
                subscription = s;
                cancel = closed;
            }
            if (cancel) {
                s.cancel();
            } else {
                // The answer is small and read as fast as it comes; no need to meter it.
                s.request(Long.MAX_VALUE);
            }
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            buffers.forEach(lines::feed);
        }

        @Override
        public void onError(Throwable error) {
            items.add(new Failed(error));
        }

        @Override
        public void onComplete() {
            lines.finish();
            items.add(new End());
        }
    }
}
