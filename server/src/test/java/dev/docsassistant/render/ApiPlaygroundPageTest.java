package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an endpoint page carries for the playground (src/test/resources/api-sites/playground and the
 * petstore): with docs.json {@code api.playground.display} {@code interactive} (the default) the form
 * as a JSON data element, {@code simple} a copyable line with the method and full address, {@code none}
 * and {@code auth} nothing; a page's front matter overrides the site; the proxy setting reaches the
 * browser; a display the platform does not know is a problem of docs.json.
 */
class ApiPlaygroundPageTest {
    private static final Pattern ELEMENT = Pattern.compile(
            "<script type=\"application/json\" id=\"da:playground\">(.*?)</script>", Pattern.DOTALL);

    @TempDir
    Path dir;

    private SiteContent site(String fixture, String api) throws IOException {
        Path site = Files.createTempDirectory(dir, fixture);
        TestSites.copyOf(Path.of("src/test/resources/api-sites/" + fixture), site);
        if (api != null) {
            Path docs = site.resolve("docs.json");
            String text = Files.readString(docs);
            Files.writeString(docs, text.substring(0, text.lastIndexOf('}')) + ", \"api\": " + api + "}");
        }
        return SiteReader.read(site);
    }

    private static String html(SiteContent content, String path) {
        SiteRenderer renderer = new SiteRenderer(new Site(new SiteConfig("pets", "acme", content.dir(), Optional.empty()), content, null, null),
                SiteAssets.fromClassPath(), null, Injected.NONE);
        SiteRenderer.Result result = renderer.render(path, "", null);
        assertTrue(result instanceof SiteRenderer.HtmlPage page && page.status() == 200, path + ": " + result);
        return ((SiteRenderer.HtmlPage) result).html();
    }

    private static JsonNode form(String html) throws IOException {
        Matcher m = ELEMENT.matcher(html);
        assertTrue(m.find(), "the playground element");
        String json = m.group(1);
        assertFalse(m.find(), "one element");
        return Mappers.JSON.readTree(json);
    }

    @Test
    void aSignedInReadersEndpointPageCarriesTheirPlaygroundInputs() throws IOException {
        SiteContent content = site("playground", null);
        SiteRenderer renderer = new SiteRenderer(new Site(new SiteConfig("pets", "acme", content.dir(), Optional.empty()), content, null, null),
                SiteAssets.fromClassPath(), null, Injected.NONE);
        ReaderValues reader = new ReaderValues(path -> Optional.empty(), "{\"header\":{\"X-Api-Key\":\"</script>k\"}}");
        String page = ((SiteRenderer.HtmlPage) renderer.render("/api/get-a-pet", "", null, null, reader)).html();
        assertTrue(page.contains("<script type=\"application/json\" id=\"api-playground-inputs\">"
                + "{\"header\":{\"X-Api-Key\":\"\\u003c/script\\u003ek\"}}</script>"), page);
        assertFalse(html(content, "/api/get-a-pet").contains("api-playground-inputs"), "no reader, no inputs");
    }

    @Test
    void anInteractivePageCarriesEveryParameterServerCredentialAndBody() throws IOException {
        SiteContent content = site("playground", null);
        assertEquals(List.of(), content.problems());
        JsonNode get = form(html(content, "/api/get-a-pet"));
        assertTrue(get.path("proxy").asBoolean(), "through the proxy by default");
        assertFalse(get.path("credentials").asBoolean());
        JsonNode op = get.path("operation");
        assertEquals("GET", op.path("method").asText());
        assertEquals("/pets/{petId}", op.path("path").asText());
        assertEquals("http://127.0.0.1:4010", op.path("servers").path(0).path("url").asText());
        assertEquals("""
                [{"name":"petId","in":"path","required":true,"type":"integer","example":"7"},\
                {"name":"fields","in":"query","required":true,"type":"string","enum":["name","species"],"example":"name"},\
                {"name":"X-Trace-Id","in":"header","required":true,"type":"string","example":"trace-1"}]""",
                op.path("parameters").toString());
        assertEquals("[[{\"id\":\"apiKey\",\"kind\":\"apiKey\",\"in\":\"header\",\"name\":\"X-Api-Key\"}]]", op.path("auth").toString());

        JsonNode create = form(html(content, "/api/create-a-pet")).path("operation").path("body");
        assertTrue(create.path("required").asBoolean());
        assertEquals("application/json", create.path("media").path(0).path("type").asText());
        assertEquals(Mappers.JSON.readTree("{\"name\":\"Rex\",\"species\":\"dog\"}"),
                Mappers.JSON.readTree(create.path("media").path(0).path("example").asText()));

        JsonNode upload = form(html(content, "/api/upload-a-photo")).path("operation").path("body").path("media").path(0);
        assertEquals("multipart/form-data", upload.path("type").asText());
        assertEquals("[{\"name\":\"photo\",\"required\":true,\"type\":\"file\"},{\"name\":\"caption\",\"required\":true,\"type\":\"string\"}]",
                upload.path("fields").toString());
    }

