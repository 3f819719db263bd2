package dev.docsassistant.render;

import dev.docsassistant.content.NavItem;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PageApi;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.publish.AgentFiles;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import dev.docsassistant.config.SiteConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A site whose reference comes from an OpenAPI 3.1 document with {@code $ref}s to another file,
 * webhooks, a recursive schema and security schemes, a Swagger 2.0 document and an AsyncAPI 3.0
 * one (src/test/resources/api-sites/petstore): the pages docs.json asks for, their Markdown and
 * their HTML.
 */
class ApiReferenceTest {
    @TempDir
    static Path dir;
    private static SiteContent content;
    private static SiteRenderer renderer;

    @BeforeAll
    static void read() {
        TestSites.copyOf(Path.of("src/test/resources/api-sites/petstore"), dir);
        content = SiteReader.read(dir);
        Site site = new Site(new SiteConfig("pets", "acme", dir, Optional.empty()), content, null, null);
        renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
    }

    private static String html(String path) {
        SiteRenderer.Result result = renderer.render(path, "", null);
        assertTrue(result instanceof SiteRenderer.HtmlPage page && page.status() == 200, path + ": " + result);
        return ((SiteRenderer.HtmlPage) result).html();
    }

    @Test
    void theSiteReadsWithOnlyItsRecursiveSchemaReported() {
        // The family tree's Node holds its children: valid, served, and a warning saying where its tree is cut.
        assertEquals(List.of("openapi.yaml /components/schemas/Node/properties/children/items: recursive schema Node (Node → Node): "
                + "its fields are shown once, and cut where it repeats"), content.problems().stream().map(Object::toString).toList());
        assertTrue(content.problems().stream().noneMatch(p -> p.isError()));
    }

    @Test
    void everyOperationAndWebhookGetsAPageByTagAndSummary() {
        for (String path : List.of("reference/pets/list-pets", "reference/pets/create-a-pet", "reference/pets/get-a-pet",
                "reference/pets/pet-adopted", "reference/trees/the-family-tree", "reference/pets/delete-a-pet")) {
            assertTrue(content.page(path).isPresent(), path + " in " + content.pagesByPath().keySet());
        }
        Page list = content.page("reference/pets/list-pets").orElseThrow();
        assertEquals("List pets", list.title());
        assertEquals("Lists the pets of the store, newest first.", list.description());
        assertEquals("openapi.yaml", list.file());
        assertTrue(list.searchable());
        assertTrue(list.keywords().containsAll(List.of("GET /pets", "listPets")), list.keywords().toString());
        assertTrue(content.pages().stream().noneMatch(p -> p.title().equals("Internal only")), "x-excluded: no page");
        Page hidden = content.page("reference/pets/delete-a-pet").orElseThrow();
        assertNull(hidden.nav(), "x-hidden: served, not in the navigation");
        assertFalse(hidden.searchable());
        Page tree = content.page("reference/trees/the-family-tree").orElseThrow();
        assertEquals("Family tree", tree.navTitle(), "x-mint.metadata");
    }

    @Test
    void tagsBecomeGroupsNamedByXGroup() {
        NavItem reference = content.navigation().tree().children().stream()
                .filter(t -> "API reference".equals(t.label())).findFirst().orElseThrow();
        List<String> groups = reference.children().stream().map(NavItem::label).toList();
        assertEquals(List.of("Pets", "trees"), groups);
        List<String> pets = reference.children().get(0).children().stream().map(NavItem::page).toList();
        assertEquals(List.of("reference/pets/list-pets", "reference/pets/create-a-pet", "reference/pets/get-a-pet",
                "reference/pets/pet-adopted"), pets);
    }

    @Test
    void selectiveEntriesInheritTheirDescriptionAndNameOtherFiles() {
        assertTrue(content.navigation().pages().containsKey("reference/pets/get-a-pet"));
        Page legacy = content.page("api-reference/legacy-list").orElseThrow();
        assertTrue(legacy.markdown().contains("`GET /legacy`"), "Swagger 2.0 converted: " + legacy.markdown());
        assertTrue(legacy.markdown().contains("**`q`** (string, required)"), legacy.markdown());
        Page channel = content.page("api-reference/pet-events").orElseThrow();
        assertTrue(channel.api() instanceof PageApi.Channel);
        assertTrue(channel.markdown().contains("**`petId`** (integer, required)"), channel.markdown());
    }

