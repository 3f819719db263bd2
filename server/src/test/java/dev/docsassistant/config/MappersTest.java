package dev.docsassistant.config;

import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.RecyclerPool;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class MappersTest {
    /** Each request runs on a new virtual thread: buffers a thread released must serve the next thread, not stay with it. */
    @Test
    void jsonBuffersReleasedOnOneThreadServeTheNext() throws Exception {
        RecyclerPool<BufferRecycler> pool = Mappers.JSON.getFactory()._getRecyclerPool();
        BufferRecycler[] used = new BufferRecycler[2];
        for (int i = 0; i < used.length; i++) {
            int n = i;
            Thread.ofVirtual().start(() -> {
                BufferRecycler recycler = pool.acquireAndLinkPooled();
                used[n] = recycler;
                recycler.releaseToPool();
            }).join();
        }
        assertSame(used[0], used[1]);
    }

    @Test
    void writesAndReadsJsonOnVirtualThreads() throws Exception {
        String[] written = new String[1];
        Thread.ofVirtual().start(() -> {
            try {
                written[0] = Mappers.JSON.writeValueAsString(Map.of("messages", List.of("a\"b", "ü")));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).join();
        assertEquals("{\"messages\":[\"a\\\"b\",\"ü\"]}", written[0]);
        assertEquals("ü", Mappers.JSON.readTree(written[0]).path("messages").path(1).asText());
    }
}
