package dev.docsassistant.assistant.llm;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReleasableBodyTest {
    /** Records what a subscription delivers, asking for {@code demand} at once. */
    private static final class Recorder implements Flow.Subscriber<ByteBuffer> {
        final List<String> seen = new ArrayList<>();
        private final long demand;
        Flow.Subscription subscription;

        Recorder(long demand) {
            this.demand = demand;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(demand);
        }

        @Override
        public void onNext(ByteBuffer item) {
            seen.add("next " + StandardCharsets.UTF_8.decode(item));
        }

        @Override
        public void onError(Throwable error) {
            seen.add("error " + error.getMessage());
        }

        @Override
        public void onComplete() {
            seen.add("complete");
        }
    }

    @Test
    void sendsItsBytesToEverySubscriberUntilReleasedAndThenRefuses() {
        ReleasableBody body = ReleasableBody.of("{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals(13, body.publisher().contentLength());
        Recorder first = new Recorder(1);
        body.subscribe(first);
        Recorder retry = new Recorder(Long.MAX_VALUE);
        body.subscribe(retry);
        assertEquals(List.of("next {\"model\":\"m\"}", "complete"), first.seen);
        assertEquals(first.seen, retry.seen, "a connection that failed before a response sends the same body again");

        first.subscription.request(1);
        assertEquals(2, first.seen.size(), "a subscription sends its body once");

        body.release();
        Recorder late = new Recorder(1);
        body.subscribe(late);
        assertEquals(1, late.seen.size());
        assertTrue(late.seen.getFirst().startsWith("error the request body was released"), late.seen.toString());
    }

    @Test
    void aBadDemandIsAnErrorAsTheFlowRulesSay() {
        Recorder bad = new Recorder(0);
        ReleasableBody.of(new byte[] {1}).subscribe(bad);
        assertEquals(List.of("error request(0)"), bad.seen);
    }
}
