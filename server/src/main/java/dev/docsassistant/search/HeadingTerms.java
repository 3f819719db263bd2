package dev.docsassistant.search;

import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The analysed terms of each section's heading ({@link HeadingMatch}) for one index version, each
 * worked out on the section's first hit and kept: a keyword search scores up to 40 hits, and running
 * the analysis chain over each hit's heading again cost a fifth of the search. Only sections that
 * were hit hold terms; a new version of the index starts empty.
 */
final class HeadingTerms {
    private final List<IndexedSection> sections;
    private final AtomicReferenceArray<String[]> terms;

    /** @param sections the index's sections by {@code ord} */
    HeadingTerms(List<IndexedSection> sections) {
        this.sections = sections;
        this.terms = new AtomicReferenceArray<>(sections.size());
    }

    /** The distinct terms of section {@code ord}'s heading (its page title for a lead section), question words dropped. */
    String[] of(int ord) {
        String[] known = terms.get(ord);
        if (known == null) {
            // Two searches may analyse the same heading at once: the same terms either way.
            known = HeadingMatch.headingTerms(sections.get(ord));
            terms.set(ord, known);
        }
        return known;
    }
}
