package dev.docsassistant.search;

import dev.docsassistant.site.SiteContent;
import dev.docsassistant.site.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Reciprocal rank fusion of the two rankings: ranks, not scores, and the embedding side at half weight. */
class HybridFusionTest {
    @TempDir
    Path dir;

    private RankedPage ranked(SiteContent site, String path, double relevance) {
        var page = site.page(path).orElseThrow();
        return new RankedPage(new IndexedSection(page, page.sections().get(0), LanguageAnalysis.EN), 100 * relevance, relevance);
    }

    @Test
    void aPageBothSidesFindOutranksPagesOnlyOneSideFinds() {
        SiteContent site = SiteReader.read(new TestSites(dir).file("docs.json", "{\"navigation\": {\"pages\": [\"a\", \"b\", \"c\", \"d\"]}}")
                .page("a", "A.", "title: A").page("b", "B.", "title: B").page("c", "C.", "title: C").page("d", "D.", "title: D")
                .dir());
        List<RankedPage> keyword = List.of(ranked(site, "a", 0.9), ranked(site, "b", 0.8), ranked(site, "c", 0.3));
        List<RankedPage> semantic = List.of(ranked(site, "c", 0.7), ranked(site, "d", 0.6));
        List<RankedPage> fused = HybridFusion.fuse(keyword, semantic);
        // c: 1/63 + 0.5/61; a: 1/61; b: 1/62; d: 0.5/62.
        assertEquals(List.of("c", "a", "b", "d"), fused.stream().map(RankedPage::pagePath).toList());
        assertEquals(0.3, fused.get(0).relevance(), "the keyword side's section and relevance are kept");
        // The same page first on the embedding side alone does not displace BM25's first.
        assertEquals(List.of("a", "d"), HybridFusion.fuse(List.of(ranked(site, "a", 0.9)), List.of(ranked(site, "d", 0.9),
                ranked(site, "a", 0.1))).stream().map(RankedPage::pagePath).toList());
    }
}
