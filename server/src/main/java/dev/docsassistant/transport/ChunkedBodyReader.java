package dev.docsassistant.transport;

import io.helidon.common.buffers.DataReader;
import io.helidon.http.DirectHandler;
import io.helidon.http.RequestException;
import io.helidon.http.Status;

import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The byte reader Helidon 4.4's HTTP/1.1 connection reads through, which reads a chunked body's
 * framing the way RFC 9112 §7.1 has it. Helidon reads each chunk-size line with {@link #readLine()}
 * (its only caller) and takes the whole line for hex, so a legal extension ({@code 5;name=value})
 * failed; after the last chunk it wants an empty line, so a legal trailer field failed too. Here a
 * size line loses its extensions (at most {@value #MAX_SIZE_LINE} bytes in all) and the trailer
 * section (at most {@value #MAX_TRAILERS} bytes) is read and dropped, on every route alike. A line
 * that breaks the grammar is handed over as it is, so Helidon refuses it as before (a 400).
 */
final class ChunkedBodyReader extends DataReader {
    static final int MAX_SIZE_LINE = 1024;
    static final int MAX_TRAILERS = 16 * 1024;
    private static final String TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
    /** Lines are read as US-ASCII: a byte above 0x7F arrives as U+FFFD, hence that range for obs-text. */
    private static final String QUOTED = "\"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\uFFFD]|\\\\[\\t \\x21-\\x7E\\x80-\\uFFFD])*\"";
    private static final Pattern SIZE_LINE = Pattern.compile("([0-9A-Fa-f]+)(?:[ \\t]*;[ \\t]*" + TOKEN
            + "(?:[ \\t]*=[ \\t]*(?:" + TOKEN + "|" + QUOTED + "))?)*");
    private static final Pattern TRAILER_FIELD = Pattern.compile(TOKEN + ":[\\t \\x21-\\x7E\\x80-\\uFFFD]*");
    private static final Pattern ZEROS = Pattern.compile("0+");

    /** The last chunk's size was read: the next line Helidon asks for ends the trailer section. */
    private boolean lastChunkRead;

    /** @param source the connection's bytes ({@link Http10Source}: blocks for the socket; EOF throws as it did for Helidon) */
    ChunkedBodyReader(Supplier<byte[]> source) {
        super(source);
    }

    @Override
    public String readLine() {
        if (lastChunkRead) {
            lastChunkRead = false;
            skipTrailers();
            return "";
        }
        String line = line(MAX_SIZE_LINE, "request body is not valid chunked encoding: a chunk size line is longer than "
                + MAX_SIZE_LINE + " bytes");
        Matcher size = SIZE_LINE.matcher(line);
        if (!size.matches()) {
            return line;
        }
        lastChunkRead = ZEROS.matcher(size.group(1)).matches();
        return size.group(1);
    }

    /** Reads trailer fields up to the empty line that ends them; their values are not used. */
    private void skipTrailers() {
        int left = MAX_TRAILERS;
        while (true) {
            String field = line(left, "request body is not valid chunked encoding: its trailer fields exceed "
                    + MAX_TRAILERS + " bytes");
            if (field.isEmpty()) {
                return;
            }
            if (!TRAILER_FIELD.matcher(field).matches()) {
                throw refused("request body is not valid chunked encoding: a trailer field must be 'name: value'");
            }
            left -= field.length() + 2;
        }
    }

    /** The next line (without its CRLF), refused when longer than {@code max} bytes. */
    private String line(int max, String tooLong) {
        int end = findNewLine(max + 1);
        if (end > max) {
            throw refused(tooLong);
        }
        String line = readAsciiString(end);
        skip(2);
        return line;
    }

    private static RequestException refused(String message) {
        return RequestException.builder().type(DirectHandler.EventType.BAD_REQUEST).status(Status.BAD_REQUEST_400)
                .message(message).safeMessage(true).setKeepAlive(false).build();
    }
}
