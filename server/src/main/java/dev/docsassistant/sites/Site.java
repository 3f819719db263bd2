package dev.docsassistant.sites;

import dev.docsassistant.content.LoadStats;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.search.SiteSearch;

/**
 * One loaded documentation site.
 *
 * @param config  the site's configuration entry
 * @param content its docs.json, navigation and pages
 * @param search  search and page look-up over its pages
 * @param stats   what loading it found
 */
public record Site(SiteConfig config, SiteContent content, SiteSearch search, LoadStats stats) {
    public String domain() {
        return config.domain();
    }

    /** The site as a reader holding {@code groups} reads it: the pages they may see, and nothing of the others. */
    public Site readBy(java.util.List<String> groups) {
        return new Site(config, content.visibleTo(groups), search, stats);
    }
}
