package dev.docsassistant.transport;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.DataReader;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bytes of a connection as Helidon 4.4's HTTP/1.1 connection reads them, with HTTP/1.0 requests
 * made readable: Helidon answers every {@code HTTP/1.0} request line with 505. A connection whose
 * first request line is HTTP/1.0 has each request head rewritten before Helidon reads it: the
 * version becomes 1.1, a missing {@code Host} becomes the address the client connected to, and the
 * connection closes after the answer ({@code Connection: close}) unless the request asked for
 * {@code keep-alive}. Bodies pass as they are (a 1.0 body has a {@code Content-Length}, which is how
 * the next head is found). Other connections pass untouched. {@link Http10Writer} frames the answers.
 */
final class Http10Source implements Supplier<byte[]> {
    /** A line before the first CRLF that ends so is HTTP/1.0 to Helidon, whatever precedes (Helidon judges that). */
    private static final Pattern REQUEST_LINE = Pattern.compile("(.+) HTTP/1\\.0", Pattern.DOTALL);
    private static final Pattern LENGTH = Pattern.compile("[0-9]{1,18}");
    /** Longer heads are Helidon's to refuse (its limits are 4 KiB for the line, 16 KiB for the fields). */
    private static final int MAX_HEAD = 24 * 1024;
    private static final byte[] HEAD_END = {'\r', '\n', '\r', '\n'};

    private enum Mode { FIRST, HEAD, BODY, RAW }

    private final DataReader source;
    private final String authority;
    private final Http10Exchanges exchanges;
    private Mode mode = Mode.FIRST;
    private long bodyLeft;

    /**
     * @param source    the connection's own reader, already holding the bytes Helidon read to pick the protocol
     * @param authority the address the client connected to, as a {@code Host} value
     */
    Http10Source(DataReader source, String authority, Http10Exchanges exchanges) {
        this.source = source;
        this.authority = authority;
        this.exchanges = exchanges;
    }

    @Override
    public byte[] get() {
        source.ensureAvailable(); // blocks for the socket; EOF throws as it did for Helidon
        if (mode == Mode.FIRST) {
            mode = firstLineIsHttp10() ? Mode.HEAD : Mode.RAW;
        }
        return switch (mode) {
            case HEAD -> head();
            case BODY -> body();
            default -> source.readBytes(source.available());
        };
    }

    private boolean firstLineIsHttp10() {
        while (true) {
            byte[] seen = peek();
            int end = indexOf(seen, HEAD_END, 0, 2);
            if (end >= 0) {
                return REQUEST_LINE.matcher(new String(seen, 0, end, StandardCharsets.ISO_8859_1)).matches();
            }
            if (seen.length > MAX_HEAD || indexOf(seen, HEAD_END, 1, 1) >= 0) {
                return false; // no line Helidon would read as a request line: its answer as before
            }
            source.pullData();
        }
    }

    /** The next request head, whole, rewritten when it is HTTP/1.0. */
    private byte[] head() {
        byte[] seen = peek();
        int end;
        while ((end = indexOf(seen, HEAD_END, 0, 4)) < 0) {
            if (seen.length > MAX_HEAD) {
                mode = Mode.RAW;
                return source.readBytes(source.available());
            }
            source.pullData();
            seen = peek();
        }
        byte[] head = source.readBytes(end + 4);
        String text = new String(head, 0, end, StandardCharsets.ISO_8859_1);
        List<String> lines = List.of(text.split("\r\n", -1));
        Matcher requestLine = REQUEST_LINE.matcher(lines.getFirst());
        if (!requestLine.matches()) {
            mode = Mode.RAW; // an HTTP/1.1 request after all: from here on, Helidon reads as it would
            return head;
        }
        return rewrite(requestLine, lines).getBytes(StandardCharsets.ISO_8859_1);
    }

    private String rewrite(Matcher requestLine, List<String> lines) {
        boolean host = false;
        boolean keepAlive = false;
        boolean transferEncoding = false;
        List<String> lengths = new ArrayList<>();
        StringBuilder out = new StringBuilder(requestLine.group(1)).append(" HTTP/1.1\r\n");
        for (String line : lines.subList(1, lines.size())) {
            int colon = line.indexOf(':');
            String name = colon > 0 ? line.substring(0, colon).toLowerCase(Locale.ROOT) : "";
            String value = colon > 0 ? line.substring(colon + 1).trim() : "";
            switch (name) {
                case "host" -> host = true;
                case "transfer-encoding" -> transferEncoding = true;
                case "content-length" -> lengths.add(value);
                case "connection" -> keepAlive |= List.of(value.toLowerCase(Locale.ROOT).split("\\s*,\\s*")).contains("keep-alive");
                default -> {
                }
            }
            // Connection and Keep-Alive are this hop's, said again below; HTTP/1.0 has no Upgrade.
            if (!name.equals("connection") && !name.equals("keep-alive") && !name.equals("upgrade")) {
                out.append(line).append("\r\n");
            }
        }
        if (!host) {
            out.append("Host: ").append(authority).append("\r\n");
        }
        // A 1.0 message with Transfer-Encoding has faulty framing (RFC 9112 §6.1): never keep its connection.
        keepAlive &= !transferEncoding;
        out.append(keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n").append("\r\n");
        exchanges.add(new Http10Exchanges.Request(requestLine.group(1).split(" ", 2)[0], keepAlive));
        boolean oneLength = !lengths.isEmpty() && lengths.stream().distinct().count() == 1 && LENGTH.matcher(lengths.getFirst()).matches();
        if (transferEncoding || (!lengths.isEmpty() && !oneLength)) {
            mode = Mode.RAW; // Helidon (or the framing filter) refuses or reads it, and the connection closes after
        } else if (oneLength && Long.parseLong(lengths.getFirst()) > 0) {
            mode = Mode.BODY;
            bodyLeft = Long.parseLong(lengths.getFirst());
        } else {
            mode = Mode.HEAD;
        }
        return out.toString();
    }

    private byte[] body() {
        int n = (int) Math.min(source.available(), bodyLeft);
        bodyLeft -= n;
        if (bodyLeft == 0) {
            mode = Mode.HEAD;
        }
        return source.readBytes(n);
    }

    /** The bytes the source holds, left in it. */
    private byte[] peek() {
        BufferData held = source.getBuffer(source.available());
        byte[] bytes = new byte[held.available()];
        held.read(bytes);
        return bytes;
    }

    /** Where {@code length} bytes of {@code end} from {@code from} first occur in {@code bytes}, or -1. */
    private static int indexOf(byte[] bytes, byte[] end, int from, int length) {
        outer:
        for (int i = 0; i + length <= bytes.length; i++) {
            for (int k = 0; k < length; k++) {
                if (bytes[i + k] != end[from + k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
