package dev.docsassistant.assistant.llm;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Splits a UTF-8 byte stream into lines ending in {@code \n}, {@code \r\n} or {@code \r}, as an
 * event stream's may; the last line needs no ending. Splitting on bytes is safe: neither byte occurs
 * inside a multi-byte UTF-8 character. The JDK's line subscriber decodes through a 1,024-character
 * buffer of its own, kept for as long as the response: per answer waiting on a model, that is 2 KB
 * held for nothing; this holds only the line it is reading.
 */
final class Utf8Lines {
    /** A line longer than this does not keep its buffer for the next one. */
    private static final int KEPT_CAPACITY = 8 * 1024;
    private static final byte[] EMPTY = new byte[0];

    private final Consumer<String> lines;
    private byte[] line = EMPTY;
    private int length;
    private boolean afterCr;

    Utf8Lines(Consumer<String> lines) {
        this.lines = lines;
    }

    void feed(ByteBuffer bytes) {
        while (bytes.hasRemaining()) {
            byte b = bytes.get();
            if (afterCr) {
                afterCr = false;
                if (b == '\n') {
                    continue; // the \n of a \r\n
                }
            }
            if (b == '\n' || b == '\r') {
                emit();
                afterCr = b == '\r';
            } else {
                if (length == line.length) {
                    line = Arrays.copyOf(line, Math.max(128, length * 2));
                }
                line[length++] = b;
            }
        }
    }

    /** The body ended: a last line without an ending is a line too. */
    void finish() {
        if (length > 0) {
            emit();
        }
    }

    private void emit() {
        String text = new String(line, 0, length, StandardCharsets.UTF_8);
        length = 0;
        if (line.length > KEPT_CAPACITY) {
            line = EMPTY;
        }
        lines.accept(text);
    }
}
