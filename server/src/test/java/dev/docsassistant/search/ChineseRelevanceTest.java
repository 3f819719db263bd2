package dev.docsassistant.search;

import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Chinese question's relevance is the share of its words a page matches: the character pairs
 * that straddle two of its words, which no page holds, do not dilute it, while an English
 * question's words the site never uses still do.
 */
class ChineseRelevanceTest {
    private static final String NAVIGATION = """
            {"navigation": {"languages": [
              {"language": "en", "pages": ["retries", "billing"]},
              {"language": "zh", "pages": ["zh/retries", "zh/billing"]}]}}
            """;

    @TempDir
    Path dir;

    private LuceneSiteSearch search() {
        TestSites site = new TestSites(dir.resolve("site")).file("docs.json", NAVIGATION)
                .page("retries", "Failed webhook deliveries are attempted again with exponential backoff.", "title: Retries")
                .page("billing", "Invoices are issued monthly and can be paid by card or bank transfer.", "title: Billing")
                .page("zh/retries", "投递失败的 Webhook 会按指数退避重新发送，最多八次。", "title: 重试")
                .page("zh/billing", "发票每月开具，可以用银行卡或转账支付。", "title: 账单");
        return LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("index"), SearchSettings.KEYWORD);
    }

    private static double top(LuceneSiteSearch search, String question, String language, String expectedPage) {
        List<SearchHit> hits = search.search(new SearchRequest(question, 3, 0, new SearchFilter(null, language, null, List.of()), null));
        assertEquals(expectedPage, hits.get(0).pagePath(), hits.toString());
        return hits.get(0).score();
    }

    @Test
    void pairsNoPageHoldsDoNotDiluteAChineseQuestion() {
        LuceneSiteSearch search = search();
        double bare = top(search, "重新发送", "zh", "/zh/retries");
        // The same need, asked the way readers ask: every pair of the added words is absent from the site.
        double asked = top(search, "昨天我们很着急：重新发送吗？", "zh", "/zh/retries");
        assertEquals(bare, asked, 0.001, "absent pairs left out of the best conceivable match");
    }

    @Test
    void englishWordsTheSiteNeverUsesStillCount() {
        LuceneSiteSearch search = search();
        double bare = top(search, "webhook backoff", "en", "/retries");
        double asked = top(search, "webhook backoff terraform kubernetes", "en", "/retries");
        assertTrue(asked < bare * 0.75, bare + " then " + asked + ": words the site lacks are a sign it lacks the answer");
    }
}
