package dev.docsassistant.search;

import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestApps;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ranking rules docs/sites.md promises: page boost, the current page's version and language, per-language analysis. */
class SearchRankingTest {
    @TempDir
    Path dir;

    private static List<String> paths(LuceneSiteSearch search, SearchRequest request) {
        return search.search(request).stream().map(SearchHit::pagePath).toList();
    }

    /** Two pages on webhook retries; {@code a} matches better, {@code b} has the front matter given, if any. */
    private LuceneSiteSearch retriesSite(String name, String docsJson, String... bFrontMatter) {
        TestSites site = new TestSites(dir.resolve(name)).file("docs.json", docsJson)
                .page("a", "Webhook retries use backoff. Webhook retries are logged with every attempt.", "title: A");
        site.page("b", "Webhook retries use backoff; the delivery log keeps the status code of each attempt.", bFrontMatter.length == 0 ? new String[]{"title: B"} : bFrontMatter);
        return LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve(name + "-index"), SearchSettings.KEYWORD);
    }

    @Test
    void aPagesBoostFromFrontMatterOrNavigationLiftsItAboveABetterMatch() {
        String flat = "{\"navigation\": {\"pages\": [\"a\", \"b\"]}}";
        SearchRequest query = SearchRequest.of("webhook retries", 5);
        assertEquals(List.of("/a", "/b"), paths(retriesSite("plain", flat), query), "without boost the better match leads");
        assertEquals(List.of("/b", "/a"), paths(retriesSite("front-matter", flat, "title: B", "boost: 4"), query));
        String groups = "{\"navigation\": {\"groups\": [{\"group\": \"Main\", \"pages\": [\"a\"]},"
                + " {\"group\": \"Featured\", \"boost\": 4, \"pages\": [\"b\"]}]}}";
        assertEquals(List.of("/b", "/a"), paths(retriesSite("navigation", groups), query), "a group's boost reaches its pages");
        // The boost reorders; it never inflates the 0-1 relevance a client sees.
        LuceneSiteSearch boosted = retriesSite("scores", flat, "title: B", "boost: 4");
        assertTrue(boosted.search(query).stream().allMatch(h -> h.score() > 0 && h.score() <= 1));
    }

    @Tag(Corpora.TAG)
    @Test
    void withoutAFilterTheCurrentPagesVersionAndLanguageRankFirst() {
        SiteSearch mcp = TestApps.corpora().sites().get("mcp").orElseThrow().search();
        String question = "tools list request";
        SearchHit latest = mcp.search(new SearchRequest(question, 5, 0, SearchFilter.NONE, null)).get(0);
        assertEquals("Version 2026-07-28 (latest)", latest.version());
        SearchHit older = mcp.search(new SearchRequest(question, 5, 0, SearchFilter.NONE, "/specification/2024-11-05/basic/index")).get(0);
        assertEquals("Version 2024-11-05", older.version(), older.path());

        SiteSearch mintlify = TestApps.corpora().sites().get("mintlify").orElseThrow().search();
        // "Badge" is the same word on the English and French pages: only the reader's page decides.
        assertEquals("en", mintlify.search(new SearchRequest("badge", 5, 0, SearchFilter.NONE, null)).get(0).language());
        SearchHit french = mintlify.search(new SearchRequest("badge", 5, 0, SearchFilter.NONE, "/fr/components/accordions")).get(0);
        assertEquals("fr", french.language(), french.path());
    }

    @Test
    void theReadersLanguageVariantAndNearbyFoldersRankFirst() {
        // pt and pt-BR share one analysis, so both are searched together and only the preference orders them.
        String languages = "{\"navigation\": {\"languages\": ["
                + "{\"language\": \"pt\", \"default\": true, \"groups\": [{\"group\": \"G\", \"pages\": [\"pt/guias/reenvio\", \"pt/guias/outra\", \"pt/api/reenvio\", \"pt/api/outra\"]}]},"
                + "{\"language\": \"pt-BR\", \"groups\": [{\"group\": \"G\", \"pages\": [\"pt-br/guias/reenvio\", \"pt-br/guias/inicio\"]}]}]}}";
        String text = "As entregas de webhook com falha são reenviadas com espera crescente.";
        TestSites site = new TestSites(dir.resolve("pt")).file("docs.json", languages)
                .page("pt/guias/reenvio", text, "title: Reenvio").page("pt/api/reenvio", text, "title: Reenvio")
                .page("pt-br/guias/reenvio", text, "title: Reenvio").page("pt-br/guias/inicio", "Comece aqui.", "title: Início")
                .page("pt/guias/outra", "Outra página.", "title: Outra").page("pt/api/outra", "Outra página.", "title: Outra");
        LuceneSiteSearch search = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("pt-index"), SearchSettings.KEYWORD);
        SearchRequest fromBrazil = new SearchRequest("entregas reenviadas", 5, 0, SearchFilter.NONE, "/pt-br/guias/inicio");
        assertEquals("/pt-br/guias/reenvio", paths(search, fromBrazil).get(0));
        // Same text, same language: the page sharing more folders with the one being read comes first.
        SearchRequest fromApi = new SearchRequest("entregas reenviadas", 5, 0, SearchFilter.NONE, "/pt/api/outra");
        assertEquals(List.of("/pt/api/reenvio", "/pt/guias/reenvio", "/pt-br/guias/reenvio"), paths(search, fromApi));
        SearchRequest fromGuides = new SearchRequest("entregas reenviadas", 5, 0, SearchFilter.NONE, "/pt/guias/outra");
        assertEquals(List.of("/pt/guias/reenvio", "/pt/api/reenvio", "/pt-br/guias/reenvio"), paths(search, fromGuides));
    }

    @Test
    void aPageWithManySectionsIsWeighedDownOnlyBeyondThirty() {
        assertEquals(1.0, LuceneSiteSearch.sizePrior(1));
        assertEquals(1.0, LuceneSiteSearch.sizePrior(30));
        // 300 sections: 1 / (1 + 0.3 ln 10)
        assertEquals(0.5914, LuceneSiteSearch.sizePrior(300), 1e-4);
        assertTrue(LuceneSiteSearch.sizePrior(3000) < LuceneSiteSearch.sizePrior(300));
    }

    /** Each language docs/sites.md names: a page with an inflected word is found by another form of it (stems, CJK bigrams). */
    @Test
    void everyListedLanguageIsAnalysedAsItself() {
        Map<String, String[]> cases = Map.of(
                "en", new String[]{"Failed deliveries are retried.", "retrying delivery"},
                "fr", new String[]{"Ajoutez des onglets à la page.", "onglet"},
                "es", new String[]{"Las pestañas organizan el contenido.", "pestaña"},
                "de", new String[]{"Die Registerkarten ordnen den Inhalt.", "Registerkarte"},
                "it", new String[]{"Le schede organizzano il contenuto.", "scheda"},
                "pt", new String[]{"As abas organizam o conteúdo.", "aba"},
                "zh", new String[]{"使用选项卡组织页面内容。", "选项卡"},
                "ja", new String[]{"タブでコンテンツを整理します。", "コンテンツ"},
                "ko", new String[]{"탭으로 콘텐츠를 정리합니다.", "콘텐츠"});
        StringBuilder languages = new StringBuilder();
        TestSites site = new TestSites(dir.resolve("languages"));
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            String code = c.getKey();
            languages.append(languages.isEmpty() ? "" : ", ").append("{\"language\": \"").append(code)
                    .append("\", \"groups\": [{\"group\": \"G\", \"pages\": [\"").append(code).append("/page\"]}]}");
            site.page(code + "/page", c.getValue()[0], "title: " + code.toUpperCase());
            // A decoy in each language, so that a match is a choice and not the only page there.
            site.page(code + "/other", "Nothing relevant here: 12345.", "title: Other");
        }
        site.file("docs.json", "{\"navigation\": {\"languages\": [" + languages + "]}}");
        LuceneSiteSearch search = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("languages-index"), SearchSettings.KEYWORD);
        for (Map.Entry<String, String[]> c : cases.entrySet()) {
            String code = c.getKey();
            List<SearchHit> hits = search.search(new SearchRequest(c.getValue()[1], 5, 0,
                    new SearchFilter(null, code, null, List.of()), null));
            assertFalse(hits.isEmpty(), code + ": nothing found for " + c.getValue()[1]);
            assertEquals("/" + code + "/page", hits.get(0).pagePath(), code);
        }
    }
}
