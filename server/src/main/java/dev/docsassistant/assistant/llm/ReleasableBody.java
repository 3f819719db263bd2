package dev.docsassistant.assistant.llm;

import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.util.concurrent.Flow;

/**
 * A request body whose bytes can be let go once the provider has answered. The JDK client keeps a
 * request, and with it its body, until the exchange ends, and a model's answer may take minutes:
 * the prompt (sources, history: often 10–20 KB) would stay in memory for every answer waiting on
 * the model. Until {@link #release()} the body can be sent again (the retry of a connection that
 * failed before any response); after it, a new subscription fails.
 */
final class ReleasableBody implements Flow.Publisher<ByteBuffer> {
    private final long length;
    private volatile byte[] bytes;

    private ReleasableBody(byte[] bytes) {
        this.bytes = bytes;
        this.length = bytes.length;
    }

    static ReleasableBody of(byte[] bytes) {
        return new ReleasableBody(bytes);
    }

    HttpRequest.BodyPublisher publisher() {
        return HttpRequest.BodyPublishers.fromPublisher(this, length);
    }

    /** The bytes are no longer needed: the provider has sent its response headers. */
    void release() {
        bytes = null;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
        subscriber.onSubscribe(new Once(subscriber, bytes));
    }

    /** Sends the body in one buffer, then forgets it: the client may keep its subscription to the end. */
    private static final class Once implements Flow.Subscription {
        private final Flow.Subscriber<? super ByteBuffer> subscriber;
        private byte[] pending;
        private boolean done;

        Once(Flow.Subscriber<? super ByteBuffer> subscriber, byte[] pending) {
            this.subscriber = subscriber;
            this.pending = pending;
        }

        @Override
        public void request(long n) {
            byte[] body;
            synchronized (this) {
                if (done) {
                    return;
                }
                done = true;
                body = pending;
                pending = null;
            }
            if (n <= 0) {
                subscriber.onError(new IllegalArgumentException("request(" + n + ")"));
            } else if (body == null) {
                subscriber.onError(new IllegalStateException("the request body was released after its response"));
            } else {
                subscriber.onNext(ByteBuffer.wrap(body));
                subscriber.onComplete();
            }
        }

        @Override
        public synchronized void cancel() {
            done = true;
            pending = null;
        }
    }
}
