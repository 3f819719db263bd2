package dev.docsassistant.search;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryShapeTest {
    @Test
    void oneOrTwoIdentifiersAreAnsweredByBm25Alone() {
        for (String q : new String[] {"mcp.json", "--port", "-p", "search.mode", "  llms.txt  ?", "`docs.json`", "openApiSpec",
                "x-mint.href", "/v1/search", "--port --host", "@mintlify/cli", "$ref", "v2", "key=value"}) {
            assertTrue(QueryShape.keywordsSuffice(q), q);
        }
    }

    @Test
    void plainWordsSentencesAndTextInScriptsWithoutSpacesAreEmbedded() {
        for (String q : new String[] {"openapi", "custom domain", "set-up", "GET /v1/search", "mcp.json --port extra", "add a domain",
                "How do I add a custom domain?", "自定义域名", "カスタムドメイン", "OpenAPI 文件", "เพิ่มโดเมน", "?", ""}) {
            assertFalse(QueryShape.keywordsSuffice(q), q);
        }
    }
}
