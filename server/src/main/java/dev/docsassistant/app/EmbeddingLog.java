package dev.docsassistant.app;

import dev.docsassistant.content.Progress;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Prints how embedding a site goes (the first index of a corpus takes minutes on a small machine),
 * a line when it starts and then about every tenth. Used when no progress bar shows it (serve, or
 * {@code index} writing to a file); the site's summary line adds the total time and rate.
 */
final class EmbeddingLog implements Progress {
    private final PrintStream out;
    private final Map<String, Long> started = new ConcurrentHashMap<>();
    private final Map<String, Integer> printedTenth = new ConcurrentHashMap<>();

    EmbeddingLog(PrintStream out) {
        this.out = out;
    }

    @Override
    public void update(String site, String phase, int done, int total) {
        if (!phase.equals("embedding") || total == 0) {
            return;
        }
        if (done == 0) {
            started.put(site, System.nanoTime());
            printedTenth.put(site, 0);
            out.printf(Locale.ROOT, "site %s: embedding %d sections not in the embedding cache%n", site, total);
            return;
        }
        int tenth = done * 10 / total;
        if (tenth > printedTenth.getOrDefault(site, 0)) {
            printedTenth.put(site, tenth);
            double seconds = (System.nanoTime() - started.getOrDefault(site, System.nanoTime())) / 1e9;
            out.printf(Locale.ROOT, "site %s: embedded %d/%d (%d%%) in %.1f s, %.0f/s%n", site, done, total,
                    done * 100 / total, seconds, done / Math.max(1e-9, seconds));
        }
    }
}
