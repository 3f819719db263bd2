package dev.docsassistant.content;

import java.util.List;
import java.util.Locale;

/**
 * What loading one site found and how long it took.
 *
 * @param domain     the site's domain
 * @param pages      published pages
 * @param searchable pages search may return
 * @param sections   indexed sections
 * @param seconds    reading plus indexing time
 * @param rebuilt    whether the index was built (false: an up-to-date index was reused)
 * @param embedded   sections embedded while indexing (0 when the embedding cache held them all)
 * @param embedSeconds the time embedding them took
 * @param problems   what was skipped or looked wrong
 */
public record LoadStats(String domain, int pages, int searchable, int sections, double seconds, boolean rebuilt,
                        int embedded, double embedSeconds, List<SiteProblem> problems) {

    public String summary() {
        return String.format(Locale.ROOT, "site %s: %d pages (%d searchable), %d sections, %s in %.2f s%s%s",
                domain, pages, searchable, sections, rebuilt ? "indexed" : "index reused", seconds,
                embedded == 0 ? "" : String.format(Locale.ROOT, " (%d sections embedded in %.1f s, %.0f/s)",
                        embedded, embedSeconds, embedded / Math.max(1e-9, embedSeconds)),
                problems.isEmpty() ? "" : ", " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s"));
    }
}