    @Test
    void theMarkdownCarriesTheOperationForSearchAndAgents() {
        String md = content.page("pet-page").orElseThrow().markdown();
        assertTrue(md.startsWith("Written before the reference."), md);
        for (String expected : List.of("`POST /pets`", "Operation ID: `createPet`", "**X-Api-Key**".replace("X-Api-Key", "apiKey"),
                "**`name`** (string, required)", "minLength: 1.", "`multipart/form-data`", "**`photo`** (file, required)",
                "One of: **cat** (object)", "discriminator: petType", "- `400`: Invalid pet")) {
            assertTrue(md.contains(expected), expected + " in\n" + md);
        }
        assertFalse(md.substring(0, md.indexOf("## Responses")).contains("**`id`**"), "read-only fields are not part of a request");
        assertTrue(md.substring(md.indexOf("## Responses")).contains("**`id`**"), "but of a response");
        assertFalse(md.substring(md.indexOf("## Responses")).contains("**`secret`**"), "write-only fields are not part of a response");
        String tree = content.page("reference/trees/the-family-tree").orElseThrow().markdown();
        assertTrue(tree.contains("recursive: Node"), tree);
        String schema = content.page("schema-page").orElseThrow().markdown();
        assertTrue(schema.startsWith("`Pet` (object)"), schema);
    }

    @Test
    void generatedPagesAreInTheSitemapLlmsTxtAndTheirMarkdownView() {
        AgentFiles files = new AgentFiles(new Site(new SiteConfig("pets", "acme", dir, Optional.empty()), content, null, null));
        assertTrue(files.get("/sitemap.xml", "https://pets.example", false).orElseThrow().body()
                .contains("https://pets.example/reference/pets/create-a-pet"));
        assertTrue(files.get("/llms.txt", "https://pets.example", false).orElseThrow().body().contains("[Create a pet]"));
        String md = files.get("/reference/pets/create-a-pet.md", "https://pets.example", false).orElseThrow().body();
        assertTrue(md.startsWith("# Create a pet") && md.contains("`POST /pets`") && md.contains("**`photo`** (file, required)"), md);
        assertFalse(files.get("/sitemap.xml", "https://pets.example", false).orElseThrow().body().contains("delete-a-pet"),
                "x-hidden: not offered to crawlers");
    }

    @Test
    void theEndpointPageIsCompleteWithoutJavaScript() {
        String page = html("/reference/pets/get-a-pet");
        assertTrue(page.contains("<span class=\"api-method api-method-get\">GET</span><code class=\"api-path\">/pets/<span class=\"api-path-param\">{petId}</span></code>"), page);
        assertTrue(page.contains("<code>https://{region}.petstore.example/v1</code>"), "servers");
        assertTrue(page.contains("default: <code>eu</code>"), "server variables");
        assertTrue(page.contains("Bearer token (JWT)"), "security");
        assertTrue(page.contains("id=\"path-parameters\""), "parameters grouped by place");
        assertTrue(page.contains("<code class=\"field-name\">petId</code><span class=\"field-meta field-type\">integer</span><span class=\"field-required\">required</span>"), page);
        assertTrue(page.contains("minimum:"), "constraints");
        assertTrue(page.contains("curl --request GET"), "cURL sample");
        assertTrue(page.contains("https://eu.petstore.example/v1/pets/1"), "server variables and parameters filled in");
        for (String language : List.of("language-python", "language-javascript", "language-go", "language-java")) {
            assertTrue(page.contains(language), language);
        }
        String article = page.substring(page.indexOf("<div class=\"prose\">"), page.indexOf("</article>"));
        assertFalse(article.contains("<script"), "no script in the body");
    }

    @Test
    void bodiesAndResponsesAreExpandableTrees() {
        String page = html("/pet-page");
        assertTrue(page.indexOf("Written before the reference.") < page.indexOf("api-method-post"), "the page's own text first");
        assertTrue(page.contains("<details class=\"expandable\"><summary>cat"), "oneOf as choices");
        assertTrue(page.contains("nullable"), "a 3.1 null type is nullable");
        assertTrue(page.contains("petstore pets create --name Rex"), "x-codeSamples replace generated samples");
        assertFalse(page.contains("curl --request POST"), "x-codeSamples replace generated samples");
        assertTrue(page.contains("Missing name") && page.contains("Unknown species"), "named examples");
        assertTrue(page.contains("<span class=\"api-status api-status-2xx\">201</span>"), page);
        String tree = html("/reference/trees/the-family-tree");
        assertTrue(tree.contains("callout-note"), "x-mint.content as MDX");
        assertTrue(tree.contains("recursive: Node"), "recursion cut");
    }
}
