package dev.docsassistant.deploy;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a tar stream entry by entry (POSIX ustar with pax {@code path}/{@code linkpath} records and GNU
 * long names, which is what {@code tar}, {@code git archive} and our CLI write). Tar is 512-byte
 * headers each followed by the entry's bytes padded to 512: no library needed. A header whose
 * checksum does not add up ends reading with "not a tar archive".
 */
final class TarReader {
    /** Long names and pax records are small; anything larger is not a docs folder. */
    private static final int MAX_META = 64 * 1024;

    enum Type { FILE, DIRECTORY, SYMLINK, HARDLINK, OTHER }

    record Entry(String name, Type type, long size, String linkName) {
    }

    private final InputStream in;
    private long remaining;
    private long padding;
    private boolean first = true;

    TarReader(InputStream in) {
        this.in = in;
    }

    /** The next entry, its bytes readable from {@link #data()} until the following call; null at the end. */
    Entry next() throws IOException {
        skip(remaining + padding);
        remaining = 0;
        padding = 0;
        String longName = null;
        String longLink = null;
        while (true) {
            byte[] header = new byte[512];
            if (!readFully(header)) {
                if (first) {
                    throw BadArchiveException.bad("not a tar archive: it is empty");
                }
                return null; // some writers omit the two closing zero blocks
            }
            if (allZero(header)) {
                return null;
            }
            if (!checksumMatches(header)) {
                throw BadArchiveException.bad(first ? "not a tar archive (the body must be a .tar.gz of the docs folder)"
                        : "the tar archive is corrupt (a header's checksum does not match)");
            }
            first = false;
            long size = number(header, 124, 12);
            char flag = (char) header[156];
            if (flag == 'L' || flag == 'K' || flag == 'x' || flag == 'g') {
                byte[] meta = meta(size);
                switch (flag) {
                    case 'L' -> longName = cString(meta, 0, meta.length);
                    case 'K' -> longLink = cString(meta, 0, meta.length);
                    case 'x' -> {
                        String path = pax(meta, "path");
                        longName = path != null ? path : longName;
                        String link = pax(meta, "linkpath");
                        longLink = link != null ? link : longLink;
                    }
                    default -> { } // global pax headers carry nothing we use
                }
                continue;
            }
            String name = longName;
            if (name == null) {
                String prefix = isUstar(header) ? cString(header, 345, 155) : "";
                String base = cString(header, 0, 100);
                name = prefix.isEmpty() ? base : prefix + "/" + base;
            }
            String link = longLink != null ? longLink : cString(header, 157, 100);
            Type type = switch (flag) {
                case '0', '\0', '7' -> name.endsWith("/") ? Type.DIRECTORY : Type.FILE;
                case '5' -> Type.DIRECTORY;
                case '2' -> Type.SYMLINK;
                case '1' -> Type.HARDLINK;
                default -> Type.OTHER;
            };
            boolean hasData = type == Type.FILE || type == Type.OTHER;
            remaining = hasData ? size : 0;
            padding = hasData ? (512 - size % 512) % 512 : (size + 511) / 512 * 512;
            return new Entry(name, type, hasData ? size : 0, link);
        }
    }

    /** The current entry's bytes. */
    InputStream data() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (remaining <= 0) {
                    return -1;
                }
                int n = in.read(b, off, (int) Math.min(len, remaining));
                if (n < 0) {
                    throw new EOFException("the tar archive ends inside an entry");
                }
                remaining -= n;
                return n;
            }
        };
    }

    private byte[] meta(long size) throws IOException {
        if (size > MAX_META) {
            throw BadArchiveException.bad("the tar archive has a long-name or pax record of " + size + " bytes");
        }
        byte[] meta = new byte[(int) size];
        if (!readFully(meta)) {
            throw new EOFException("the tar archive ends inside a header record");
        }
        skip((512 - size % 512) % 512);
        return meta;
    }

    /** A pax extended header's value for {@code key}: records of "LEN key=value\n". */
    private static String pax(byte[] meta, String key) {
        String text = new String(meta, StandardCharsets.UTF_8);
        String found = null;
        for (String line : text.split("\n")) {
            int space = line.indexOf(' ');
            int eq = line.indexOf('=');
            if (space > 0 && eq > space && line.substring(space + 1, eq).equals(key)) {
                found = line.substring(eq + 1);
            }
        }
        return found;
    }

    private static boolean isUstar(byte[] h) {
        return new String(h, 257, 5, StandardCharsets.US_ASCII).equals("ustar");
    }

    private static boolean checksumMatches(byte[] h) {
        long stored;
        try {
            stored = number(h, 148, 8);
        } catch (BadArchiveException e) {
            return false;
        }
        long sum = 0;
        for (int i = 0; i < 512; i++) {
            sum += (i >= 148 && i < 156) ? ' ' : (h[i] & 0xff);
        }
        return sum == stored;
    }

    /** An octal field, or GNU base-256 when its first byte has the high bit set. */
    private static long number(byte[] h, int offset, int length) {
        if ((h[offset] & 0x80) != 0) {
            long value = h[offset] & 0x7f;
            for (int i = 1; i < length; i++) {
                if (value > (Long.MAX_VALUE >> 8)) {
                    throw BadArchiveException.bad("the tar archive has an impossible entry size");
                }
                value = (value << 8) | (h[offset + i] & 0xff);
            }
            return value;
        }
        String text = new String(h, offset, length, StandardCharsets.US_ASCII).replace('\0', ' ').strip();
        if (text.isEmpty()) {
            return 0;
        }
        try {
            return Long.parseLong(text, 8);
        } catch (NumberFormatException e) {
            throw BadArchiveException.bad("not a tar archive (a header field is not a number)");
        }
    }

    private static String cString(byte[] b, int offset, int length) {
        int end = offset;
        while (end < offset + length && b[end] != 0) {
            end++;
        }
        return new String(b, offset, end - offset, StandardCharsets.UTF_8);
    }

    private static boolean allZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    private boolean readFully(byte[] b) throws IOException {
        int off = 0;
        while (off < b.length) {
            int n = in.read(b, off, b.length - off);
            if (n < 0) {
                if (off == 0) {
                    return false;
                }
                throw new EOFException("the tar archive ends inside a header");
            }
            off += n;
        }
        return true;
    }

    private void skip(long n) throws IOException {
        while (n > 0) {
            long skipped = in.skip(n);
            if (skipped <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("the tar archive ends inside an entry");
                }
                skipped = 1;
            }
            n -= skipped;
        }
    }
}
