package dev.docsassistant.git;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The last commit deployed from each site's branch, one small file per branch under
 * {@code <data-dir>/git/<domain>/deployed/}, so a redelivered webhook or the first poll after a restart
 * does not deploy the same commit again.
 */
public final class DeployedCommits {
    private final Path root;

    /** @param root {@code <data-dir>/git} */
    public DeployedCommits(Path root) {
        this.root = root;
    }

    public Optional<String> last(String domain, String branch) {
        Path file = file(domain, branch);
        try {
            return Files.exists(file) ? Optional.of(Files.readString(file).strip()).filter(s -> !s.isEmpty()) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void record(String domain, String branch, String commit) {
        Path file = file(domain, branch);
        try {
            Files.createDirectories(file.getParent());
            Path written = Files.createTempFile(file.getParent(), ".commit", ".tmp");
            Files.writeString(written, commit + "\n");
            Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Forgets every commit deployed for {@code domain}: for a site created again under the same name, or
     * one whose deployments the store no longer has, so its branch head is deployed again.
     */
    public void forget(String domain) {
        file(domain, "x"); // checks the domain
        GitCheckout.delete(root.resolve(domain).resolve("deployed"));
    }

    private Path file(String domain, String branch) {
        if (!domain.matches("[a-z0-9][a-z0-9-]{0,62}")) {
            throw new IllegalArgumentException("not a site domain: " + domain);
        }
        // Branch names hold '/', so the file name is the branch URL-encoded (it cannot then hold a separator).
        return root.resolve(domain).resolve("deployed").resolve(URLEncoder.encode(branch, StandardCharsets.UTF_8));
    }
}
