package dev.docsassistant.deploy;

import dev.docsassistant.git.GitDeployer;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The Git source bound to the deployments core: an exported tree becomes a deployment with source
 * kind {@code git} ({@code url@commit}); a source that gave no tree becomes a failed deployment with
 * the reason as its problem. A commit the site (or the same preview) already has, built or building,
 * is not deployed twice: another server of the fleet, or this one before its data directory was
 * emptied, may have deployed it.
 */
public final class GitDeployments implements GitDeployer {
    private static final String PREFIX = "git ";

    private final Deployments deployments;

    public GitDeployments(Deployments deployments) {
        this.deployments = deployments;
    }

    @Override
    public DeploymentRef deploy(String domain, Path folder, String sourceDescription, String createdBy, String previewNameOrNull) {
        DeploymentSource source = source(sourceDescription);
        Optional<String> preview = Optional.ofNullable(previewNameOrNull);
        try {
            Optional<Deployment> same = deployments.list(domain).stream()
                    .filter(d -> d.source().equals(source) && d.preview().equals(preview) && d.status() != DeploymentStatus.FAILED)
                    .filter(d -> preview.isPresent() || d.status() == DeploymentStatus.ACTIVE || d.status() == DeploymentStatus.BUILDING)
                    .findFirst();
            if (same.isPresent()) {
                return ref(same.get());
            }
            return ref(deployments.create(domain, folder, createdBy, source, preview));
        } finally {
            Deployments.deleteTree(folder); // create copied what it keeps
        }
    }

    @Override
    public DeploymentRef fail(String domain, String sourceDescription, String createdBy, String previewNameOrNull, String reason) {
        return ref(deployments.fail(domain, createdBy, source(sourceDescription), Optional.ofNullable(previewNameOrNull), reason));
    }

    /** {@code "git <url>@<commit>"} as the store keeps it: kind git, value {@code <url>@<commit>}. */
    private static DeploymentSource source(String description) {
        return new DeploymentSource(DeploymentSource.Kind.GIT,
                description.startsWith(PREFIX) ? description.substring(PREFIX.length()) : description);
    }

    private static DeploymentRef ref(Deployment d) {
        return new DeploymentRef(d.id(), d.status().wire());
    }
}
