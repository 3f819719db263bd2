package dev.docsassistant.publish;

import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.AgentDocsServer;
import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestApps;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** llms.txt, llms-full.txt, Markdown pages, sitemap.xml and robots.txt over HTTP, on both site addresses. */
class AgentFilesTest {
    private static final Pattern LINK = Pattern.compile("\\]\\((http[^)]+)\\)");
    private static AgentDocsServer server;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("", "");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String base() {
        return server.uri("/sites/docs").toString();
    }

    @Test
    void llmsTxtListsTheNavigationAndEveryLinkResolves() {
        HttpResponse<String> res = server.get("/sites/docs/llms.txt");
        assertEquals(200, res.statusCode());
        assertTrue(res.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain"));
        String llms = res.body();
        assertTrue(llms.startsWith("# Relay\n\n> Webhook delivery for busy teams.\n\n## Guides\n\n"), llms);
        assertTrue(llms.contains("- [Retries](" + base() + "/retries.md): How failed deliveries are retried\n"), llms);
        assertTrue(llms.contains("- [Home](" + base() + "/index.md): Start here\n"), llms);
        for (String absent : List.of("partners/pricing", "internal", "old", "draft")) {
            assertFalse(llms.contains("/" + absent + ".md"), absent + " is not listed: " + llms);
        }
        Matcher links = LINK.matcher(llms);
        int n = 0;
        while (links.find()) {
            String path = links.group(1).substring(server.uri("").toString().length());
            HttpResponse<String> page = server.get(path);
            assertEquals(200, page.statusCode(), path);
            assertTrue(page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/markdown"), path);
            n++;
        }
        assertEquals(2, n);
        assertTrue(llms.contains(base() + "/llms-full.txt"));
    }

    @Test
    void llmsFullTxtHoldsEveryListedPageAsAgentMarkdown() {
        String full = server.get("/sites/docs/llms-full.txt").body();
        assertTrue(full.startsWith("# Home\nSource: " + base() + "/index\n"), full);
        assertTrue(full.contains("# Retries\nSource: " + base() + "/retries\n"), full);
        assertTrue(full.contains(AgentDocsServer.AGENTS_ONLY) && !full.contains(AgentDocsServer.HUMANS_ONLY), full);
        assertFalse(full.contains("30 percent") || full.contains("Runbook"), "no access-group or hidden page");
    }

    @Test
    void pagesAsMarkdownByExtensionOrAccept() {
        HttpResponse<String> md = server.get("/sites/docs/retries.md");
        assertEquals(200, md.statusCode());
        assertEquals("text/markdown; charset=utf-8", md.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(md.body().startsWith("# Retries\n\nHow failed deliveries are retried\n\nFailed deliveries"), md.body());
        assertTrue(md.body().contains(AgentDocsServer.AGENTS_ONLY) && !md.body().contains(AgentDocsServer.HUMANS_ONLY));

        HttpResponse<String> accept = server.get("/sites/docs/retries", "Accept", "text/markdown");
        assertEquals(md.body(), accept.body());
        assertEquals("Accept", accept.headers().firstValue("Vary").orElseThrow());
        HttpResponse<String> html = server.get("/sites/docs/retries", "Accept", "text/html");
        assertTrue(html.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
        assertTrue(html.headers().firstValue("Vary").orElse("").contains("Accept"));

        assertEquals(200, server.get("/sites/docs/internal.md").statusCode(), "hidden pages are reachable, as in HTML");
        assertEquals(404, server.get("/sites/docs/partners/pricing.md").statusCode(), "never an access-group page");
        assertEquals(404, server.get("/sites/docs/nope.md").statusCode());
        assertTrue(server.get("/sites/docs/", "Accept", "text/markdown").body().startsWith("# Home"));
    }

    @Test
    void sitemapAndRobotsFollowTheIndexingRules() {
        HttpResponse<String> sitemap = server.get("/sites/docs/sitemap.xml");
        assertEquals(200, sitemap.statusCode());
        assertTrue(sitemap.headers().firstValue("Content-Type").orElseThrow().startsWith("application/xml"));
        assertEquals("""
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>%1$s/</loc></url>
                  <url><loc>%1$s/retries</loc></url>
                </urlset>
                """.formatted(base()), sitemap.body());
        String robots = server.get("/sites/docs/robots.txt").body();
        assertEquals("""
                User-agent: *
                Disallow: /sites/docs/draft
                Disallow: /sites/docs/internal
                Disallow: /sites/docs/old

                Sitemap: %s/sitemap.xml
                """.formatted(base()), robots);
    }

    @Test
    void seoIndexingAllListsHiddenPagesAndPagesOutsideTheNavigationButNotNoindex() {
        try (AgentDocsServer all = AgentDocsServer.start("", "", "\"seo\": {\"indexing\": \"all\"},")) {
            String llms = all.get("/sites/docs/llms.txt").body();
            String base = all.uri("/sites/docs").toString();
            assertTrue(llms.contains("- [Runbook](" + base + "/internal.md)"), llms);
            assertTrue(llms.contains("## Other pages\n\n- [Draft](" + base + "/draft.md)"), llms);
            assertFalse(llms.contains("/old.md"), "noindex always keeps a page out");
            assertTrue(all.get("/sites/docs/sitemap.xml").body().contains(base + "/draft</loc>"));
            assertTrue(all.get("/sites/docs/robots.txt").body().startsWith("User-agent: *\nDisallow: /sites/docs/old\n"));
        }
    }

    @Tag(Corpora.TAG)
    @Test
    void everyLanguageAndVersionHasItsOwnFiles() {
        Site mintlify = TestApps.corpora().sites().get("mintlify").orElseThrow();
        AgentFiles files = new AgentFiles(mintlify);
        String en = files.get("/llms.txt", "https://docs.example", false).orElseThrow().body();
        String fr = files.get("/fr/llms.txt", "https://docs.example", false).orElseThrow().body();
        assertTrue(en.contains("- [language fr](https://docs.example/fr/llms.txt)"), en);
        assertTrue(fr.contains("](https://docs.example/fr/"), fr);
        assertFalse(fr.contains("](https://docs.example/quickstart.md)"), "French pages only");
        assertTrue(files.get("/zh/llms-full.txt", "https://docs.example", false).isPresent());

        Site mcp = TestApps.corpora().sites().get("mcp").orElseThrow();
        String versions = new AgentFiles(mcp).get("/llms.txt", "https://mcp.example", false).orElseThrow().body();
        Matcher other = Pattern.compile("- \\[([^]]+)]\\(https://mcp\\.example(/[^)]+)/llms\\.txt\\)").matcher(versions);
        assertTrue(other.find(), versions);
        String versioned = new AgentFiles(mcp).get(other.group(2) + "/llms.txt", "https://mcp.example", false).orElseThrow().body();
        assertTrue(versioned.contains("Version: " + other.group(1)), versioned);
    }
}
