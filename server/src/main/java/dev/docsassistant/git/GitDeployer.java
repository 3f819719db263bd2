package dev.docsassistant.git;

import java.nio.file.Path;

/**
 * The deployments core as the Git source sees it: the one seam the server binds to the real core.
 * Both calls create a deployment of {@code domain} (a preview when {@code previewNameOrNull} is set)
 * and answer with its id and status.
 */
public interface GitDeployer {

    /**
     * Deploys the exported tree in {@code folder} (the folder holding docs.json). The folder is a fresh
     * export made for this call alone: the deployer owns it from then on and may move it into its own
     * storage, or read it and delete it. When this throws, the caller deletes it.
     *
     * @param sourceDescription {@code "git <url>@<commit>"}
     * @param createdBy         who asked: {@code "webhook:github:<pusher>"}, {@code "webhook:gitlab:<user>"}, {@code "poll"}, ...
     * @param previewNameOrNull a host-label-safe preview name (see {@link PreviewNames}), or null for the site itself
     */
    DeploymentRef deploy(String domain, Path folder, String sourceDescription, String createdBy, String previewNameOrNull);

    /**
     * Records a deployment that failed before any tree existed (the URL was not reachable, the branch
     * or the path is missing), so the failure is listed with the site's deployments.
     *
     * @param reason a message without credentials, from {@link GitSourceException#getMessage()}
     */
    DeploymentRef fail(String domain, String sourceDescription, String createdBy, String previewNameOrNull, String reason);

    /** A deployment as the core answers: its id and status ({@code building}, {@code ready}, {@code active}, {@code failed}, ...). */
    record DeploymentRef(String id, String status) {
    }
}
