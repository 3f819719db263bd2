package dev.docsassistant.deploy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Uploads as an attacker or a careless user makes them: each refused with its status while it is read, nothing written outside. */
class ArchiveUnpackerTest {
    @TempDir
    Path dir;

    private Path target() throws IOException {
        return Files.createDirectories(dir.resolve("staging").resolve("t"));
    }

    private static byte[] tarGz(TarWork work) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TarGzWriter tar = new TarGzWriter(out)) {
            work.write(tar);
        }
        return out.toByteArray();
    }

    interface TarWork {
        void write(TarGzWriter tar) throws IOException;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private BadArchiveException refused(byte[] body, ArchiveFormat format, DeploySettings limits) throws IOException {
        Path target = target();
        BadArchiveException e = assertThrows(BadArchiveException.class,
                () -> ArchiveUnpacker.unpack(new ByteArrayInputStream(body), format, target, limits));
        assertEquals(java.util.Set.of(), outside(target), "nothing lands outside the staging folder");
        return e;
    }

    /** Files under the test folder but outside the staging folder. */
    private java.util.Set<Path> outside(Path target) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return java.util.Set.copyOf(all.filter(Files::isRegularFile).filter(p -> !p.startsWith(target)).toList());
        }
    }

    @Test
    void aFolderUnpacksWithLongNamesAndItsDigest() throws IOException {
        String longName = "guides/" + "a-very-long-folder-name/".repeat(6) + "page.mdx";
        byte[] body = tarGz(tar -> {
            tar.file("docs.json", bytes("{\"name\": \"x\"}"));
            tar.file("index.mdx", bytes("# Hello"));
            tar.file(longName, bytes("# Deep"));
            tar.entry("guides/", '5', "", 0, InputStream.nullInputStream());
            tar.entry("again.mdx", '2', "index.mdx", 0, InputStream.nullInputStream());
        });
        Path target = target();
        ArchiveUnpacker.Unpacked unpacked = ArchiveUnpacker.unpack(new ByteArrayInputStream(body), ArchiveFormat.TAR_GZ, target,
                DeploySettings.DEFAULTS);
        assertEquals(target, unpacked.root());
        assertEquals(4, unpacked.files());
        assertEquals("# Deep", Files.readString(target.resolve(longName)));
        assertEquals("# Hello", Files.readString(target.resolve("again.mdx")), "a link inside the folder becomes a copy");
        assertFalse(Files.isSymbolicLink(target.resolve("again.mdx")));
        assertEquals(64, unpacked.sha256().length());
    }

    @Test
    void aWrappingFolderBecomesTheRoot() throws IOException {
        byte[] body = tarGz(tar -> {
            tar.file("my-docs/docs.json", bytes("{}"));
            tar.file("my-docs/index.mdx", bytes("# Hi"));
        });
        Path target = target();
        assertEquals(target.resolve("my-docs"), ArchiveUnpacker.unpack(new ByteArrayInputStream(body), ArchiveFormat.TAR_GZ,
                target, DeploySettings.DEFAULTS).root());
    }

    @Test
    void dotDotAbsoluteAndEscapingLinksAreRefused() throws IOException {
        assertEquals(400, refused(tarGz(tar -> tar.file("../evil.mdx", bytes("x"))), ArchiveFormat.TAR_GZ, DeploySettings.DEFAULTS).status());
        assertEquals(400, refused(tarGz(tar -> tar.file("guides/../../evil.mdx", bytes("x"))), ArchiveFormat.TAR_GZ,
                DeploySettings.DEFAULTS).status());
        BadArchiveException absolute = refused(tarGz(tar -> tar.file("/tmp/evil.mdx", bytes("x"))), ArchiveFormat.TAR_GZ,
                DeploySettings.DEFAULTS);
        assertTrue(absolute.getMessage().contains("absolute"), absolute.getMessage());
        BadArchiveException link = refused(tarGz(tar -> {
            tar.file("docs.json", bytes("{}"));
            tar.entry("guides/passwd.mdx", '2', "../../etc/passwd", 0, InputStream.nullInputStream());
        }), ArchiveFormat.TAR_GZ, DeploySettings.DEFAULTS);
        assertTrue(link.getMessage().contains("points outside"), link.getMessage());
        assertEquals(400, refused(tarGz(tar -> tar.entry("x.mdx", '2', "/etc/passwd", 0, InputStream.nullInputStream())),
                ArchiveFormat.TAR_GZ, DeploySettings.DEFAULTS).status());
        assertEquals(400, refused(tarGz(tar -> tar.entry("x.mdx", '1', "../outside", 0, InputStream.nullInputStream())),
                ArchiveFormat.TAR_GZ, DeploySettings.DEFAULTS).status());
        // A link then a file through it: with no link ever created on disk, the file stays inside.
        byte[] through = tarGz(tar -> {
            tar.entry("out", '2', "..", 0, InputStream.nullInputStream());
            tar.file("out/evil.mdx", bytes("x"));
        });
        assertEquals(400, refused(through, ArchiveFormat.TAR_GZ, DeploySettings.DEFAULTS).status());

        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(zip)) {
            z.putNextEntry(new ZipEntry("../../evil.mdx"));
            z.write(bytes("x"));
        }
        assertEquals(400, refused(zip.toByteArray(), ArchiveFormat.ZIP, DeploySettings.DEFAULTS).status());
    }

    @Test
    void somethingElseThanAnArchiveIsRefused() throws IOException {
        BadArchiveException notGzip = refused(bytes("hello, this is not an archive"), ArchiveFormat.TAR_GZ, DeploySettings.DEFAULTS);
        assertEquals(400, notGzip.status());
        assertTrue(notGzip.getMessage().contains("not a gzip file"), notGzip.getMessage());
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(gz)) {
            g.write(bytes("plain text, gzipped, no tar headers at all ".repeat(40)));
        }
        BadArchiveException notTar = refused(gz.toByteArray(), ArchiveFormat.TAR_GZ, DeploySettings.DEFAULTS);
        assertTrue(notTar.getMessage().contains("not a tar archive"), notTar.getMessage());
        BadArchiveException notZip = refused(bytes("PK? no"), ArchiveFormat.ZIP, DeploySettings.DEFAULTS);
        assertTrue(notZip.getMessage().contains("not a zip archive"), notZip.getMessage());
        assertEquals(400, refused(new byte[0], ArchiveFormat.ZIP, DeploySettings.DEFAULTS).status());
    }

    @Test
    void moreFilesOrBytesThanTheLimitsAreRefused() throws IOException {
        DeploySettings three = new DeploySettings(3, 1 << 20, 200, 1 << 20, Duration.ofSeconds(1));
        BadArchiveException files = refused(tarGz(tar -> {
            for (int i = 0; i < 4; i++) {
                tar.file("p" + i + ".mdx", bytes("x"));
            }
        }), ArchiveFormat.TAR_GZ, three);
        assertEquals(413, files.status());
        assertTrue(files.getMessage().contains("max-files"), files.getMessage());
        DeploySettings small = new DeploySettings(100, 1000, 1000, 1 << 20, Duration.ofSeconds(1));
        BadArchiveException bytes = refused(tarGz(tar -> tar.file("big.mdx", new byte[2000])), ArchiveFormat.TAR_GZ, small);
        assertEquals(413, bytes.status());
        assertTrue(bytes.getMessage().contains("max-bytes"), bytes.getMessage());
        DeploySettings smallUpload = new DeploySettings(100, 1 << 20, 1000, 100, Duration.ofSeconds(1));
        byte[] random = new byte[5000];
        new java.util.Random(1).nextBytes(random);
        assertEquals(413, refused(tarGz(tar -> tar.file("noise.bin", random)), ArchiveFormat.TAR_GZ, smallUpload).status());
    }

    /**
     * A 1 GiB tar.gz bomb (about 1 MiB uploaded): refused at once for its declared size with the
     * default limits, and, with the byte limit raised past it, by its ratio after a few MiB of output,
     * having read a sliver of the upload.
     */
    @Test
    void aGigabyteBombIsRefusedWhileItIsRead() throws IOException {
        long size = 1L << 30;
        BadArchiveException declared = assertThrows(BadArchiveException.class, () -> ArchiveUnpacker.unpack(bomb(size, new long[1]),
                ArchiveFormat.TAR_GZ, target(), DeploySettings.DEFAULTS));
        assertEquals(413, declared.status());

        DeploySettings roomy = new DeploySettings(20_000, 4L << 30, 200, 256L << 20, Duration.ofSeconds(1));
        long[] read = new long[1];
        Path target = target();
        BadArchiveException ratio = assertThrows(BadArchiveException.class,
                () -> ArchiveUnpacker.unpack(bomb(size, read), ArchiveFormat.TAR_GZ, target, roomy));
        assertEquals(413, ratio.status());
        assertTrue(ratio.getMessage().contains("max-ratio"), ratio.getMessage());
        assertTrue(read[0] < 64 * 1024, "a sliver of the upload was read: " + read[0]);
        try (Stream<Path> files = Files.walk(target)) {
            long written = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
            assertTrue(written < 8 << 20, "a few MiB written at most: " + written);
        }
    }

    @Test
    void aZipBombIsRefusedByItsRatio() throws IOException {
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(zip)) {
            z.setLevel(9);
            z.putNextEntry(new ZipEntry("zeros.mdx"));
            byte[] mib = new byte[1 << 20];
            for (int i = 0; i < 64; i++) {
                z.write(mib);
            }
        }
        BadArchiveException e = refused(zip.toByteArray(), ArchiveFormat.ZIP, DeploySettings.DEFAULTS);
        assertEquals(413, e.status());
        assertTrue(e.getMessage().contains("max-ratio"), e.getMessage());
    }

    /** A tar.gz of one file of {@code size} zero bytes, made of repeated gzip members (cheap to make, 1 KiB per MiB). */
    private static InputStream bomb(long size, long[] read) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(head)) {
            ByteArrayOutputStream tar = new ByteArrayOutputStream();
            TarGzWriterAccess.header(tar, "zeros.mdx", size);
            g.write(tar.toByteArray());
        }
        ByteArrayOutputStream member = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(member)) {
            g.write(new byte[1 << 20]);
        }
        int members = (int) (size >> 20);
        Stream<InputStream> parts = Stream.concat(Stream.of(new ByteArrayInputStream(head.toByteArray())),
                Stream.generate(() -> (InputStream) new ByteArrayInputStream(member.toByteArray())).limit(members));
        InputStream all = new SequenceInputStream(Collections.enumeration(parts.toList()));
        return new FilterInputStream(all) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                read[0] += Math.max(0, n);
                return n;
            }
        };
    }

    /** The 512-byte header of a tar file entry, as {@link TarGzWriter} writes it, without its body. */
    private static final class TarGzWriterAccess {
        static void header(ByteArrayOutputStream out, String name, long size) throws IOException {
            ByteArrayOutputStream gz = new ByteArrayOutputStream();
            try (TarGzWriter w = new TarGzWriter(gz)) {
                w.entry(name, '0', "", 0, InputStream.nullInputStream());
            }
            byte[] header = java.util.Arrays.copyOf(new java.util.zip.GZIPInputStream(new ByteArrayInputStream(gz.toByteArray()))
                    .readAllBytes(), 512);
            String octal = String.format("%011o", size) + "\0";
            System.arraycopy(octal.getBytes(StandardCharsets.US_ASCII), 0, header, 124, 12);
            java.util.Arrays.fill(header, 148, 156, (byte) ' ');
            long sum = 0;
            for (byte b : header) {
                sum += b & 0xff;
            }
            System.arraycopy((String.format("%06o", sum) + "\0 ").getBytes(StandardCharsets.US_ASCII), 0, header, 148, 8);
            out.write(header);
        }
    }
}
