package dev.docsassistant.deploy;

import dev.docsassistant.content.SiteProblem;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One immutable version of a site's content, as the store holds it.
 *
 * @param id          {@code dep_…}
 * @param domain      the site
 * @param sequence    its place among the site's deployments (creation order, from 1)
 * @param source      where the content came from
 * @param createdBy   who or what made it: {@code admin}, {@code config}, …
 * @param preview     the preview name, when it is a preview (never activated on its own)
 * @param status      where it is in its life
 * @param contentHash SHA-256 over its files' paths and hashes: equal content, equal hash
 * @param files       files stored
 * @param bytes       their bytes
 * @param pages       published pages, once built
 * @param buildTime   reading and indexing time, once built
 * @param problems    what building found (errors make it {@code failed})
 */
public record Deployment(String id, String domain, long sequence, DeploymentSource source, String createdBy,
                         Optional<String> preview, DeploymentStatus status, String contentHash, int files, long bytes,
                         Optional<Integer> pages, Optional<Duration> buildTime, List<SiteProblem> problems,
                         Instant createdAt, Optional<Instant> finishedAt, Optional<Instant> activatedAt) {

    /** The errors among the problems. */
    public List<SiteProblem> errors() {
        return problems.stream().filter(SiteProblem::isError).toList();
    }
}
