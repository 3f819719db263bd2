package dev.docsassistant.config;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One documentation site served by this server.
 *
 * @param domain       the {domain} path parameter of the API
 * @param organization the organisation that owns the site (keys and limits are per organisation)
 * @param path         the folder holding the site's docs.json, already resolved against the config file;
 *                     null for a site deployed from Git ({@code sites[].git}, read by GitSettings)
 * @param url          the public base URL of the rendered site, used to make source links absolute; it ends
 *                     with {@code pathPrefix} when the site has one
 * @param watch        deploy the folder again whenever it changes ({@code sites[].watch})
 * @param readers      what the site asks of its readers ({@code sites[].reader-auth.method})
 * @param pathPrefix   where the site is served on its own hosts ({@code sites[].path-prefix}, {@code /docs}),
 *                     "" at their root
 */
public record SiteConfig(String domain, String organization, Path path, Optional<String> url, boolean watch,
                         ReaderAccess readers, String pathPrefix) {

    public SiteConfig {
        readers = readers == null ? ReaderAccess.OPEN : readers;
        pathPrefix = pathPrefix == null ? "" : pathPrefix;
    }

    public SiteConfig(String domain, String organization, Path path, Optional<String> url, boolean watch,
                      ReaderAccess readers) {
        this(domain, organization, path, url, watch, readers, "");
    }

    public SiteConfig(String domain, String organization, Path path, Optional<String> url, boolean watch) {
        this(domain, organization, path, url, watch, ReaderAccess.OPEN);
    }

    /** A folder site, not watched. */
    public SiteConfig(String domain, String organization, Path path, Optional<String> url) {
        this(domain, organization, path, url, false);
    }

    /** Whether the site is deployed from Git rather than from a folder of this server. */
    public boolean fromGit() {
        return path == null;
    }
}
