package dev.docsassistant.deploy;

import dev.docsassistant.git.GitSettings;

import java.util.Optional;

/**
 * A site as the store holds it.
 *
 * @param domain           the site's name in URLs
 * @param organization     who owns it
 * @param configured       true when the configuration file names it (it cannot be deleted through the API)
 * @param git              the Git source it is deployed from (sites created through the admin API; a
 *                         configured site's is in the configuration file, not here)
 * @param activeDeployment the deployment every server serves, once one was activated
 */
public record SiteRecord(String domain, String organization, boolean configured, Optional<GitSettings> git,
                         Optional<String> activeDeployment) {
}
