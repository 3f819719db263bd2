package dev.docsassistant.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * The secrets of the page keys a server made, one file per site in {@code DATA_DIR/page-keys/}
 * (readable by its owner only), so a restart embeds the same key again instead of making a new one:
 * pages open in browsers keep working, and the keys page lists one page key per site. The store keeps
 * only hashes, so this is where the secret lives between starts; page keys are public anyway (every
 * page of the site shows its key).
 */
final class KeptPageKeys {
    private final Path dir;

    KeptPageKeys(Path dir) {
        this.dir = dir;
    }

    Optional<String> read(String domain) {
        Path file = dir.resolve(domain);
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip())
                    .filter(KeyHasher::wellFormed) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // unreadable: a new key is made, as on a first start
        }
    }

    /** A site deleted at run time: a site created later under its name gets a key of its own. */
    void delete(String domain) {
        try {
            Files.deleteIfExists(dir.resolve(domain));
        } catch (IOException e) {
            // its key is revoked in the store already: a kept secret of a revoked key is replaced on use
        }
    }

    void write(String domain, String secret) {
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, domain, ".tmp");
            try {
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: the data directory's own permissions protect it
            }
            Files.writeString(tmp, secret + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve(domain), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the page key of site " + domain + " in " + dir + ": " + e.getMessage(), e);
        }
    }
}
