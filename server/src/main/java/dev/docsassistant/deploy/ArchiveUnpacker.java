package dev.docsassistant.deploy;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

/**
 * Unpacks an uploaded {@code .tar.gz} or {@code .zip} of a docs folder into an empty staging folder,
 * checking every limit while it reads: entry names that would leave the folder, links pointing out
 * of it, more files or bytes than {@link DeploySettings} allow, an unpacked-to-uploaded ratio that
 * only a bomb reaches. Nothing is ever written outside the staging folder, and no link is created on
 * disk: a link inside the folder becomes a copy of the file it names.
 */
public final class ArchiveUnpacker {
    /** Ratios are judged only past this much output: small archives of text compress well. */
    private static final long RATIO_GRACE = 1L << 20;

    /**
     * What was unpacked.
     *
     * @param sha256 the SHA-256 of the upload as received (the deployment's source)
     * @param root   the site folder: the staging folder, or its one top-level folder when the archive wraps one
     */
    public record Unpacked(String sha256, Path root, int files, long bytes) {
    }

    private final DeploySettings limits;
    private final Path target;
    private final Map<String, String> links = new LinkedHashMap<>();
    private CountingInput upload;
    private int files;
    private long bytes;

    private ArchiveUnpacker(DeploySettings limits, Path target) {
        this.limits = limits;
        this.target = target;
    }

    /**
     * Unpacks {@code body} into {@code target} (an empty folder).
     *
     * @throws BadArchiveException when the body is not a safe archive within the limits
     */
    public static Unpacked unpack(InputStream body, ArchiveFormat format, Path target, DeploySettings limits) {
        return new ArchiveUnpacker(limits, target).run(body, format);
    }

    private Unpacked run(InputStream body, ArchiveFormat format) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        upload = new CountingInput(new DigestInputStream(body, sha), limits.maxUploadBytes());
        try {
            if (format == ArchiveFormat.TAR_GZ) {
                untar(upload);
            } else {
                unzip(upload);
            }
            upload.transferTo(OutputStream.nullOutputStream()); // the digest covers the whole upload
            resolveLinks();
        } catch (ZipException e) {
            throw BadArchiveException.bad((format == ArchiveFormat.TAR_GZ ? "not a gzip file" : "not a zip archive")
                    + " (the body must be a " + (format == ArchiveFormat.TAR_GZ ? ".tar.gz" : ".zip")
                    + " of the docs folder): " + e.getMessage());
        } catch (java.io.EOFException e) {
            throw BadArchiveException.bad("the archive is truncated: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (files == 0) {
            throw BadArchiveException.bad("the archive holds no files");
        }
        return new Unpacked(HexFormat.of().formatHex(sha.digest()), root(), files, bytes);
    }

    private void untar(InputStream raw) throws IOException {
        // A small inflater buffer: the ratio is judged against the upload read so far, which it keeps close to what was inflated.
        TarReader tar = new TarReader(new GZIPInputStream(raw, 8 * 1024));
        for (TarReader.Entry e = tar.next(); e != null; e = tar.next()) {
            String path = ArchivePath.of(e.name());
            switch (e.type()) {
                case FILE -> {
                    if (!path.isEmpty()) {
                        write(path, e.size(), tar.data());
                    }
                }
                case SYMLINK -> links.put(path, ArchivePath.linkTarget(path, e.linkName(), true));
                case HARDLINK -> links.put(path, ArchivePath.linkTarget(path, ArchivePath.of(e.linkName()), false));
                case DIRECTORY, OTHER -> checkDeclared(e.size()); // devices and fifos: skipped, not trusted with a size
            }
        }
    }

