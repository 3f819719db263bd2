package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Symbolic links in a site folder: one leading outside it (to another folder's secrets, to
 * {@code /proc/self/environ}) is reported when the site loads and never read or served, whichever way
 * the site uses it; one that stays inside the folder works as the file it points to.
 */
class SiteSymlinksTest {
    private static final String SECRET = "SECRET_FROM_OUTSIDE_7f3a";
    @TempDir
    static Path dir;
    private static SiteContent content;
    private static SiteRenderer renderer;

    @BeforeAll
    static void site() throws IOException {
        Path outside = dir.resolve("outside");
        new TestSites(outside)
                .file("env.txt", SECRET + "\n")
                .file("nav.json", "{\"group\": \"" + SECRET + "\", \"pages\": [\"intro\"]}")
                .file("secret.mdx", "---\ntitle: Leaked\n---\n\n" + SECRET + " page\n")
                .file("snippet.mdx", SECRET + " snippet\n")
                .file("openapi.json", """
                        {"openapi": "3.0.0", "paths": {"/leak": {"get": {"summary": "%s operation"}}}}""".formatted(SECRET));
        Files.write(outside.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Path site = dir.resolve("site");
        new TestSites(site)
                .file("docs.json", """
                        {"name": "S", "navigation": {"groups": [{"$ref": "nav.json"}, {"group": "More", "pages": ["alias"]}]},
                         "api": {"openapi": "openapi.json"}}""")
                .page("intro", """
                        import Leak from '/snippets/leak.mdx';
                        import Fine from '/snippets/fine.mdx';

                        Welcome.

                        <Leak />

                        <Fine />
                        """, "title: Intro")
                .page("api", "The API.", "title: API", "openapi: GET /leak")
                .page("real", "The real page.", "title: Real")
                .file("snippets/fine.mdx", "Inside snippet text.\n")
                .file("images/logo.png", "png");
        Files.createSymbolicLink(site.resolve("env.txt"), outside.resolve("env.txt"));
        Files.createSymbolicLink(site.resolve("environ.txt"), Path.of("/proc/self/environ"));
        Files.createSymbolicLink(site.resolve("nav.json"), outside.resolve("nav.json"));
        Files.createSymbolicLink(site.resolve("leaked.mdx"), outside.resolve("secret.mdx"));
        Files.createSymbolicLink(site.resolve("snippets/leak.mdx"), outside.resolve("snippet.mdx"));
        Files.createSymbolicLink(site.resolve("openapi.json"), outside.resolve("openapi.json"));
        Files.createSymbolicLink(site.resolve("logo-outside.png"), outside.resolve("logo.png"));
        Files.createSymbolicLink(site.resolve("relative.png"), Path.of("../outside/logo.png"));
        // Links that stay inside the folder are fine.
        Files.createSymbolicLink(site.resolve("alias.mdx"), Path.of("real.mdx"));
        Files.createSymbolicLink(site.resolve("logo.png"), site.resolve("images/logo.png"));
        content = SiteReader.read(site);
        renderer = new SiteRenderer(new Site(new SiteConfig("t", "acme", site, Optional.empty()), content, null, null),
                SiteAssets.fromClassPath(), "svc_dsc_test", Injected.NONE);
    }

    @Test
    void linksLeavingTheFolderAreLoadProblems() {
        List<String> problems = content.problems().stream().map(SiteProblem::toString).toList();
        for (String link : List.of("env.txt", "environ.txt", "nav.json", "leaked.mdx", "snippets/leak.mdx", "openapi.json",
                "logo-outside.png", "relative.png")) {
            assertTrue(problems.stream().anyMatch(p -> p.startsWith(link + ": symbolic link leading outside the site folder")),
                    link + " in " + problems);
        }
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("docs.json") && p.contains(" /navigation/groups/0/$ref")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("intro.mdx") && p.contains(" import: snippet is a symbolic link")), problems.toString());
        assertFalse(problems.stream().anyMatch(p -> p.startsWith("alias.mdx") || p.startsWith("logo.png")),
                "links inside the folder are fine: " + problems);
    }

    @Test
    void nothingFromOutsideIsReadIntoTheSite() {
        assertFalse(content.pagesByPath().containsKey("leaked"), "a page linked from outside is not a page");
        assertFalse(content.docsJson().toString().contains(SECRET), "no $ref through a link");
        content.pages().forEach(page -> assertFalse(page.markdown().contains(SECRET), page.path()));
        assertTrue(content.pagesByPath().get("intro").markdown().contains("Inside snippet text."), "a snippet inside is inlined");
        assertTrue(content.pagesByPath().get("alias").markdown().contains("The real page."), "a page linked inside is read");
        SiteRenderer.HtmlPage intro = assertInstanceOf(SiteRenderer.HtmlPage.class, renderer.render("/intro", "/sites/t", null));
        assertFalse(intro.html().contains(SECRET));
        SiteRenderer.HtmlPage api = assertInstanceOf(SiteRenderer.HtmlPage.class, renderer.render("/api", "/sites/t", null));
        assertFalse(api.html().contains(SECRET));
    }

    @Test
    void staticFilesLinkedFromOutsideAreNotServed() {
        for (String path : List.of("/env.txt", "/environ.txt", "/logo-outside.png", "/relative.png", "/openapi.json", "/nav.json")) {
            SiteRenderer.Result result = renderer.render(path, "/sites/t", null);
            assertFalse(result instanceof SiteRenderer.SiteFile, path + " served: " + result);
        }
        SiteRenderer.SiteFile logo = assertInstanceOf(SiteRenderer.SiteFile.class, renderer.render("/logo.png", "/sites/t", null));
        assertEquals("image/png", logo.contentType(), "a link inside the folder is served");
    }

    @Test
    void aDocsJsonLinkedFromOutsideIsNotReadAndReportedOnce() throws IOException {
        Path site = dir.resolve("site-with-linked-docs-json");
        new TestSites(site).page("index", "Home.", "title: Home");
        Files.createSymbolicLink(site.resolve("docs.json"), dir.resolve("outside/nav.json"));
        SiteContent linked = SiteReader.read(site);
        assertTrue(linked.docsJson().isMissingNode(), linked.docsJson().toString());
        assertEquals(List.of("docs.json: " + "symbolic link leading outside the site folder (or nowhere): not read and not served"),
                linked.problems().stream().map(SiteProblem::toString).toList());
    }
}