    @Test
    void serverVariablesEveryAuthenticationKindAndTheProxySetting() throws IOException {
        SiteContent content = site("petstore", "{\"playground\": {\"proxy\": false, \"credentials\": true}, \"examples\": {\"prefill\": true}}");
        JsonNode create = form(html(content, "/reference/pets/create-a-pet"));
        assertFalse(create.path("proxy").asBoolean());
        assertTrue(create.path("credentials").asBoolean());
        assertTrue(create.path("prefill").asBoolean());
        JsonNode server = create.path("operation").path("servers").path(0);
        assertEquals("https://{region}.petstore.example/v1", server.path("url").asText());
        assertEquals("{\"default\":\"eu\",\"enum\":[\"eu\",\"us\"]}", server.path("variables").path("region").toString());
        // Two alternatives: an API key, or an OAuth 2 token with its scope.
        assertEquals("[[{\"id\":\"apiKey\",\"kind\":\"apiKey\",\"in\":\"header\",\"name\":\"X-Api-Key\"}],"
                        + "[{\"id\":\"oauth\",\"kind\":\"oauth2\",\"scopes\":[\"pets:write\"]}]]",
                create.path("operation").path("auth").toString());
        List<String> media = new java.util.ArrayList<>();
        create.path("operation").path("body").path("media").forEach(m -> media.add(m.path("type").asText()));
        assertEquals(List.of("application/json", "multipart/form-data"), media);
        JsonNode list = form(html(content, "/reference/pets/list-pets")).path("operation");
        assertEquals("[{\"id\":\"bearer\",\"kind\":\"bearer\"}]", list.path("auth").path(0).toString());
        assertEquals(List.of("query", "query", "header", "cookie"), list.path("parameters").findValuesAsText("in"));
        assertEquals("[\"cat\",\"dog\"]", list.path("parameters").path(1).path("enum").toString());
    }

    @Test
    void simpleShowsTheAddressToCopyAndNoneNothing() throws IOException {
        SiteContent simple = site("petstore", "{\"playground\": {\"display\": \"simple\"}}");
        String html = html(simple, "/reference/pets/get-a-pet");
        assertFalse(ELEMENT.matcher(html).find());
        assertTrue(html.contains("GET https://eu.petstore.example/v1/pets/{petId}"), "the full address");
        // Webhooks are sent by the API: no playground.
        assertFalse(html(simple, "/reference/pets/pet-adopted").contains("https://eu.petstore.example/v1/petAdopted"));
    }

    @Test
    void noneAndAuthShowNothingAndAPageMayChooseItsOwn() throws IOException {
        for (String display : List.of("none", "auth")) {
            SiteContent content = site("playground", "{\"playground\": {\"display\": \"" + display + "\"}}");
            String html = html(content, "/api/get-a-pet");
            assertFalse(ELEMENT.matcher(html).find(), display);
            assertFalse(html.contains("GET http://127.0.0.1:4010/pets/{petId}"), display);
        }
        SiteContent content = site("playground", "{\"playground\": {\"display\": \"none\"}}");
        Files.writeString(content.dir().resolve("get.mdx"), "---\ntitle: Get\nopenapi: openapi.yaml GET /pets/{petId}\nplayground: interactive\n---\n");
        Files.writeString(content.dir().resolve("simple.mdx"), "---\ntitle: Get\nopenapi: openapi.yaml GET /pets/{petId}\nplayground: simple\n---\n");
        content = SiteReader.read(content.dir());
        assertTrue(ELEMENT.matcher(html(content, "/get")).find(), "front matter over docs.json");
        assertTrue(html(content, "/simple").contains("GET http://127.0.0.1:4010/pets/{petId}"));
    }

