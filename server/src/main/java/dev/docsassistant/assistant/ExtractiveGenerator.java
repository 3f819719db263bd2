package dev.docsassistant.assistant;

import dev.docsassistant.content.AssistantSettings;
import dev.docsassistant.search.SearchHit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

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
    /** A page's lead section at most this long is an introduction to the section after it. */
    private static final int INTRODUCTION_CHARS = 300;

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
        // Hits come in order of their fused score; whether the site answers at all is judged by how well the
        // best section alone matches (its relevance), which need not be the first's: skip (not stop at) weaker hits.
        double best = hits.stream().mapToDouble(SearchHit::relevance).max().orElse(0);
        if (best < ABSTAIN_BELOW) {
            out.text(notFound(input));
            return;
        }
        Set<String> terms = QuestionTerms.of(input.question());
        List<Quote> quotes = new ArrayList<>();
        Set<String> covered = new HashSet<>();
        double floor = best * 0.5;
        for (SearchHit hit : hits) {
            if (quotes.size() >= MAX_PAGES) {
                break;
            }
            if (hit.relevance() < floor) {
                continue;
            }
            List<String> blocks = new ArrayList<>(bestBlocks(hit.content(), terms));
            // The same passage on another page (an older version, a copy) adds nothing.
            quotes.forEach(q -> blocks.removeAll(q.blocks));
            if (quotes.isEmpty()) {
                if (blocks.isEmpty()) {
                    blocks.addAll(firstBlocks(hit.content()));
                }
                blocks.addAll(introduced(hit));
            } else if (blocks.stream().allMatch(b -> covered.containsAll(QuestionTerms.shared(b, terms)))) {
                // A further page is quoted only for words of the question the quotes so far lack: else it
                // repeats them in other words (a home page's card about the page already quoted).
                continue;
            }
            blocks.forEach(b -> covered.addAll(QuestionTerms.shared(b, terms))); // the question's words quoted so far
            quotes.add(new Quote(hit, blocks));
        }
        // Further relevant results are named too, as links, so the reader sees every page worth opening.
        List<SearchHit> related = hits.stream().filter(h -> h.relevance() >= floor)
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

    /**
     * The section's blocks that share words with the question, best first, kept in reading order; a
     * block announcing what follows ("… carries a header:") comes with the block it announces, or not
     * at all when nothing follows it.
     */
    static List<String> bestBlocks(String markdown, Set<String> terms) {
        List<String> blocks = MarkdownBlocks.split(markdown);
        int[] overlaps = new int[blocks.size()]; // each block's words read once, not at every comparison of the sort
        List<Integer> ranked = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            if (!MarkdownBlocks.isHeading(blocks.get(i))) {
                overlaps[i] = overlap(blocks.get(i), terms);
                if (overlaps[i] > 0) {
                    ranked.add(i);
                }
            }
        }
        ranked.sort(Comparator.comparingInt((Integer i) -> -overlaps[i]).thenComparingInt(i -> i));
        return passages(blocks, ranked.subList(0, Math.min(BLOCKS_PER_PAGE, ranked.size())));
    }

    /** The chosen blocks in reading order, each announcing block with what it announces. */
    private static List<String> passages(List<String> blocks, List<Integer> chosen) {
        TreeSet<Integer> kept = new TreeSet<>();
        for (int i : chosen) {
            int end = i;
            while (MarkdownBlocks.announces(blocks.get(end)) && end + 1 < blocks.size()
                    && !MarkdownBlocks.isHeading(blocks.get(end + 1))) {
                end++;
            }
            if (!MarkdownBlocks.announces(blocks.get(end))) {
                for (int j = i; j <= end; j++) {
                    kept.add(j);
                }
            }
        }
        return kept.stream().map(i -> trim(blocks.get(i))).toList();
    }

    /** A section's first passage, for a page quoted although no block holds the question's words. */
    private static List<String> firstBlocks(String markdown) {
        List<String> blocks = MarkdownBlocks.split(markdown);
        for (int i = 0; i < blocks.size(); i++) {
            if (!MarkdownBlocks.isHeading(blocks.get(i))) {
                List<String> first = passages(blocks, List.of(i));
                if (!first.isEmpty()) {
                    return first;
                }
            }
        }
        return List.of(markdown.strip());
    }

    /**
     * What a short page introduction leads to: a lead section of a few sentences ("… Relay then
     * retries with exponential backoff.") introduces the section after it (the schedule), which is
     * the substance the reader asked for. That section's passages follow, under its heading.
     */
    private static List<String> introduced(SearchHit hit) {
        if (hit.section() != null || hit.following() == null || hit.content().strip().length() > INTRODUCTION_CHARS) {
            return List.of();
        }
        List<String> blocks = MarkdownBlocks.split(hit.following());
        List<String> out = new ArrayList<>();
        for (String b : blocks) {
            if (MarkdownBlocks.isHeading(b)) {
                if (!out.isEmpty()) {
                    break; // a subsection of its own
                }
                out.add("**" + b.replaceFirst("^#+\\s*", "").strip() + "**");
            } else if (out.size() <= BLOCKS_PER_PAGE) {
                out.add(b);
            }
        }
        List<String> passages = passages(out, java.util.stream.IntStream.range(0, out.size()).boxed().toList());
        return passages.size() > 1 ? passages : List.of(); // a heading alone says nothing
    }

    static int overlap(String block, Set<String> terms) {
        return QuestionTerms.shared(block, terms).size();
    }

    /** A long paragraph cut after a sentence; tables, lists and code are never cut. */
    private static String trim(String block) {
        if (block.length() <= MAX_BLOCK_CHARS || !MarkdownBlocks.isParagraph(block)) {
            return block;
        }
        int cut = block.lastIndexOf(". ", MAX_BLOCK_CHARS);
        return block.substring(0, cut > MAX_BLOCK_CHARS / 2 ? cut + 1 : MAX_BLOCK_CHARS) + " …";
    }
}
