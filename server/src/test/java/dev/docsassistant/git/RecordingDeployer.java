package dev.docsassistant.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deployments core in miniature: every deployment is recorded with what it was given, and takes
 * the exported folder into its own storage (moved, as the contract allows), so the tests read the
 * deployed files after the call.
 */
final class RecordingDeployer implements GitDeployer {
    /** One deployment as recorded; {@code folder} is where its files now are (null when it failed before a tree). */
    record Deployment(String id, String domain, Path folder, String source, String createdBy, String preview,
                      String status, String reason) {
        String read(String file) {
            try {
                return Files.readString(folder.resolve(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    final List<Deployment> deployments = new CopyOnWriteArrayList<>();
    private final Path storage;
    private final AtomicInteger ids = new AtomicInteger();

    RecordingDeployer(Path storage) {
        this.storage = storage;
    }

    @Override
    public DeploymentRef deploy(String domain, Path folder, String sourceDescription, String createdBy, String preview) {
        String id = "dep-" + ids.incrementAndGet();
        try {
            Files.createDirectories(storage);
            Path kept = Files.move(folder, storage.resolve(id));
            deployments.add(new Deployment(id, domain, kept, sourceDescription, createdBy, preview, "building", null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new DeploymentRef(id, "building");
    }

    @Override
    public DeploymentRef fail(String domain, String sourceDescription, String createdBy, String preview, String reason) {
        String id = "dep-" + ids.incrementAndGet();
        deployments.add(new Deployment(id, domain, null, sourceDescription, createdBy, preview, "failed", reason));
        return new DeploymentRef(id, "failed");
    }

    Deployment last() {
        return deployments.getLast();
    }
}
