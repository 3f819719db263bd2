package dev.docsassistant.deploy;

import java.util.Locale;

/**
 * Where a deployment's content came from.
 *
 * @param kind  a folder on the server, an uploaded archive or a Git commit
 * @param value the folder's path, the archive's SHA-256, or {@code url@commit}
 */
public record DeploymentSource(Kind kind, String value) {
    public enum Kind {
        FOLDER, ARCHIVE, GIT;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static DeploymentSource folder(java.nio.file.Path path) {
        return new DeploymentSource(Kind.FOLDER, path.toAbsolutePath().normalize().toString());
    }

    public static DeploymentSource archive(String sha256) {
        return new DeploymentSource(Kind.ARCHIVE, sha256);
    }

    public static DeploymentSource git(String url, String commit) {
        return new DeploymentSource(Kind.GIT, url + "@" + commit);
    }
}
