package dev.docsassistant.bench;

import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.site.SiteContent;
import dev.docsassistant.site.SiteReader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scores search on the shared dev sets: recall@1/3/5/10 and MRR@10 per corpus, per kind and per
 * version/language scope. A search "abstains" when no result reaches {@link #ABSTAIN_BELOW}.
 * Run: {@code bench/run SearchEval}.
 */
public final class SearchEval {
    static final double ABSTAIN_BELOW = 0.09;

    private SearchEval() {
    }

    public static void main(String[] args) throws Exception {
        boolean verbose = List.of(args).contains("-v");
        for (String corpus : DevSet.CORPORA) {
            LuceneSiteSearch search = open(corpus);
            Scores all = new Scores();
            Map<String, Scores> byGroup = new TreeMap<>();
            for (DevSet.Question q : DevSet.questions(corpus)) {
                List<SearchHit> hits = search.search(request(q, 10));
                List<String> ranked = hits.stream().map(SearchHit::path).toList();
                boolean abstain = hits.isEmpty() || hits.get(0).score() < ABSTAIN_BELOW;
                all.add(q, ranked, abstain);
                byGroup.computeIfAbsent("kind " + q.kind(), k -> new Scores()).add(q, ranked, abstain);
                byGroup.computeIfAbsent("scope " + q.scope(), k -> new Scores()).add(q, ranked, abstain);
                if (verbose) {
                    System.out.printf(Locale.ROOT, "%s [%s] top=%.3f expect=%s%n    got=%s%n", q.q(), q.kind(),
                            hits.isEmpty() ? 0 : hits.get(0).score(), q.expect(),
                            ranked.stream().limit(5).map(DevSet::norm).toList());
                }
            }
            System.out.println("== " + corpus);
            System.out.println(all.row("all"));
            byGroup.forEach((k, v) -> System.out.println(v.row(k)));
        }
    }

    static SearchRequest request(DevSet.Question q, int pageSize) {
        return new SearchRequest(q.q(), pageSize, 0, new SearchFilter(q.version(), q.language(), null, List.of()), null);
    }

    /** Reads and indexes a corpus into a fresh temporary index, printing the time it took. */
    static LuceneSiteSearch open(String corpus) throws Exception {
        Path indexDir = Files.createTempDirectory("docs-assistant-bench-");
        long start = System.nanoTime();
        SiteContent site = SiteReader.read(DevSet.corpus(corpus));
        long read = System.nanoTime();
        LuceneSiteSearch search = LuceneSiteSearch.open(site, indexDir);
        long done = System.nanoTime();
        System.out.printf(Locale.ROOT, "%s: %d pages, %d sections; read %.2f s, indexed %.2f s, total %.2f s%n",
                corpus, site.pages().size(), search.sectionCount(), (read - start) / 1e9, (done - read) / 1e9,
                (done - start) / 1e9);
        return search;
    }
}
