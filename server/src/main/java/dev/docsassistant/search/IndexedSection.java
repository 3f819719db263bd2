package dev.docsassistant.search;

import dev.docsassistant.site.Page;
import dev.docsassistant.site.Section;

/** A section as indexed: the unit a Lucene document stands for. */
record IndexedSection(Page page, Section section, LanguageAnalysis analysis) {

    /** {@code /page/path#anchor}, or the page path for a lead section. */
    String url() {
        return "/" + page.path() + (section.anchor() == null || section.anchor().isEmpty() ? "" : "#" + section.anchor());
    }
}
