package dev.docsassistant.render;

import dev.docsassistant.testing.AgentDocsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A configured site is served even with problems, so its hostile pages reach the renderer: deep
 * nesting is cut to the limit and rendered, and what still cannot be rendered is a notice on the page,
 * never an answer that blames the request (it was a 400 "malformed request").
 */
class DeepPagesRenderTest {
    private static AgentDocsServer server;

    @BeforeAll
    static void start() {
        server = AgentDocsServer.start("", "", "", Map.of(
                "quotes.mdx", "---\ntitle: Quotes\n---\n" + "> ".repeat(50_000) + "deep quote\n",
                "notes.mdx", "---\ntitle: Notes\n---\n" + "<Note>\n".repeat(20_000) + "deep note\n" + "</Note>\n".repeat(20_000),
                "stars.mdx", "---\ntitle: Stars\n---\n" + "*a ".repeat(40_000) + "deep" + " b*".repeat(40_000) + "\n"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> page(String path) {
        return server.get("/sites/docs" + path);
    }

    @Test
    void fiftyThousandNestedQuotesAreRenderedCutToTheLimit() {
        HttpResponse<String> res = page("/quotes");
        assertEquals(200, res.statusCode(), res.body().substring(0, Math.min(300, res.body().length())));
        assertTrue(res.body().contains("deep quote"), "the text is kept");
        int depth = res.body().split("<blockquote", -1).length - 1;
        assertTrue(depth > 0 && depth <= 32, "quotes rendered: " + depth);
    }

    @Test
    void twentyThousandNestedComponentsAreServed() {
        HttpResponse<String> res = page("/notes");
        assertEquals(200, res.statusCode(), res.body().substring(0, Math.min(300, res.body().length())));
        assertTrue(res.body().contains("deep note"));
    }

    @Test
    void inlineNestingThatCannotBeRenderedIsANoticeNotAnError() {
        HttpResponse<String> res = page("/stars");
        assertEquals(200, res.statusCode(), res.body().substring(0, Math.min(300, res.body().length())));
        assertTrue(res.body().contains("deep") || res.body().contains("This page cannot be shown"), "a body or the notice");
    }
}
