package dev.docsassistant.bench;

import dev.docsassistant.content.Page;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.QueryShape;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SearchRequest;

import java.util.List;
import java.util.Locale;

/**
 * The BM25-only rule for one- and two-word queries, probed where the dev sets cannot (no dev
 * question is that short): every searchable page whose title is one or two words is searched for by
 * its title (in its own version and language), hybrid with the embedding against BM25 alone, and the
 * page's rank compared, for titles made of identifiers (which the rule sends to BM25) and the rest. Run: {@code bench/run ShortQueries [corpus ...]}.
 */
public final class ShortQueries {
    private ShortQueries() {
    }

    /** A result's or page's path without its anchor and leading slash. */
    private static String bare(String path) {
        String p = path.split("#", 2)[0];
        return p.startsWith("/") ? p.substring(1) : p;
    }

    public static void main(String[] args) throws Exception {
        List<String> corpora = args.length > 0 ? List.of(args) : DevSet.CORPORA;
        for (String corpus : corpora) {
            LuceneSiteSearch search = SearchEval.open(corpus, SearchMode.HYBRID);
            List<Page> pages = search.site().pages().stream()
                    .filter(p -> p.searchable() && p.title() != null && !p.title().isBlank())
                    .filter(p -> p.title().strip().split("\\s+").length <= 2)
                    .filter(p -> p.title().codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN))
                    .toList();
            for (boolean identifiers : new boolean[] {true, false}) {
            List<Page> group = pages.stream().filter(p -> identifiers == java.util.Arrays.stream(p.title().strip().split("\\s+"))
                    .allMatch(QueryShape::identifier)).toList();
            int[][] counts = new int[2][3]; // [hybrid, BM25 alone][rank 1, top 3, top 10]
            for (int alone = 0; alone < 2; alone++) {
                QueryShape.force(alone == 1); // the rule's two outcomes, for every query of the group
                for (Page p : group) {
                    List<SearchHit> hits = search.search(new SearchRequest(p.title(), 10, 0,
                            new SearchFilter(p.version(), p.language(), null, List.of()), null));
                    int rank = -1;
                    for (int i = 0; i < hits.size(); i++) {
                        if (bare(hits.get(i).path()).equals(bare(p.path()))) {
                            rank = i;
                            break;
                        }
                    }
                    if (rank == 0) {
                        counts[alone][0]++;
                    }
                    if (rank >= 0 && rank < 3) {
                        counts[alone][1]++;
                    }
                    if (rank >= 0) {
                        counts[alone][2]++;
                    }
                }
            }
            System.out.printf(Locale.ROOT, "%s: %d pages titled in one or two %s; page found at rank 1 / top 3 / top 10: "
                            + "hybrid %d / %d / %d, BM25 alone %d / %d / %d%n", corpus, group.size(),
                    identifiers ? "identifiers" : "words, not all identifiers",
                    counts[0][0], counts[0][1], counts[0][2], counts[1][0], counts[1][1], counts[1][2]);
            }
            QueryShape.force(null);
        }
    }
}
