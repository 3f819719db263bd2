package dev.docsassistant.integrations.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A version of this SPI, {@code major.minor[.patch]} (semantic versioning). A plugin declares the
 * version it was built for in its jar's manifest ({@value #MANIFEST_ATTRIBUTE}); a server takes it
 * when the major versions are equal and the plugin's minor is at most the server's: minor releases
 * only add (default methods, new types), a major release may break.
 */
public record SpiVersion(int major, int minor, int patch) implements Comparable<SpiVersion> {
    /** The manifest attribute a plugin jar names its SPI version in. */
    public static final String MANIFEST_ATTRIBUTE = "DocsAssistant-Spi-Version";
    private static final Pattern FORMAT = Pattern.compile("(\\d{1,4})\\.(\\d{1,4})(?:\\.(\\d{1,4}))?(?:-[0-9A-Za-z.-]+)?");
    private static final SpiVersion CURRENT = readCurrent();

    /** The version of the SPI this code is. */
    public static SpiVersion current() {
        return CURRENT;
    }

    /** Parses {@code 1.2}, {@code 1.2.3} or {@code 1.2.3-SNAPSHOT}; empty for anything else. */
    public static Optional<SpiVersion> parse(String text) {
        Matcher m = text == null ? null : FORMAT.matcher(text.strip());
        if (m == null || !m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new SpiVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                m.group(3) == null ? 0 : Integer.parseInt(m.group(3))));
    }

    /** Whether a plugin built for {@code plugin} runs on this version. */
    public boolean accepts(SpiVersion plugin) {
        return plugin.major == major && plugin.minor <= minor;
    }

    @Override
    public int compareTo(SpiVersion o) {
        return major != o.major ? Integer.compare(major, o.major)
                : minor != o.minor ? Integer.compare(minor, o.minor) : Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }

    private static SpiVersion readCurrent() {
        try (InputStream in = SpiVersion.class.getResourceAsStream("spi.properties")) {
            if (in == null) {
                throw new IllegalStateException("spi.properties is missing from the SPI jar");
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("version");
            return parse(v).orElseThrow(() -> new IllegalStateException("spi.properties: bad version '" + v + "'"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
