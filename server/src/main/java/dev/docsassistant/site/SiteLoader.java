package dev.docsassistant.site;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.search.LuceneSiteSearch;

import java.nio.file.Path;

/** Loads one site folder (docs.json + pages) and opens its search index under the data directory. */
public final class SiteLoader {
    private SiteLoader() {
    }

    public static Site load(SiteConfig config, Path dataDir, Progress progress) {
        long start = System.nanoTime();
        progress.update(config.domain(), "reading", 0, 1);
        SiteContent content = SiteReader.read(config.path());
        progress.update(config.domain(), "indexing", 0, 1);
        LuceneSiteSearch search = LuceneSiteSearch.open(content, dataDir.resolve("indexes").resolve(config.domain()));
        progress.update(config.domain(), "done", 1, 1);
        int searchable = (int) content.pages().stream().filter(Page::searchable).count();
        LoadStats stats = new LoadStats(config.domain(), content.pages().size(), searchable, search.sectionCount(),
                (System.nanoTime() - start) / 1e9, search.rebuilt(), content.problems());
        return new Site(config, content, search, stats);
    }
}
