package dev.docsassistant.git;

import java.nio.file.Path;

/**
 * One commit's tree exported for a deployment.
 *
 * @param commit the full commit id
 * @param folder a fresh folder holding the tree at the settings' {@code path} (docs.json at its top)
 */
public record CheckedOut(String commit, Path folder) {
}
