package dev.docsassistant.deploy;

import java.util.Optional;

/**
 * A site as the store holds it.
 *
 * @param domain           the site's name in URLs
 * @param organization     who owns it
 * @param configured       true when the configuration file names it (it cannot be deleted through the API)
 * @param git              a Git source to deploy from (stored; deploying from it is not built yet)
 * @param activeDeployment the deployment every server serves, once one was activated
 */
public record SiteRecord(String domain, String organization, boolean configured, Optional<GitSource> git,
                         Optional<String> activeDeployment) {

    /** A Git repository to deploy a site from: {@code path} is the docs folder inside it. */
    public record GitSource(String url, String branch, String path) {
    }
}
