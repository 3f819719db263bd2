package dev.docsassistant.config;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One documentation site served by this server.
 *
 * @param domain       the {domain} path parameter of the API
 * @param organization the organisation that owns the site (keys and limits are per organisation)
 * @param path         the folder holding the site's docs.json, already resolved against the config file
 * @param url          the public base URL of the rendered site, used to make source links absolute
 */
public record SiteConfig(String domain, String organization, Path path, Optional<String> url) {
}
