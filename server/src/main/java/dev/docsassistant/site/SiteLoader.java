package dev.docsassistant.site;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.search.PageContent;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SiteSearch;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/** Loads one site folder (docs.json + pages) and indexes it for search. */
public final class SiteLoader {
    private SiteLoader() {
    }

    public static Site load(SiteConfig site, AppConfig config, PrintStream out) {
        // Placeholder until the docs.json loader and Lucene index land: an empty site.
        return new Site(site, new SiteSearch() {
            @Override
            public List<SearchHit> search(SearchRequest request) {
                return List.of();
            }

            @Override
            public Optional<PageContent> page(String path, List<String> groups) {
                return Optional.empty();
            }
        });
    }
}
