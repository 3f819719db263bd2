package dev.docsassistant.content;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SectionSplitterTest {
    @Test
    void splitsAtHeadingsWithAnchorsAndHeadingPaths() {
        List<Section> sections = SectionSplitter.split("""
                Lead text.

                ## Listing tools

                Send `tools/list`.

                ```bash
                # not a heading
                ```

                ### Pagination & [cursors](/x)

                Use cursors.

                ## Listing tools

                Again.
                """);
        assertEquals(4, sections.size());
        assertNull(sections.get(0).anchor());
        assertEquals("listing-tools", sections.get(1).anchor());
        assertTrue(sections.get(1).markdown().contains("# not a heading"));
        assertEquals("pagination--cursors", sections.get(2).anchor());
        assertEquals("Listing tools › Pagination & cursors", sections.get(2).headingPath());
        assertEquals("listing-tools-1", sections.get(3).anchor());
    }

    @Test
    void hugeSectionsAreCutIntoChunksSharingTheAnchor() {
        String paragraph = "word ".repeat(200) + "\n\n";
        List<Section> sections = SectionSplitter.split("## Big\n\n" + paragraph.repeat(100));
        assertTrue(sections.size() > 10, "chunks: " + sections.size());
        for (Section s : sections) {
            assertEquals("big", s.anchor());
            assertTrue(s.markdown().length() <= SectionSplitter.MAX_CHUNK_CHARS);
        }
    }

    @Test
    void slugsKeepLettersOfAnyScript() {
        assertEquals("使用自定义触发器", SectionSplitter.slug("使用自定义触发器"));
        assertEquals("gérez-la-configuration", SectionSplitter.slug("Gérez la configuration"));
    }
}
