package dev.docsassistant.config;

import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.RecyclerPool;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MappersTest {
    /**
     * Each request runs on a new virtual thread: buffers a finished thread released must serve later
     * threads, not stay with it. A per-thread pool would hand each of these threads a recycler of its
     * own; the shared pool rotates through the few it holds (other tests' threads may hold some too).
     */
    @Test
    void jsonBuffersReleasedOnOneThreadServeTheNext() throws Exception {
        RecyclerPool<BufferRecycler> pool = Mappers.JSON.getFactory()._getRecyclerPool();
        int threads = 50;
        Set<BufferRecycler> used = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < threads; i++) {
            Thread.ofVirtual().start(() -> {
                BufferRecycler recycler = pool.acquireAndLinkPooled();
                synchronized (used) {
                    used.add(recycler);
                }
                recycler.releaseToPool();
            }).join();
        }
        assertTrue(used.size() < threads, used.size() + " recyclers for " + threads + " threads one after another");
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
