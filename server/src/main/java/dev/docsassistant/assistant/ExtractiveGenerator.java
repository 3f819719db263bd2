package dev.docsassistant.assistant;

import dev.docsassistant.content.AssistantSettings;
import dev.docsassistant.search.SearchHit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The offline answer writer: no model, nothing invented. It quotes the passages of the best
 * retrieved sections that share the most words with the question (paragraphs, list items, table
 * rows, code), each under a link to its page, and abstains when retrieval found nothing relevant.
 */
public final class ExtractiveGenerator implements AnswerGenerator {
    /**
     * Below this search relevance (0–1) the best result is too weak to answer from. Low on purpose:
     * questions about things the site never names are caught before retrieval ({@code QuestionNames}),
     * so this only has to catch questions that share almost no word with any page.
     */
    static final double ABSTAIN_BELOW = 0.06;
    private static final int MAX_PAGES = 3;
    private static final int BLOCKS_PER_PAGE = 3;
    private static final int MAX_BLOCK_CHARS = 1500;

    /** The non-answer: no source named, the reader pointed elsewhere. */
    public static String notFound(String siteName) {
        return "I couldn't find this in the " + siteName + " documentation. "
                + "It may not be covered; try other words, or browse the documentation directly.";
    }

    /** The non-answer of a site, ending with its hand-off (a support link or address) when it has one. */
    public static String notFound(Input input) {
        AssistantSettings.Handoff handoff = input.assistant().handoff();
        return notFound(input.siteName()) + (handoff == null ? "" : " " + handoff.sentence());
    }

    @Override
    public boolean mayFailBeforeWriting() {
        return false;
    }

    @Override
    public void generate(Input input, Output out) {
        List<SearchHit> hits = input.retrieved();
        // Hybrid ranking orders by a fused score while each hit reports its own 0–1 relevance, so the
        // best relevance need not be first: judge by the best, and skip (not stop at) weaker hits.
        double best = hits.stream().mapToDouble(SearchHit::score).max().orElse(0);
        if (best < ABSTAIN_BELOW) {
            out.text(notFound(input));
            return;
        }
        Set<String> terms = QuestionTerms.of(input.question());
        List<Quote> quotes = new ArrayList<>();
        double floor = best * 0.5;
        for (SearchHit hit : hits) {
            if (quotes.size() >= MAX_PAGES) {
                break;
            }
            if (hit.score() < floor) {
                continue;
            }
            List<String> blocks = new ArrayList<>(bestBlocks(hit.content(), terms));
            // The same passage on another page (an older version, a copy) adds nothing.
            quotes.forEach(q -> blocks.removeAll(q.blocks));
            if (!blocks.isEmpty() || quotes.isEmpty()) {
                quotes.add(new Quote(hit, blocks.isEmpty() ? List.of(firstBlock(hit.content())) : blocks));
            }
        }
        // Further relevant results are named too, as links, so the reader sees every page worth opening.
        List<SearchHit> related = hits.stream().filter(h -> h.score() >= floor)
                .filter(h -> quotes.stream().noneMatch(q -> q.hit.path().equals(h.path()))).toList();
        out.hold(); // everything below is ready at once: it reaches the reader as one
        quotes.forEach(q -> out.source(q.hit));
        related.forEach(out::source);
        boolean first = true;
        for (Quote q : quotes) {
            String heading = q.hit.section() == null ? q.hit.title() : q.hit.title() + " › " + q.hit.section();
            out.text((first ? "From " : "\n\nAlso, from ") + "[" + heading + "](" + q.hit.path() + "):\n\n");
            first = false;
            for (int i = 0; i < q.blocks.size(); i++) {
                out.text((i == 0 ? "" : "\n\n") + q.blocks.get(i));
            }
        }
        if (!related.isEmpty()) {
            out.text("\n\nSee also: " + String.join(", ", related.stream()
                    .map(h -> "[" + h.title() + "](" + h.path() + ")").toList()) + ".");
        }
        out.release();
    }

    private record Quote(SearchHit hit, List<String> blocks) {
    }

    /** The section's blocks that share words with the question, best first, kept in reading order. */
    static List<String> bestBlocks(String markdown, Set<String> terms) {
        List<String> blocks = MarkdownBlocks.split(markdown);
        List<Integer> ranked = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            if (overlap(blocks.get(i), terms) > 0 && !MarkdownBlocks.isHeading(blocks.get(i))) {
                ranked.add(i);
            }
        }
        ranked.sort(Comparator.comparingInt((Integer i) -> -overlap(blocks.get(i), terms)).thenComparingInt(i -> i));
        List<Integer> chosen = new ArrayList<>(ranked.subList(0, Math.min(BLOCKS_PER_PAGE, ranked.size())));
        chosen.sort(Integer::compare);
        return MarkdownBlocks.joinTableRows(chosen.stream().map(i -> trim(blocks.get(i))).toList());
    }

    private static String firstBlock(String markdown) {
        return MarkdownBlocks.split(markdown).stream().filter(b -> !MarkdownBlocks.isHeading(b)).findFirst()
                .map(ExtractiveGenerator::trim).orElse(markdown);
    }

    static int overlap(String block, Set<String> terms) {
        Set<String> words = QuestionTerms.of(block);
        int n = 0;
        for (String t : terms) {
            n += words.contains(t) ? 1 : 0;
        }
        return n;
    }

    private static String trim(String block) {
        if (block.length() <= MAX_BLOCK_CHARS || block.startsWith("```")) {
            return block;
        }
        int cut = block.lastIndexOf(". ", MAX_BLOCK_CHARS);
        return block.substring(0, cut > MAX_BLOCK_CHARS / 2 ? cut + 1 : MAX_BLOCK_CHARS) + " …";
    }
}
