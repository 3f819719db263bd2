package dev.docsassistant.content;

import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs.json {@code contextual} is checked by Mintlify's rules when the site loads (what {@code check}
 * and {@code index} report): unknown identifiers, duplicates and broken custom options are errors
 * placed at their line and column; Mintlify options this server has no counterpart for are warnings.
 */
class ContextualOptionsTest {
    @TempDir
    Path dir;

    private SiteContent read(String contextual) {
        new TestSites(dir).file("docs.json", """
                {
                  "name": "Relay",
                  "navigation": {"pages": ["index"]},
                  "contextual": %s
                }""".formatted(contextual)).page("index", "Relay delivers webhooks.", "title: Home");
        return SiteReader.read(dir);
    }

    private static SiteProblem problem(SiteContent content, String pointer) {
        return content.problems().stream().filter(p -> p.location().equals(pointer)).findFirst()
                .orElseThrow(() -> new AssertionError("no problem at " + pointer + ": " + content.problems()));
    }

    @Test
    void mintlifysDocumentedOptionsAreValid() {
        SiteContent content = read("""
                {"options": ["copy", "view", "assistant", "chatgpt", "claude", "perplexity", "mcp", "cursor", "vscode",
                  {"title": "Request a feature", "description": "Join the discussion", "icon": "plus",
                   "href": "https://github.com/orgs/relay/discussions"},
                  {"title": "Share on X", "description": "Share this page", "icon": "x",
                   "href": {"base": "https://x.com/intent/tweet", "query": [{"key": "text", "value": "Read $path"}]}}],
                 "display": "toc"}""");
        assertTrue(content.problems().isEmpty(), content.problems().toString());
        ContextualOptions options = ContextualOptions.read(content.docsJson(), new java.util.ArrayList<>());
        assertEquals(11, options.options().size());
        assertTrue(options.toc());
        ContextualOptions.Custom share = assertInstanceOf(ContextualOptions.Custom.class, options.options().get(10));
        assertEquals(List.of(new ContextualOptions.Query("text", "Read $path")), share.query());
    }

    @Test
    void mistakesAreReportedWhereTheyAre() {
        SiteContent content = read("""
                {"options": ["copy", "copy", "chatpgt", "download-pdf",
                    {"description": "no title", "href": "https://a.example"},
                    {"title": "Evil", "description": "x", "href": "javascript:alert(1)"}],
                 "display": "sidebar"}""");
        SiteProblem duplicate = problem(content, "/contextual/options/1");
        assertTrue(duplicate.isError() && duplicate.message().contains("only appear once"), duplicate.toString());
        assertEquals("docs.json:4:38", duplicate.position());
        SiteProblem unknown = problem(content, "/contextual/options/2");
        assertTrue(unknown.isError() && unknown.message().startsWith("unknown option 'chatpgt'"), unknown.toString());
        SiteProblem mintlifyOnly = problem(content, "/contextual/options/3");
        assertFalse(mintlifyOnly.isError(), "valid for Mintlify, only not offered here: " + mintlifyOnly);
        assertTrue(problem(content, "/contextual/options/4/title").isError());
        SiteProblem evil = problem(content, "/contextual/options/5/href");
        assertTrue(evil.isError() && evil.message().startsWith("not a safe link"), evil.toString());
        assertTrue(problem(content, "/contextual/display").isError());
        ContextualOptions options = ContextualOptions.read(content.docsJson(), new java.util.ArrayList<>());
        assertEquals(List.of(new ContextualOptions.BuiltIn("copy")), options.options(), "only the valid options are kept");
    }

    @Test
    void optionsAreRequired() {
        SiteContent content = read("{\"display\": \"header\"}");
        assertTrue(problem(content, "/contextual/options").isError(), content.problems().toString());
        SiteContent notObject = read("[\"copy\"]");
        assertTrue(problem(notObject, "/contextual").isError(), notObject.problems().toString());
    }
}
