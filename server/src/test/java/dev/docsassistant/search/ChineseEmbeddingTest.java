package dev.docsassistant.search;

import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Chinese pages are embedded by the Chinese model, in their own vector field, and found by meaning. */
class ChineseEmbeddingTest {
    private static final String NAVIGATION = """
            {"navigation": {"languages": [
              {"language": "en", "pages": ["retries", "billing", "themes"]},
              {"language": "zh", "pages": ["zh/retries", "zh/billing", "zh/themes"]}]}}
            """;

    @TempDir
    Path dir;

    private TestSites site() {
        return new TestSites(dir.resolve("site")).file("docs.json", NAVIGATION)
                .page("retries", "Failed webhook deliveries are attempted again with exponential backoff, up to eight times.",
                        "title: Retries")
                .page("billing", "Invoices are issued monthly and can be paid by card or bank transfer.", "title: Billing")
                .page("themes", "Pick colours and fonts for the rendered documentation.", "title: Themes")
                .page("zh/retries", "投递失败的 Webhook 会按指数退避重新发送，三天内最多八次。", "title: 重试")
                .page("zh/billing", "发票每月开具，可以用银行卡或转账支付。", "title: 账单")
                .page("zh/themes", "为生成的文档选择颜色和字体。", "title: 主题");
    }

    @Test
    void aChineseQuestionWithoutThePagesWordsIsFoundByTheChineseModel() {
        String question = "我的服务器宕机了一个小时，之后事件还会推送过来吗？";
        SearchFilter zh = new SearchFilter(null, "zh", null, List.of());
        LuceneSiteSearch keyword = LuceneSiteSearch.open(SiteReader.read(site().dir()), dir.resolve("k"), SearchSettings.KEYWORD);
        assertTrue(keyword.search(new SearchRequest(question, 3, 0, zh, null)).stream().noneMatch(h -> h.pagePath().equals("/zh/retries")),
                "BM25 alone does not find it");
        LuceneSiteSearch hybrid = LuceneSiteSearch.open(SiteReader.read(site().dir()), dir.resolve("h"),
                SearchSettings.hybrid(dir.resolve("cache")));
        List<SearchHit> hits = hybrid.search(new SearchRequest(question, 3, 0, zh, null));
        assertFalse(hits.isEmpty());
        assertEquals("/zh/retries", hits.get(0).pagePath(), hits.toString());
        assertTrue(hits.stream().allMatch(h -> "zh".equals(h.language())), hits.toString());
        // English pages keep the English model, in their own field: an English question still finds its page.
        assertEquals("/retries", hybrid.search(SearchRequest.of("will a delivery be sent again if my endpoint was down?", 3))
                .get(0).pagePath());
        assertEquals(6, hybrid.embeddingsComputed(), "every page embedded, by its language's model");
    }
}
