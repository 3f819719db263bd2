package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * API descriptions that are broken, hostile or huge: each a site problem naming its file (and where
 * it can, the place in it); the rest of the site is read and served, no page is unbounded.
 */
class ApiBadInputTest {
    private static final String GOOD = """
            {"openapi": "3.0.3", "info": {"title": "Good", "version": "1"},
             "paths": {"/ok": {"get": {"summary": "Fine", "responses": {"200": {"description": "OK"}}}}}}""";

    private static SiteContent site(Path dir, String navigation, TestSites files) {
        files.file("docs.json", "{\"name\": \"T\", \"navigation\": " + navigation + "}").page("guide", "Prose.", "title: Guide");
        return SiteReader.read(dir);
    }

    private static SiteProblem problemOf(SiteContent content, String file) {
        return content.problems().stream().filter(p -> p.file().equals(file)).findFirst()
                .orElseThrow(() -> new AssertionError("no problem of " + file + " in " + content.problems()));
    }

    private static String render(SiteContent content, String path) {
        Site site = new Site(new SiteConfig("t", "acme", content.dir(), Optional.empty()), content, null, null);
        SiteRenderer.Result result = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE).render(path, "", null);
        assertTrue(result instanceof SiteRenderer.HtmlPage page && page.status() == 200, path + ": " + result);
        return ((SiteRenderer.HtmlPage) result).html();
    }

    @Test
    void anUnparsableDescriptionIsAProblemWithItsLineAndTheRestIsServed(@TempDir Path dir) {
        SiteContent content = site(dir, """
                {"groups": [{"group": "Guide", "pages": ["guide"]}, {"group": "API", "openapi": "broken.json"},
                            {"group": "Good", "openapi": "good.json"}]}""",
                new TestSites(dir).file("broken.json", "{\"openapi\": \"3.0.3\",\n  \"paths\": {oops}}").file("good.json", GOOD));
        SiteProblem p = problemOf(content, "broken.json");
        assertTrue(p.isError());
        assertEquals(2, p.line(), p.toString());
        assertTrue(p.message().startsWith("invalid JSON"), p.message());
        assertTrue(content.page("api-reference/fine").isPresent(), "the other description's pages");
        assertTrue(render(content, "/guide").contains("Prose."));
    }

    @Test
    void referencesToMissingFilesOutsideTheFolderAndUrlsAreProblems(@TempDir Path parent) throws IOException {
        Path dir = Files.createDirectories(parent.resolve("site"));
        Files.writeString(parent.resolve("secret.yaml"), "Secret: {type: string, description: TOP-SECRET}\n");
        SiteContent content = site(dir, """
                {"groups": [{"group": "A", "openapi": "missing-ref.yaml"}, {"group": "B", "openapi": "outside.yaml"},
                            {"group": "C", "openapi": "remote.yaml"}]}""", new TestSites(dir)
                .file("missing-ref.yaml", spec("'./schemas/absent.yaml#/Thing'"))
                .file("outside.yaml", spec("'../secret.yaml#/Secret'"))
                .file("remote.yaml", spec("'https://example.com/schemas.yaml#/Thing'")));
        assertEquals("$ref to missing file schemas/absent.yaml", problemOf(content, "missing-ref.yaml").message());
        assertTrue(problemOf(content, "missing-ref.yaml").location().startsWith("/paths/~1things/get/responses/200"),
                problemOf(content, "missing-ref.yaml").location());
        assertTrue(problemOf(content, "outside.yaml").message().startsWith("$ref points outside the site folder"));
        assertTrue(problemOf(content, "remote.yaml").message().startsWith("$ref to a URL is not followed"));
        assertTrue(content.pages().stream().noneMatch(p -> p.markdown().contains("TOP-SECRET")), "nothing outside is read");
    }

    private static String spec(String ref) {
        return """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /things:
                    get:
                      summary: Things
                      responses:
                        '200':
                          description: OK
                          content:
                            application/json:
                              schema: {$ref: %s}
                """.formatted(ref);
    }

    @Test
    void aNavigationEntryNamingAnUnknownOperationIsAnError(@TempDir Path dir) {
        SiteContent content = site(dir, """
                {"groups": [{"group": "API", "openapi": "good.json", "pages": ["guide", "GET /ok", "DELETE /nothing"]}]}""",
                new TestSites(dir).file("good.json", GOOD));
        SiteProblem p = problemOf(content, "docs.json");
        assertTrue(p.isError());
        assertEquals("/navigation/groups/0/pages/2", p.location());
        assertTrue(p.message().startsWith("operation not found: DELETE /nothing"), p.message());
        assertTrue(content.navigation().pages().containsKey("api-reference/fine"), "the known one is in the navigation");
        assertEquals(1, content.problems().size(), content.problems().toString());
    }

    @Test
    void aSampleLanguageNoGeneratorWritesIsAWarning(@TempDir Path dir) {
        new TestSites(dir).file("good.json", GOOD);
        SiteContent content = SiteReader.read(new TestSites(dir).file("docs.json", """
                {"navigation": {"groups": [{"group": "API", "openapi": "good.json"}]},
                 "api": {"examples": {"languages": ["curl", "cobol"]}}}""").dir());
        SiteProblem p = problemOf(content, "docs.json");
        assertEquals("/api/examples/languages/1", p.location());
        assertFalse(p.isError());
        String html = render(content, "/api-reference/fine");
        assertTrue(html.contains("curl --request GET") && !html.contains("language-python"), "the languages asked for, and only those");
    }

    @Test
    void aTwentyMegabyteDescriptionIsRefusedNotParsed(@TempDir Path dir) throws IOException {
        StringBuilder big = new StringBuilder("{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"Big\", \"version\": \"1\"}, \"paths\": {");
        String op = "\"/p%d\": {\"get\": {\"summary\": \"Operation %d with a long enough summary to fill the document\", "
                + "\"responses\": {\"200\": {\"description\": \"OK\"}}}},";
        for (int i = 0; big.length() < 20 * 1024 * 1024; i++) {
            big.append(op.formatted(i, i));
        }
        big.setLength(big.length() - 1);
        big.append("}}");
        new TestSites(dir).file("big.json", big.toString());
        long start = System.nanoTime();
        SiteContent content = site(dir, "{\"groups\": [{\"group\": \"API\", \"openapi\": \"big.json\"}, {\"group\": \"G\", \"pages\": [\"guide\"]}]}",
                new TestSites(dir));
        assertTrue(problemOf(content, "big.json").message().startsWith("too large"), problemOf(content, "big.json").message());
        assertTrue(System.nanoTime() - start < 30_000_000_000L, "refused before parsing");
        assertEquals(List.of("guide"), content.pages().stream().map(p -> p.path()).toList());
    }

    @Test
    void fiveHundredParametersMakeABoundedPageAndAProblem(@TempDir Path dir) {
        StringBuilder params = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            params.append(i == 0 ? "" : ",").append("{\"name\": \"p").append(i).append("\", \"in\": \"query\", \"schema\": {\"type\": \"string\"}}");
        }
        String wide = """
                {"openapi": "3.0.3", "info": {"title": "Wide", "version": "1"},
                 "paths": {"/wide": {"get": {"summary": "Wide", "parameters": [%s], "responses": {"200": {"description": "OK"}}}}}}"""
                .formatted(params);
        SiteContent content = site(dir, "{\"groups\": [{\"group\": \"API\", \"openapi\": \"wide.json\"}]}",
                new TestSites(dir).file("wide.json", wide));
        SiteProblem p = problemOf(content, "wide.json");
        assertFalse(p.isError());
        assertTrue(p.message().contains("500 parameters"), p.message());
        String html = render(content, "/api-reference/wide");
        assertTrue(html.contains("<code class=\"field-name\">p199</code>"));
        assertFalse(html.contains("<code class=\"field-name\">p200</code>"), "the page stops at 200 parameters");
        assertTrue(html.contains("300 more parameters are not shown"));
    }

    @Test
    void recursiveSchemasAreCutInTreesAndExamples(@TempDir Path dir) {
        String recursive = """
                openapi: 3.0.3
                info: {title: R, version: '1'}
                paths:
                  /nodes:
                    post:
                      summary: Add node
                      requestBody:
                        content:
                          application/json:
                            schema: {$ref: '#/components/schemas/A'}
                      responses:
                        '200': {description: OK}
                components:
                  schemas:
                    A:
                      allOf:
                        - $ref: '#/components/schemas/B'
                        - properties: {a: {$ref: '#/components/schemas/A'}}
                    B:
                      properties:
                        b: {$ref: '#/components/schemas/A'}
                        list: {type: array, items: {$ref: '#/components/schemas/B'}}
                """;
        SiteContent content = site(dir, "{\"groups\": [{\"group\": \"API\", \"openapi\": \"r.yaml\"}]}",
                new TestSites(dir).file("r.yaml", recursive));
        // One warning per loop (A → B → A, A → A through its own property, B → B through its list): the site is
        // served, a deployment goes live.
        List<SiteProblem> problems = content.problems();
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.stream().allMatch(p -> p.file().equals("r.yaml") && !p.isError()), problems.toString());
        SiteProblem loop = problems.stream().filter(p -> p.message().contains("A → B → A")).findFirst().orElseThrow(() -> new AssertionError(problems));
        assertEquals("/components/schemas/B/properties/b", loop.location(), "where the reference back is");
        assertTrue(loop.message().startsWith("recursive schema A"), loop.message());
        assertTrue(problems.stream().anyMatch(p -> p.location().equals("/components/schemas/A/allOf/1/properties/a")
                && p.message().contains("(A → A)")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.location().equals("/components/schemas/B/properties/list/items")
                && p.message().contains("(B → B)")), problems.toString());
        String html = render(content, "/api-reference/add-node");
        assertTrue(html.contains("recursive: A"), "cut where it repeats");
        assertTrue(html.length() < 200_000, "bounded: " + html.length());
    }

    @Test
    void aRecursiveSchemaOfAn31DocumentIsAWarningToo(@TempDir Path dir) {
        String recursive = """
                openapi: 3.1.0
                info: {title: R, version: '1'}
                paths:
                  /tree:
                    get:
                      summary: Get tree
                      responses:
                        '200':
                          description: OK
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/Node'}
                components:
                  schemas:
                    Node:
                      type: object
                      properties:
                        name: {type: string}
                        children: {type: array, items: {$ref: '#/components/schemas/Node'}}
                """;
        SiteContent content = site(dir, "{\"groups\": [{\"group\": \"API\", \"openapi\": \"tree.yaml\"}]}",
                new TestSites(dir).file("tree.yaml", recursive));
        SiteProblem p = problemOf(content, "tree.yaml");
        assertFalse(p.isError(), "valid OpenAPI: reported, never blocking");
        assertEquals("/components/schemas/Node/properties/children/items", p.location());
        assertTrue(p.message().startsWith("recursive schema Node (Node → Node)"), p.message());
        assertEquals(1, content.problems().size(), content.problems().toString());
        assertTrue(render(content, "/api-reference/get-tree").contains("recursive: Node"));
    }
}