    private void unzip(InputStream raw) throws IOException {
        ZipInputStream zip = new ZipInputStream(raw); // not closed: the rest of the upload is still digested
        {
            boolean any = false;
            for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
                any = true;
                String path = ArchivePath.of(e.getName());
                if (!e.isDirectory() && !path.isEmpty()) {
                    write(path, e.getSize(), zip);
                }
            }
            if (!any) {
                throw BadArchiveException.bad("not a zip archive (the body must be a .zip of the docs folder)");
            }
        }
    }

    private void write(String path, long declared, InputStream data) throws IOException {
        if (++files > limits.maxFiles()) {
            throw BadArchiveException.tooLarge("the archive holds more than " + limits.maxFiles()
                    + " files (docs-assistant.deployments.max-files)");
        }
        checkDeclared(declared);
        Path file = target.resolve(path).normalize();
        if (!file.startsWith(target)) {
            throw BadArchiveException.bad("archive entry '" + ArchivePath.printable(path) + "' lands outside the folder");
        }
        if (Files.isDirectory(file)) {
            throw BadArchiveException.bad("archive entry '" + ArchivePath.printable(path) + "' is both a file and a folder");
        }
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            byte[] buffer = new byte[64 * 1024];
            for (int n = data.read(buffer); n >= 0; n = data.read(buffer)) {
                count(n);
                out.write(buffer, 0, n);
            }
        }
    }

    private void checkDeclared(long declared) {
        if (declared > 0 && bytes + declared > limits.maxBytes()) {
            throw tooManyBytes();
        }
    }

    private void count(long n) {
        bytes += n;
        if (bytes > limits.maxBytes()) {
            throw tooManyBytes();
        }
        if (bytes > RATIO_GRACE && bytes > (long) limits.maxRatio() * Math.max(1, upload.count())) {
            throw BadArchiveException.tooLarge("the archive unpacks to more than " + limits.maxRatio()
                    + " times its size: refused as a compression bomb (docs-assistant.deployments.max-ratio)");
        }
    }

    private BadArchiveException tooManyBytes() {
        return BadArchiveException.tooLarge("the archive unpacks to more than " + limits.maxBytes()
                + " bytes (docs-assistant.deployments.max-bytes)");
    }

    /** Links become copies of regular files inside the folder; links to folders or to nothing are left out. */
    private void resolveLinks() throws IOException {
        for (Map.Entry<String, String> link : links.entrySet()) {
            Path to = target.resolve(link.getValue()).normalize();
            Path at = target.resolve(link.getKey()).normalize();
            if (!to.startsWith(target) || !at.startsWith(target) || link.getKey().isEmpty()) {
                throw BadArchiveException.bad("link '" + ArchivePath.printable(link.getKey()) + "' points outside the folder");
            }
            if (Files.isRegularFile(to, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !Files.exists(at)) {
                if (++files > limits.maxFiles()) {
                    throw BadArchiveException.tooLarge("the archive holds more than " + limits.maxFiles()
                            + " files (docs-assistant.deployments.max-files)");
                }
                count(Files.size(to));
                Files.createDirectories(at.getParent());
                Files.copy(to, at);
            }
        }
    }

    /** The folder holding docs.json: the staging folder, or the single folder an archive wrapped the docs in. */
    private Path root() {
        if (Files.isRegularFile(target.resolve("docs.json"))) {
            return target;
        }
        try (var children = Files.list(target)) {
            var all = children.toList();
            if (all.size() == 1 && Files.isDirectory(all.getFirst()) && Files.isRegularFile(all.getFirst().resolve("docs.json"))) {
                return all.getFirst();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return target;
    }

    /** Counts the upload's bytes and refuses more than the limit. */
    private static final class CountingInput extends FilterInputStream {
        private final long limit;
        private long count;

        CountingInput(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                add(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                add(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            byte[] buffer = new byte[(int) Math.min(8192, Math.max(1, n))];
            int read = read(buffer, 0, (int) Math.min(buffer.length, n));
            return Math.max(0, read);
        }

        private void add(long n) {
            count += n;
            if (count > limit) {
                throw BadArchiveException.tooLarge("the upload is larger than " + limit
                        + " bytes (docs-assistant.deployments.max-upload-bytes)");
            }
        }
    }
}
