package dev.docsassistant.site;

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
 * @param problems   what was skipped or looked wrong
 */
public record LoadStats(String domain, int pages, int searchable, int sections, double seconds, boolean rebuilt,
                        List<SiteProblem> problems) {

    public String summary() {
        return String.format(Locale.ROOT, "site %s: %d pages (%d searchable), %d sections, %s in %.2f s%s",
                domain, pages, searchable, sections, rebuilt ? "indexed" : "index reused", seconds,
                problems.isEmpty() ? "" : ", " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s"));
    }
}
