package dev.docsassistant.search;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryShapeTest {
    @Test
    void identifiersAndOneOrTwoWordsAreAnsweredByBm25Alone() {
        for (String q : new String[] {"mcp.json", "--port", "openapi", "search.mode", "custom domain", "  llms.txt  ?",
                "ParamField", "GET /v1/search", "x-mint"}) {
            assertTrue(QueryShape.keywordsSuffice(q), q);
        }
    }

    @Test
    void sentencesAndTextInScriptsWithoutSpacesAreEmbedded() {
        for (String q : new String[] {"add a domain", "How do I add a custom domain?", "自定义域名", "カスタムドメイン",
                "OpenAPI 文件", "เพิ่มโดเมน"}) {
            assertFalse(QueryShape.keywordsSuffice(q), q);
        }
    }
}
