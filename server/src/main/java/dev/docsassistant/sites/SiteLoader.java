package dev.docsassistant.sites;

import dev.docsassistant.content.LoadStats;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.Progress;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchSettings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Loads one site folder (docs.json + pages) and opens its search index under the data directory. */
public final class SiteLoader {
    private SiteLoader() {
    }

    /**
     * Loads the site and validates its docs.json {@code integrations} against the given plugins.
     *
     * @param settings how its index is built and searched (hybrid or keyword)
     */
    public static Site load(SiteConfig config, Path dataDir, SearchSettings settings, Progress progress,
                            Integrations integrations) {
        long start = System.nanoTime();
        progress.update(config.domain(), "reading", 0, 1);
        SiteContent content = SiteReader.read(config.path());
        return index(config, content, dataDir.resolve("indexes").resolve(config.domain()), settings, progress, integrations,
                start);
    }

    /**
     * Indexes a site read already into {@code indexDir} (an up-to-date index there is reused). Its
     * search is {@linkplain GuardedSearch guarded}, so it can be replaced under running requests.
     *
     * @param startNanos when loading began ({@link System#nanoTime()}), for the stats
     */
    public static Site index(SiteConfig config, SiteContent content, Path indexDir, SearchSettings settings,
                             Progress progress, Integrations integrations, long startNanos) {
        return index(config, content, indexDir, null, null, settings, progress, integrations, startNanos);
    }

    /**
     * As {@link #index(SiteConfig, SiteContent, Path, SearchSettings, Progress, Integrations, long)}, starting
     * from the index of the version before it when there is one: only changed pages are indexed again.
     *
     * @param previous    the content {@code previousDir}'s index was built for, or null to build in full
     * @param previousDir that index's folder (left untouched), or null
     */
    public static Site index(SiteConfig config, SiteContent content, Path indexDir, SiteContent previous, Path previousDir,
                             SearchSettings settings, Progress progress, Integrations integrations, long startNanos) {
        progress.update(config.domain(), "indexing", 0, 1);
        // Pages a signed-out reader may not read are indexed and kept with the group that says so.
        content = content.forReaders(config.readers());
        previous = previous == null ? null : previous.forReaders(config.readers());
        SearchSettings reporting = settings.withProgress((done, total) -> progress.update(config.domain(), "embedding", done, total));
        LuceneSiteSearch search = previous == null || previousDir == null
                ? LuceneSiteSearch.open(content, indexDir, reporting)
                : LuceneSiteSearch.openFrom(previous, previousDir, content, indexDir, reporting);
        progress.update(config.domain(), "done", 1, 1);
        int searchable = (int) content.pages().stream().filter(Page::searchable).count();
        LoadStats stats = new LoadStats(config.domain(), content.pages().size(), searchable, search.sectionCount(),
                (System.nanoTime() - startNanos) / 1e9, search.rebuilt(), search.embeddingsComputed(), search.embeddingSeconds(),
                problems(content, integrations));
        return new Site(config, content, new GuardedSearch(search), stats);
    }

    /** Everything wrong with a site read already: its docs.json integrations first, then what reading found. */
    public static List<SiteProblem> problems(SiteContent content, Integrations integrations) {
        List<SiteProblem> all = new ArrayList<>(integrations.siteProblems(content.docsJson()));
        all.addAll(content.problems());
        return List.copyOf(all);
    }
}
