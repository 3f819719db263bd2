package dev.docsassistant.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a {@code .tar.gz} (POSIX ustar, a pax {@code path} record for names longer than 100 bytes):
 * what {@code docs-assistant deploy} uploads, and what {@link TarReader} reads.
 */
public final class TarGzWriter implements AutoCloseable {
    private final OutputStream out;

    public TarGzWriter(OutputStream target) throws IOException {
        this.out = new GZIPOutputStream(target, 64 * 1024);
    }

    /**
     * Packs the deployable files of {@code folder} ({@link SiteFiles#list}).
     *
     * @return the files packed
     */
    public static List<SiteFiles.FileEntry> pack(Path folder, OutputStream target, DeploySettings limits) throws IOException {
        List<SiteFiles.FileEntry> files = SiteFiles.list(folder, limits);
        try (TarGzWriter tar = new TarGzWriter(target)) {
            for (SiteFiles.FileEntry f : files) {
                try (InputStream in = Files.newInputStream(f.file())) {
                    tar.entry(f.path(), '0', "", f.size(), in);
                }
            }
        }
        return files;
    }

    /** A regular file. */
    public void file(String name, byte[] content) throws IOException {
        entry(name, '0', "", content.length, new java.io.ByteArrayInputStream(content));
    }

    /**
     * Any entry, as given: tests use it to write what a hostile archive holds.
     *
     * @param type the ustar type flag ('0' file, '2' symbolic link, '1' hard link, '5' folder)
     */
    public void entry(String name, char type, String linkName, long size, InputStream content) throws IOException {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        if (nameBytes.length > 100) {
            byte[] record = paxRecord("path", name);
            out.write(header("././@PaxHeader", 'x', "", record.length));
            out.write(record);
            pad(record.length);
        }
        out.write(header(nameBytes.length > 100 ? name.substring(0, 50).replace('/', '_') : name, type, linkName, size));
        long copied = content.transferTo(out);
        if (copied != size) {
            throw new IOException(name + " changed while it was packed (" + copied + " bytes, expected " + size + ")");
        }
        pad(size);
    }

    private static byte[] paxRecord(String key, String value) {
        String body = " " + key + "=" + value + "\n";
        int length = body.getBytes(StandardCharsets.UTF_8).length;
        int total = length + String.valueOf(length).length();
        if (String.valueOf(total).length() != String.valueOf(length).length()) {
            total++;
        }
        return (total + body).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] header(String name, char type, String linkName, long size) {
        byte[] h = new byte[512];
        put(h, 0, 100, name.getBytes(StandardCharsets.UTF_8));
        put(h, 100, 8, octal(type == '5' ? 0755 : 0644, 7));
        put(h, 108, 8, octal(0, 7));
        put(h, 116, 8, octal(0, 7));
        put(h, 124, 12, octal(size, 11));
        put(h, 136, 12, octal(System.currentTimeMillis() / 1000, 11));
        h[156] = (byte) type;
        put(h, 157, 100, linkName.getBytes(StandardCharsets.UTF_8));
        put(h, 257, 6, "ustar\0".getBytes(StandardCharsets.US_ASCII));
        put(h, 263, 2, "00".getBytes(StandardCharsets.US_ASCII));
        Arrays.fill(h, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : h) {
            sum += b & 0xff;
        }
        put(h, 148, 8, (String.format("%06o", sum) + "\0 ").getBytes(StandardCharsets.US_ASCII));
        return h;
    }

    private static byte[] octal(long value, int digits) {
        return (String.format("%0" + digits + "o", value) + "\0").getBytes(StandardCharsets.US_ASCII);
    }

    private static void put(byte[] h, int offset, int length, byte[] value) {
        System.arraycopy(value, 0, h, offset, Math.min(length, value.length));
    }

    private void pad(long size) throws IOException {
        int padding = (int) ((512 - size % 512) % 512);
        out.write(new byte[padding]);
    }

    @Override
    public void close() throws IOException {
        out.write(new byte[1024]);
        out.close();
    }
}
