package dev.docsassistant.search;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.content.Section;

import java.util.regex.Pattern;

/**
 * A section as indexed: the unit a Lucene document stands for.
 *
 * @param language the page's navigation language, or the site's default (null for a site without languages)
 */
record IndexedSection(Page page, Section section, LanguageAnalysis analysis, String language) {
    private static final Pattern LINK_TARGET = Pattern.compile("]\\([^)\\s]*\\)");
    private static final Pattern HEADING_LINE = Pattern.compile("^#{1,6}\\s+[^\\n]*\\n?");

    /** The section's Markdown without its heading line and with link targets dropped (they are URLs, not words). */
    String body() {
        return LINK_TARGET.matcher(HEADING_LINE.matcher(section.markdown()).replaceFirst("")).replaceAll("]");
    }

    /** What the embedding model reads: where the section sits (page title, headings), then its text. */
    String embeddingText() {
        String heading = section.headingPath() == null ? "" : " > " + section.headingPath();
        return page.title() + heading + "\n" + body();
    }

    /** The model that embeds this section, or empty when its language has none (BM25 alone). */
    java.util.Optional<EmbeddingModel> model() {
        return SentenceEmbedder.modelFor(language);
    }

    /** {@code /page/path#anchor}, or the page path for a lead section; the canonical path ({@code /} for {@code index}). */
    String url() {
        return "/" + PagePaths.withoutIndex(page.path()) + (section.anchor() == null || section.anchor().isEmpty() ? "" : "#" + section.anchor());
    }
}
