package dev.docsassistant.transport;

import io.helidon.common.mapper.MapperManager;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

@SuppressWarnings("removal")
class SharedMappersTest {
    @Test
    void oneManagerServesEveryLookupAndStillMapsWhatHelidonMaps() {
        SharedMappers.install();
        SharedMappers.install(); // twice is once
        MapperManager first = MapperManager.global();
        assertSame(first, MapperManager.global());
        // What the registry's own managers map: a header's number (the connection's Content-Length), config's types.
        assertEquals(42L, HeaderValues.create(HeaderNames.CONTENT_LENGTH, "42").get(long.class));
        assertEquals(Duration.ofSeconds(3), first.map("PT3S", String.class, Duration.class));
        assertEquals(12, first.map("12", String.class, Integer.class));
    }
}
