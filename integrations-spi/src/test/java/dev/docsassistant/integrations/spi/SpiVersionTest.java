package dev.docsassistant.integrations.spi;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpiVersionTest {
    private static SpiVersion v(String text) {
        return SpiVersion.parse(text).orElseThrow();
    }

    @Test
    void theCurrentVersionIsThePomsVersion() {
        assertEquals(System.getProperty("spi.expected.version", "1.0.0"), SpiVersion.current().toString());
    }

    @Test
    void parsesSemanticVersions() {
        assertEquals(new SpiVersion(1, 2, 0), v("1.2"));
        assertEquals(new SpiVersion(1, 2, 3), v(" 1.2.3 "));
        assertEquals(new SpiVersion(2, 0, 1), v("2.0.1-SNAPSHOT"));
        assertEquals(Optional.empty(), SpiVersion.parse("1"));
        assertEquals(Optional.empty(), SpiVersion.parse("one.two"));
        assertEquals(Optional.empty(), SpiVersion.parse(null));
    }

    @Test
    void acceptsTheSameMajorUpToItsOwnMinor() {
        SpiVersion server = v("1.3.0");
        assertTrue(server.accepts(v("1.0")));
        assertTrue(server.accepts(v("1.3.7")));
        assertFalse(server.accepts(v("1.4.0")), "a plugin for a newer minor may call what this server lacks");
        assertFalse(server.accepts(v("2.0.0")));
        assertFalse(server.accepts(v("0.9.0")));
    }
}
