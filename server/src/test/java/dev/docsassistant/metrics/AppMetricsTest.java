package dev.docsassistant.metrics;

import io.helidon.metrics.api.MeterRegistry;
import io.helidon.metrics.api.Tag;
import io.helidon.service.registry.Services;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Meters recorded through {@link AppMetrics} land in the registry that is served, tags apart. */
class AppMetricsTest {
    private static final MeterRegistry REGISTRY = Services.get(MeterRegistry.class);

    @Test
    void everyRecordingReachesTheServedMeterOfItsTags() {
        long before = searches("edge-a");
        long otherBefore = searches("edge-b");
        AppMetrics.search("edge-a", 1_000_000);
        AppMetrics.search("edge-a", 2_000_000);
        AppMetrics.search("edge-b", 3_000_000);
        assertEquals(before + 2, searches("edge-a"));
        assertEquals(otherBefore + 1, searches("edge-b"));
    }

    private static long searches(String edge) {
        return REGISTRY.timer("docs_assistant_search_duration", List.of(Tag.create("edge", edge))).map(t -> t.count()).orElse(0L);
    }
}
