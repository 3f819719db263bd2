package dev.docsassistant.search;

import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The convex combination of the two rankings' scores: 0.6 × BM25 / best BM25 + 0.4 × cosine, times the page's weight. */
class HybridFusionTest {
    @TempDir
    Path dir;

    private RankedPage ranked(SiteContent site, String path, double relevance) {
        var page = site.page(path).orElseThrow();
        return new RankedPage(new IndexedSection(page, page.sections().get(0), LanguageAnalysis.EN, null), 100 * relevance, relevance);
    }

    private SiteContent site() {
        return SiteReader.read(new TestSites(dir).file("docs.json", "{\"navigation\": {\"pages\": [\"a\", \"b\", \"c\", \"d\"]}}")
                .page("a", "A.", "title: A").page("b", "B.", "title: B").page("c", "C.", "title: C").page("d", "D.", "title: D")
                .dir());
    }

    private static List<String> paths(List<RankedPage> pages) {
        return pages.stream().map(RankedPage::pagePath).toList();
    }

    @Test
    void aPageBothSidesRankHighOutranksOneOnlyBm25PutsFirst() {
        SiteContent site = site();
        List<RankedPage> fused = HybridFusion.fuse(List.of(ranked(site, "a", 0.9), ranked(site, "b", 0.85)),
                List.of(ranked(site, "b", 0.6), ranked(site, "a", 0.1)), page -> 1);
        // a: 0.6 × 1 + 0.4 × 0.1 = 0.64; b: 0.6 × 0.85 / 0.9 + 0.4 × 0.6 ≈ 0.807.
        assertEquals(List.of("b", "a"), paths(fused));
        assertEquals(0.6 * 0.85 / 0.9 + 0.4 * 0.6, fused.get(0).rankScore(), 1e-9);
        assertEquals(0.85, fused.get(0).relevance(), "the keyword side's section and relevance are kept");
    }

    @Test
    void aPageOnlyTheModelFindsDoesNotDisplaceAStrongBm25FirstUnlessItsWeightSaysSo() {
        SiteContent site = site();
        List<RankedPage> keyword = List.of(ranked(site, "a", 0.9));
        List<RankedPage> semantic = List.of(ranked(site, "d", 0.9), ranked(site, "a", 0.1));
        // a: 0.64; d: 0.4 × 0.9 = 0.36.
        assertEquals(List.of("a", "d"), paths(HybridFusion.fuse(keyword, semantic, page -> 1)));
        assertEquals(0.9, HybridFusion.fuse(keyword, semantic, page -> 1).get(1).relevance(), "a model-only page reports its cosine");
        // The page's weight multiplies the fused score once: d × 2 = 0.72 > 0.64.
        assertEquals(List.of("d", "a"), paths(HybridFusion.fuse(keyword, semantic, page -> page.path().equals("d") ? 2 : 1)));
    }

    @Test
    void bm25IsReadRelativeToTheQuerysBestSoLongQuestionsWeighAsMuchAsShortOnes() {
        SiteContent site = site();
        // Shares of 0.09 and 0.9 give the same fused order and scores once divided by the best.
        List<RankedPage> small = HybridFusion.fuse(List.of(ranked(site, "a", 0.09), ranked(site, "b", 0.045)),
                List.of(ranked(site, "b", 0.5)), page -> 1);
        List<RankedPage> large = HybridFusion.fuse(List.of(ranked(site, "a", 0.9), ranked(site, "b", 0.45)),
                List.of(ranked(site, "b", 0.5)), page -> 1);
        assertEquals(paths(large), paths(small));
        assertEquals(large.get(0).rankScore(), small.get(0).rankScore(), 1e-9);
        assertEquals(List.of("a", "b"), paths(large), "a: 0.6 against b: 0.3 + 0.2 = 0.5");
    }

    @Test
    void aSectionWithoutAVectorYetIsRankedByItsBm25AloneNotByAShareOfIt() {
        SiteContent site = site();
        RankedPage unembedded = ranked(site, "a", 0.9);
        List<RankedPage> keyword = List.of(unembedded, ranked(site, "b", 0.8));
        List<RankedPage> semantic = List.of(ranked(site, "b", 0.5));
        // Were a's missing vector a cosine of 0: a 0.6 against b 0.6 × 0.8 / 0.9 + 0.4 × 0.5 ≈ 0.733, so b first.
        assertEquals(List.of("b", "a"), paths(HybridFusion.fuse(keyword, semantic, page -> 1)));
        // a has no vector yet: its BM25 side alone, 1.0, as keyword mode ranks it.
        List<RankedPage> fair = HybridFusion.fuse(keyword, semantic, page -> 1, s -> s != unembedded.section());
        assertEquals(List.of("a", "b"), paths(fair));
        assertEquals(1.0, fair.get(0).rankScore(), 1e-9);
        assertEquals(0.6 * 0.8 / 0.9 + 0.4 * 0.5, fair.get(1).rankScore(), 1e-9, "an embedded section is fused as before");
    }
}
