package dev.docsassistant.transport;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.DataWriter;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Frames the answers to HTTP/1.0 requests ({@link Http10Source}) as HTTP/1.0 allows: Helidon 4.4
 * chunks every answer whose length it does not know (the event streams), and HTTP/1.0 has no chunked
 * coding. Such an answer goes out with its chunk framing taken off, its end marked by the connection
 * closing. The status line stays {@code HTTP/1.1}, which RFC 9110 §2.5 has a 1.1 server send to a
 * 1.0 client. The connection is kept only when the request asked for it and the answer has a length
 * ({@code Connection: keep-alive} is said then, as 1.0 clients expect). The body Helidon writes after
 * the head of a HEAD answer is dropped. Answers on other connections,
 * and interim 1xx answers (a 1.0 client must get none), pass untouched or are dropped.
 */
final class Http10Writer implements DataWriter {
    private static final int MAX_HEAD = 64 * 1024;

    private enum State { IDLE, HEAD, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, LENGTH, TO_CLOSE }

    private final DataWriter writer;
    private final Http10Exchanges exchanges;
    private final Runnable close;
    private State state = State.IDLE;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long left;
    private boolean keepAlive;
    /** The answer to a HEAD request: Helidon 4.4 writes its body all the same, which the client must not get. */
    private boolean dropBody;

    /** @param close ends the connection once an answer that is not kept is out (its body may be close-delimited) */
    Http10Writer(DataWriter writer, Http10Exchanges exchanges, Runnable close) {
        this.writer = writer;
        this.exchanges = exchanges;
        this.close = close;
    }

    @Override
    public void write(BufferData... buffers) {
        for (BufferData buffer : buffers) {
            write(buffer);
        }
    }

    @Override
    public void write(BufferData buffer) {
        send(buffer, false);
    }

    @Override
    public void writeNow(BufferData... buffers) {
        for (BufferData buffer : buffers) {
            writeNow(buffer);
        }
    }

    @Override
    public void writeNow(BufferData buffer) {
        send(buffer, true);
    }

    @Override
    public void flush() {
        writer.flush();
    }

    @Override
    public void close() {
        writer.close();
    }

    private synchronized void send(BufferData buffer, boolean now) {
        if (state == State.IDLE && exchanges.next() == null) {
            pass(buffer, now); // not an answer to an HTTP/1.0 request
            return;
        }
        byte[] in = new byte[buffer.available()];
        buffer.read(in);
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
        boolean ended = false;
        for (int at = 0; at < in.length; ) {
            at = step(in, at, out);
            if (state == State.IDLE) {
                ended |= !keepAlive;
                if (exchanges.next() == null) {
                    out.write(in, at, in.length - at);
                    break;
                }
            }
        }
        if (out.size() > 0) {
            pass(BufferData.create(out.toByteArray()), now);
        }
        if (ended) {
            writer.flush();
            close.run();
        }
    }

    private void pass(BufferData buffer, boolean now) {
        if (now) {
            writer.writeNow(buffer);
        } else {
            writer.write(buffer);
        }
    }

    /** Consumes bytes from {@code at} in the current state, writing what the client gets; returns where it stopped. */
    private int step(byte[] in, int at, ByteArrayOutputStream out) {
        switch (state) {
            case IDLE -> {
                state = State.HEAD;
                line.reset();
                return at;
            }
            case HEAD -> {
                int end = lineEnd(in, at);
                line.write(in, at, end - at);
                if (endsWith("\r\n\r\n")) {
                    String text = line.toString(StandardCharsets.ISO_8859_1);
                    line.reset();
                    head(text, out);
                } else if (line.size() > MAX_HEAD) {
                    throw new IllegalStateException("an answer head longer than " + MAX_HEAD + " bytes");
                }
                return end;
            }
            case CHUNK_DATA, LENGTH -> {
                int n = (int) Math.min(left, in.length - at);
                if (!dropBody) {
                    out.write(in, at, n);
                }
                left -= n;
                if (left == 0) {
                    if (state == State.LENGTH) {
                        finish();
                    } else {
                        state = State.CHUNK_END;
                    }
                }
                return at + n;
            }
            case CHUNK_SIZE, CHUNK_END, TRAILERS -> {
                int end = lineEnd(in, at);
                line.write(in, at, end - at);
                if (!endsWith("\n")) {
                    if (line.size() > MAX_HEAD) {
                        throw new IllegalStateException("a chunk line longer than " + MAX_HEAD + " bytes");
                    }
                    return end;
                }
                String text = line.toString(StandardCharsets.ISO_8859_1);
                line.reset();
                if (state == State.CHUNK_SIZE) {
                    chunkSize(text);
                } else if (state == State.CHUNK_END) {
                    state = State.CHUNK_SIZE; // the CRLF after a chunk's data
                } else if (text.equals("\r\n")) {
                    finish(); // the empty line after the last chunk (trailer fields before it are dropped)
                }
                return end;
            }
            default -> { // TO_CLOSE: the body runs to the connection's end
                if (!dropBody) {
                    out.write(in, at, in.length - at);
                }
                return in.length;
            }
        }
    }

    /** Just past the next LF from {@code at}, or the end of {@code in}. */
    private static int lineEnd(byte[] in, int at) {
        for (int i = at; i < in.length; i++) {
            if (in[i] == '\n') {
                return i + 1;
            }
        }
        return in.length;
    }

    private boolean endsWith(String end) {
        byte[] bytes = line.toByteArray();
        if (bytes.length < end.length()) {
            return false;
        }
        return new String(bytes, bytes.length - end.length(), end.length(), StandardCharsets.ISO_8859_1).equals(end);
    }

    private void head(String head, ByteArrayOutputStream out) {
        String[] lines = head.substring(0, head.length() - 4).split("\r\n", -1);
        int status = lines[0].length() >= 12 ? Integer.parseInt(lines[0].substring(9, 12)) : 500;
        if (status < 200) {
            state = State.HEAD; // interim: never sent to a 1.0 client; the final answer follows
            return;
        }
        Http10Exchanges.Request request = exchanges.next();
        boolean chunked = false;
        boolean length = false;
        StringBuilder rewritten = new StringBuilder(lines[0]).append("\r\n");
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = colon > 0 ? lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT) : "";
            String value = colon > 0 ? lines[i].substring(colon + 1).trim() : "";
            if (name.equals("transfer-encoding") && value.toLowerCase(Locale.ROOT).contains("chunked")) {
                chunked = true;
                continue;
            }
            if (name.equals("content-length")) {
                length = true;
                left = Long.parseLong(value);
            }
            if (!name.equals("connection") && !name.equals("keep-alive")) {
                rewritten.append(lines[i]).append("\r\n");
            }
        }
        boolean bodyless = status == 204 || status == 304;
        dropBody = request.method().equals("HEAD");
        keepAlive = request.keepAlive() && (bodyless || (length && !chunked));
        rewritten.append(keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n").append("\r\n");
        out.writeBytes(rewritten.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (bodyless || (length && !chunked && left == 0)) {
            finish();
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (length) {
            state = State.LENGTH;
        } else {
            state = State.TO_CLOSE;
        }
    }

    private void chunkSize(String sizeLine) {
        String hex = sizeLine.trim();
        int semicolon = hex.indexOf(';');
        left = Long.parseLong(semicolon < 0 ? hex : hex.substring(0, semicolon).trim(), 16);
        state = left == 0 ? State.TRAILERS : State.CHUNK_DATA;
    }

    private void finish() {
        exchanges.answered();
        state = State.IDLE;
        line.reset();
    }
}
