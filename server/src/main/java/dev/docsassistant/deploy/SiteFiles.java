package dev.docsassistant.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The files of a docs folder that make up a deployment, each with its SHA-256: every regular file
 * except hidden ones ({@code .git}, {@code .DS_Store}, …; the files directly in {@code .mintlify/}, which
 * hold the assistant's instructions, and {@code .mintlify/skills/}, the site's skills, do deploy) and {@code node_modules}. A link is taken
 * when it resolves inside the folder.
 */
public final class SiteFiles {
    /**
     * One file: {@code path} relative to the folder with '/' separators; {@code modifiedMs} its
     * modification time (a Git export sets it to the last commit that changed the file).
     */
    public record FileEntry(String path, String sha256, long size, Path file, long modifiedMs) {
    }

    private SiteFiles() {
    }

    /**
     * The folder's files, sorted by path.
     *
     * @throws BadArchiveException (413) when the folder holds more than the limits allow
     */
    public static List<FileEntry> list(Path folder, DeploySettings limits) {
        Path root;
        try {
            root = folder.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read site folder " + folder, e);
        }
        List<FileEntry> files = new ArrayList<>();
        long bytes = 0;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.comparing(Path::toString)).toList()) {
                String rel = root.relativize(p).toString().replace('\\', '/');
                if (rel.isEmpty() || hidden(rel) || !Files.isRegularFile(p) || !p.toRealPath().startsWith(root)) {
                    continue;
                }
                if (files.size() >= limits.maxFiles()) {
                    throw BadArchiveException.tooLarge("the folder holds more than " + limits.maxFiles()
                            + " files (docs-assistant.deployments.max-files)");
                }
                FileEntry entry = hash(rel, p);
                bytes += entry.size();
                if (bytes > limits.maxBytes()) {
                    throw BadArchiveException.tooLarge("the folder holds more than " + limits.maxBytes()
                            + " bytes (docs-assistant.deployments.max-bytes)");
                }
                files.add(entry);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read site folder " + folder, e);
        }
        files.sort(Comparator.comparing(FileEntry::path));
        return files;
    }

    /** SHA-256 over the sorted paths and their hashes: two folders with the same files have the same hash. */
    public static String contentHash(List<FileEntry> files) {
        MessageDigest sha = sha256();
        files.stream().sorted(Comparator.comparing(FileEntry::path)).forEach(f ->
                sha.update((f.path() + "\0" + f.sha256() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        return HexFormat.of().formatHex(sha.digest());
    }

    static boolean hidden(String rel) {
        if (rel.startsWith(".mintlify/") && rel.indexOf('/', ".mintlify/".length()) < 0) {
            return false; // Mintlify's settings folder: the assistant's instructions deploy with the pages
        }
        if (rel.startsWith(".mintlify/skills/") && !rel.substring(".mintlify/".length()).contains("/.")) {
            return false; // the site's skill files (/.well-known/skills/), one folder per skill
        }
        for (String part : rel.split("/")) {
            if (part.startsWith(".") || part.equals("node_modules")) {
                return true;
            }
        }
        return false;
    }

    private static FileEntry hash(String rel, Path file) throws IOException {
        MessageDigest sha = sha256();
        long size;
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
            size = in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return new FileEntry(rel, HexFormat.of().formatHex(sha.digest()), size, file, Files.getLastModifiedTime(file).toMillis());
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