    @Test
    void aPageWrittenByHandCarriesItsParamFieldsAndAuthentication() throws IOException {
        SiteContent content = site("playground", "{\"mdx\": {\"server\": \"http://127.0.0.1:4010\", \"auth\": {\"method\": \"key\", \"name\": \"X-Api-Key\"}}}");
        Files.writeString(content.dir().resolve("rename.mdx"), """
                ---
                title: Rename a pet
                api: "PUT https://pets.example/v1/pets/{petId}"
                authMethod: bearer
                ---
                <ParamField path="petId" type="integer" required placeholder="7">The pet</ParamField>
                <ParamField query="notify" type="boolean" default="true" />
                <ParamField header="X-Trace-Id" type="string" required>Traced</ParamField>
                <ParamField body="name" type="string" required placeholder="Rex">
                  The new name
                  <Expandable title="not a field of the endpoint">
                    <ParamField body="inner" type="string" />
                  </Expandable>
                </ParamField>
                <ParamField body="age" type="integer" default="3" />

                ```mdx
                <ParamField query="shown" type="string" />
                ```
                """);
        Files.writeString(content.dir().resolve("create.mdx"), """
                ---
                title: Create a pet
                api: POST /pets
                ---
                <ParamField body="species" type="string" default="dog" />
                """);
        content = SiteReader.read(content.dir());
        JsonNode rename = form(html(content, "/rename")).path("operation");
        assertEquals("PUT", rename.path("method").asText());
        assertEquals("/v1/pets/{petId}", rename.path("path").asText());
        assertEquals("[{\"url\":\"https://pets.example\",\"variables\":{}}]", rename.path("servers").toString());
        assertEquals("""
                [{"name":"petId","in":"path","required":true,"type":"integer","example":"7"},\
                {"name":"notify","in":"query","required":false,"type":"boolean","default":"true"},\
                {"name":"X-Trace-Id","in":"header","required":true,"type":"string"}]""", rename.path("parameters").toString());
        assertEquals("[[{\"id\":\"bearer\",\"kind\":\"bearer\"}]]", rename.path("auth").toString(), "the page's authMethod over docs.json");
        JsonNode body = rename.path("body");
        assertTrue(body.path("required").asBoolean());
        assertEquals("application/json", body.path("media").path(0).path("type").asText());
        assertEquals(Mappers.JSON.readTree("{\"name\":\"Rex\",\"age\":3}"), Mappers.JSON.readTree(body.path("media").path(0).path("example").asText()));

        // A relative address is under api.mdx.server, with docs.json's API key.
        JsonNode create = form(html(content, "/create")).path("operation");
        assertEquals("http://127.0.0.1:4010", create.path("servers").path(0).path("url").asText());
        assertEquals("/pets", create.path("path").asText());
        assertEquals("[[{\"id\":\"X-Api-Key\",\"kind\":\"apiKey\",\"in\":\"header\",\"name\":\"X-Api-Key\"}]]", create.path("auth").toString());
        assertEquals(Mappers.JSON.readTree("{\"species\":\"dog\"}"), Mappers.JSON.readTree(create.path("body").path("media").path(0).path("example").asText()));
    }

    @Test
    void anUnknownDisplayIsAProblemOfDocsJson() throws IOException {
        SiteContent content = site("playground", "{\"playground\": {\"display\": \"fancy\"}}");
        List<SiteProblem> problems = content.problems();
        assertEquals(1, problems.size(), problems.toString());
        assertEquals("docs.json", problems.get(0).file());
        assertTrue(problems.get(0).message().contains("\"fancy\""), problems.get(0).message());
        assertTrue(ELEMENT.matcher(html(content, "/api/get-a-pet")).find(), "the interactive playground instead");
    }
}
