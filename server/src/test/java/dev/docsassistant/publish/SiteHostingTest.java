package dev.docsassistant.publish;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.testing.AgentDocsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A site's own llms.txt and skills, the agents' discovery documents and the site's files, over HTTP (Mintlify's ai/ pages). */
class SiteHostingTest {
    private static final String OWN_LLMS = "# Relay\n\nOur own list, written by hand.\n";
    private static final String SKILL = "---\nname: Payments\ndescription: Take payments with Relay.\n---\n\n# Payments\n";
    private static AgentDocsServer server;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("", "", "", Map.of(
                "llms.txt", OWN_LLMS,
                ".mintlify/skills/payments/SKILL.md", SKILL,
                ".mintlify/skills/admin/SKILL.md", "---\nname: admin\ndescription: Internal.\ngroups: [admin]\n---\n",
                "files/data.csv", "a,b\n1,2\n",
                "files/spec.yaml", "openapi: 3.1.0\n",
                "files/font.woff", "wOFF",
                "files/page.html", "<script>alert(1)</script>",
                "files/app.js", "alert(1)",
                "images/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aSiteOwnLlmsTxtReplacesTheGeneratedOne() {
        HttpResponse<String> own = server.get("/sites/docs/llms.txt");
        assertEquals(200, own.statusCode());
        assertEquals(OWN_LLMS, own.body());
        assertEquals(OWN_LLMS, server.get("/sites/docs/.well-known/llms.txt").body(), "the .well-known twin");
        HttpResponse<String> full = server.get("/sites/docs/llms-full.txt");
        assertEquals(200, full.statusCode());
        assertTrue(full.body().startsWith("# Home\nSource: "), "no own llms-full.txt: the generated one: " + full.body());
    }

    @Test
    void skillsAndTheirDiscovery() throws Exception {
        HttpResponse<String> skill = server.get("/sites/docs/skill.md");
        assertEquals(200, skill.statusCode());
        assertTrue(skill.body().startsWith("---\nname: relay\ndescription: \"Webhook delivery for busy teams.\"\n---\n"), skill.body());
        assertTrue(skill.body().contains("- **Guides**: Home, Retries"), skill.body());
        JsonNode index = Mappers.JSON.readTree(server.get("/sites/docs/.well-known/agent-skills/index.json").body());
        assertEquals("https://schemas.agentskills.io/discovery/0.2.0/schema.json", index.path("$schema").asText());
        assertEquals(2, index.path("skills").size(), "the group-only skill is not public: " + index);
        JsonNode payments = index.path("skills").get(1);
        assertEquals("payments", payments.path("name").asText());
        // Under where the site is served, as the index is (/sites/docs here, /docs under a path prefix).
        assertEquals("/sites/docs/.well-known/agent-skills/payments/SKILL.md", payments.path("url").asText());
        assertTrue(payments.path("digest").asText().startsWith("sha256:"), payments.toString());
        assertEquals(SKILL, server.get(payments.path("url").asText()).body());
        assertEquals(SKILL, server.get("/sites/docs/.well-known/skills/payments/SKILL.md").body());
        assertEquals(404, server.get("/sites/docs/.well-known/skills/admin/SKILL.md").statusCode());
    }

    @Test
    void mcpDiscoveryWhereTheSiteServesMcp() throws Exception {
        HttpResponse<String> res = server.get("/sites/docs/.well-known/mcp");
        assertEquals(200, res.statusCode());
        assertTrue(res.headers().firstValue("content-type").orElse("").startsWith("application/json"));
        JsonNode d = Mappers.JSON.readTree(res.body());
        assertTrue(d.path("url").asText().endsWith("/sites/docs/mcp"), d.toString());
        assertEquals("public", d.path("servers").get(0).path("name").asText());
        assertEquals(d, Mappers.JSON.readTree(server.get("/sites/docs/.well-known/mcp.json").body()));
        assertEquals("http", Mappers.JSON.readTree(server.get("/sites/docs/.well-known/mcp/server-card.json").body()).path("transport").asText());
        assertEquals(404, server.get("/sites/quiet/.well-known/mcp").statusCode(), "MCP off: nothing to discover");
    }

    @Test
    void filesOfCommonTypesAreServedAndNothingInThemRuns() {
        for (var e : Map.of("/files/data.csv", "text/csv; charset=utf-8", "/files/font.woff", "font/woff",
                "/images/logo.svg", "image/svg+xml").entrySet()) {
            HttpResponse<String> res = server.get("/sites/docs" + e.getKey());
            assertEquals(200, res.statusCode(), e.getKey());
            assertEquals(e.getValue(), res.headers().firstValue("content-type").orElse(""), e.getKey());
            assertEquals("nosniff", res.headers().firstValue("x-content-type-options").orElse(""));
            String csp = res.headers().firstValue("content-security-policy").orElse("");
            assertTrue(csp.contains("default-src 'none'") && csp.contains("sandbox"), e.getKey() + ": " + csp);
        }
        assertEquals(404, server.get("/sites/docs/files/page.html").statusCode(), "HTML is not served from the site's origin");
        assertEquals(404, server.get("/sites/docs/files/app.js").statusCode(), "nor script");
        assertEquals(404, server.get("/sites/docs/files/spec.yaml").statusCode(), "nor the site's sources (API descriptions)");
        assertEquals(404, server.get("/sites/docs/docs.json").statusCode());
    }
}
