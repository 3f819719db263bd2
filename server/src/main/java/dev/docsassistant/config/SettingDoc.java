package dev.docsassistant.config;

import java.time.Duration;
import java.util.List;

/**
 * One line of the configuration reference ({@code docs/configuration.md}): declared next to the
 * settings record that reads the key, with the default taken from that record's own constants.
 *
 * @param key          the full key, {@code sites[]} standing for every site
 * @param type         how the value is written (number, true/false, duration, text, list, ...)
 * @param defaultValue the value when the key is absent, or a phrase saying how it is derived ("" when required or none)
 * @param description  one line on what it does
 */
public record SettingDoc(String key, String type, String defaultValue, String description) {

    /**
     * The keys one settings record reads, under a heading.
     *
     * @param title   the reference's heading for them
     * @param reader  the record that reads them (its simple name, shown for whoever changes one)
     * @param keys    the keys, in the order they are documented
     */
    public record Group(String title, String reader, List<SettingDoc> keys) {
        public Group {
            keys = List.copyOf(keys);
        }
    }

    /** A duration the way the configuration is usually written: {@code 500ms}, {@code 20s}, {@code 10m}, {@code 12h}, {@code 90d}. */
    public static String duration(Duration d) {
        long ms = d.toMillis();
        if (ms % 86_400_000 == 0) {
            return ms / 86_400_000 + "d";
        }
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }
}
