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

/**
 * The Chinese model (about 20 MiB of a serving process's RSS) is loaded only when something needs it: a site with
 * Chinese pages whose vectors are all in the embedding cache opens and answers English questions without it,
 * and its first Chinese question loads it and is ranked by meaning.
 */
class ChineseModelOnNeedTest {
    private static final String NAVIGATION = """
            {"navigation": {"languages": [
              {"language": "en", "pages": ["retries", "billing"]},
              {"language": "zh", "pages": ["zh/retries", "zh/billing", "zh/themes"]}]}}
            """;

    @TempDir
    Path dir;

    @Test
    void aSiteWithCachedChineseVectorsLoadsTheChineseModelAtItsFirstChineseQuestion() {
        TestSites site = new TestSites(dir.resolve("site")).file("docs.json", NAVIGATION)
                .page("retries", "Failed webhook deliveries are attempted again with exponential backoff, up to eight times.",
                        "title: Retries")
                .page("billing", "Invoices are issued monthly and can be paid by card or bank transfer.", "title: Billing")
                .page("zh/retries", "投递失败的 Webhook 会按指数退避重新发送，三天内最多八次。", "title: 重试")
                .page("zh/billing", "发票每月开具，可以用银行卡或转账支付。", "title: 账单")
                .page("zh/themes", "为生成的文档选择颜色和字体。", "title: 主题");
        SearchSettings settings = SearchSettings.hybrid(dir.resolve("cache"));
        LuceneSiteSearch first = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("first"), settings);
        assertEquals(5, first.embeddingsComputed(), "the first build embeds every section, the Chinese ones with the Chinese model");
        assertTrue(SentenceEmbedder.loaded(EmbeddingModel.BGE_SMALL_ZH));

        SentenceEmbedder.unload(EmbeddingModel.BGE_SMALL_ZH); // as a server started again with the cache of the first
        LuceneSiteSearch again = LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("again"), settings);
        assertEquals(0, again.embeddingsComputed(), "every vector comes from the cache");
        assertEquals("/retries", again.search(SearchRequest.of("will a delivery be sent again if my endpoint was down?", 3))
                .get(0).pagePath());
        assertFalse(SentenceEmbedder.loaded(EmbeddingModel.BGE_SMALL_ZH), "neither opening the site nor an English question needs it");

        List<SearchHit> hits = again.search(new SearchRequest("我的服务器宕机了一个小时，之后事件还会推送过来吗？", 3, 0,
                new SearchFilter(null, "zh", null, List.of()), null));
        assertTrue(SentenceEmbedder.loaded(EmbeddingModel.BGE_SMALL_ZH), "a Chinese question loads it");
        assertEquals("/zh/retries", hits.get(0).pagePath(), hits.toString());
    }
}
