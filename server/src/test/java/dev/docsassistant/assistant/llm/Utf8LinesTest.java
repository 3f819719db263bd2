package dev.docsassistant.assistant.llm;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class Utf8LinesTest {
    /** The lines of {@code bytes} fed in pieces cut at {@code cuts}. */
    private static List<String> lines(byte[] bytes, int... cuts) {
        List<String> out = new ArrayList<>();
        Utf8Lines lines = new Utf8Lines(out::add);
        int from = 0;
        for (int cut : cuts) {
            lines.feed(ByteBuffer.wrap(Arrays.copyOfRange(bytes, from, cut)));
            from = cut;
        }
        lines.feed(ByteBuffer.wrap(Arrays.copyOfRange(bytes, from, bytes.length)));
        lines.finish();
        return out;
    }

    @Test
    void everyLineEndingAnEventStreamMayUseAndTheBlankLinesBetweenEvents() {
        byte[] stream = "data: {\"a\":1}\n\ndata: b\r\n\r\ndata: c\r\rdata: [DONE]".getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of("data: {\"a\":1}", "", "data: b", "", "data: c", "", "data: [DONE]"), lines(stream));
    }

    @Test
    void piecesMayCutACrLfOrACharacterInTwo() {
        byte[] stream = "data: é€😀\r\nnext\n".getBytes(StandardCharsets.UTF_8);
        List<String> whole = lines(stream);
        assertEquals(List.of("data: é€😀", "next"), whole);
        for (int cut = 1; cut < stream.length; cut++) {
            assertEquals(whole, lines(stream, cut), "cut at byte " + cut);
        }
        int crLf = "data: é€😀".getBytes(StandardCharsets.UTF_8).length + 1; // between \r and \n
        assertEquals(whole, lines(stream, crLf, crLf + 1));
    }

    @Test
    void aLongLineIsWholeAndTheNextStartsAfresh() {
        String longLine = "x".repeat(20_000);
        assertEquals(List.of(longLine, "short"), lines((longLine + "\nshort\n").getBytes(StandardCharsets.UTF_8), 7_000, 14_000));
    }
}
