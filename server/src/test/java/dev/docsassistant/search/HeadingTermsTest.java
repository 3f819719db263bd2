package dev.docsassistant.search;

import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** A section's heading terms: analysed as a query's are, once per index version, and matched against a query's. */
class HeadingTermsTest {
    @TempDir
    Path dir;

    private List<IndexedSection> sections() {
        SiteContent site = SiteReader.read(new TestSites(dir).file("docs.json", "{\"navigation\": {\"pages\": [\"retries\"]}}")
                .page("retries", "Calls are retried.\n\n## Retry schedule\n\nEvery 5 seconds.\n\n## Untitled\n\nMore.",
                        "title: How do I configure retries")
                .dir());
        return SiteIndex.sections(site, site.pages());
    }

    @Test
    void aLeadSectionReadsItsPageTitleAndAnotherItsHeadingWithoutQuestionWords() {
        List<IndexedSection> sections = sections();
        HeadingTerms terms = new HeadingTerms(sections);
        assertArrayEquals(new String[] {"configur", "retri"}, terms.of(0));
        assertArrayEquals(new String[] {"retri", "schedul"}, terms.of(1));
    }

    @Test
    void eachHeadingIsAnalysedOnceAndKept() {
        HeadingTerms terms = new HeadingTerms(sections());
        String[] first = terms.of(1);
        assertSame(first, terms.of(1));
    }

    @Test
    void aHeadingThatIsTheQueryMatchesFullyAndOneCoveringHalfOfItAQuarter() {
        HeadingTerms terms = new HeadingTerms(sections());
        assertEquals(1.0, HeadingMatch.of(terms.of(1), Set.of("retri", "schedul")));
        assertEquals(0.25, HeadingMatch.of(terms.of(1), Set.of("retri", "backoff")));
        assertEquals(0.0, HeadingMatch.of(terms.of(1), Set.of()));
        assertEquals(0.0, HeadingMatch.of(new String[0], Set.of("retri")));
    }
}
