package dev.docsassistant.rest;

import dev.docsassistant.assistant.AnswerAbandoned;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Events reach the socket one flush each, except those written between a hold and its release; an
 * answer may outlive its reader for a while (to be resumed), unless a newer one superseded it.
 */
class StreamOutputTest {
    /** What each flush sent. */
    private static final class Socket extends ByteArrayOutputStream {
        final List<String> flushed = new ArrayList<>();
        boolean broken;

        @Override
        public void flush() throws IOException {
            if (broken) {
                throw new IOException("connection reset");
            }
            flushed.add(toString());
            reset();
        }
    }

    @Test
    void heldWritesLeaveInOneFlushAtTheOutermostRelease() {
        Socket socket = new Socket();
        StreamOutput out = new StreamOutput(() -> socket, () -> false);
        out.write("a");
        out.hold();
        out.write("b");
        out.hold(); // nested: the inner release sends nothing yet
        out.write("c");
        out.release();
        out.write("d");
        out.release();
        out.write("e");
        assertEquals(List.of("a", "bcd", "e"), socket.flushed);
    }

    @Test
    void aClientGoneDuringTheHoldIsReportedAtTheRelease() {
        Socket socket = new Socket();
        StreamOutput out = new StreamOutput(() -> socket, () -> false);
        out.hold();
        out.write("a");
        socket.broken = true;
        assertThrows(AnswerAbandoned.class, out::release);
        assertThrows(AnswerAbandoned.class, () -> out.write("b"));
    }

    @Test
    void anAnswerOutlivesItsReaderForItsTimeThenStops() {
        Socket socket = new Socket();
        long[] now = {1_000_000_000L};
        StreamOutput out = new StreamOutput(() -> socket, () -> false, Duration.ofMillis(300), () -> false, () -> now[0]);
        out.write("a");
        socket.broken = true;
        out.write("b"); // the reader has gone: dropped, the answer goes on to be resumed
        assertFalse(out.gone());
        now[0] += Duration.ofMillis(299).toNanos();
        assertFalse(out.gone(), "within its outliving time the answer goes on");
        out.write("c");
        now[0] += Duration.ofMillis(1).toNanos();
        assertTrue(out.gone(), "past its outliving time the answer stops");
        assertThrows(AnswerAbandoned.class, () -> out.write("d"));
        assertEquals(List.of("a"), socket.flushed, "nothing after the reader left reached the socket");
    }

    @Test
    void aSupersededAnswerStopsAsSoonAsItsReaderHasGone() {
        Socket socket = new Socket();
        boolean[] superseded = {false};
        StreamOutput out = new StreamOutput(() -> socket, () -> false, Duration.ofMinutes(1), () -> superseded[0]);
        out.write("a");
        socket.broken = true;
        out.write("b");
        assertFalse(out.gone());
        superseded[0] = true;
        assertTrue(out.gone());
        assertThrows(AnswerAbandoned.class, () -> out.write("c"));
    }
}
