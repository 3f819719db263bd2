package dev.docsassistant.site;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.search.SiteSearch;

/**
 * One loaded documentation site.
 *
 * @param config the site's configuration entry
 * @param search search and page look-up over its pages
 */
public record Site(SiteConfig config, SiteSearch search) {
    public String domain() {
        return config.domain();
    }
}
