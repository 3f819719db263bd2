package dev.docsassistant.content;

import dev.docsassistant.apiref.ServerBase;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which servers a site's playground may call, and how docs.json {@code api.playground} is read. */
class ApiPlaygroundTest {
    @TempDir
    Path dir;

    private SiteContent site(String docsJson) {
        return site(docsJson, "", "");
    }

    /** {@code listFrontMatter} and {@code createFrontMatter}: more front matter of the GET and POST /pets pages. */
    private SiteContent site(String docsJson, String listFrontMatter, String createFrontMatter) {
        return SiteReader.read(new TestSites(dir).file("docs.json", """
                        {"name": "Acme", %s "navigation": {"groups": [{"group": "API", "pages": ["list", "create", "owners", "manual", "hook"]}]}}"""
                        .formatted(docsJson))
                .file("openapi.json", """
                        {"openapi": "3.1.0", "info": {"title": "Acme", "version": "1"},
                         "servers": [
                           {"url": "https://{region}.api.acme.com/{version}/",
                            "variables": {"region": {"enum": ["eu", "us"], "default": "eu"}, "version": {"default": "v1"}}},
                           {"url": "/relative"},
                           {"url": "https://api.acme.com/{unknown}"}],
                         "paths": {
                           "/owners": {"get": {"summary": "Owners", "responses": {"200": {"description": "ok"}}}},
                           "/pets": {"servers": [{"url": "http://localhost:8080/pets-api"}],
                             "get": {"summary": "List", "responses": {"200": {"description": "ok"}}},
                             "post": {"summary": "Create", "servers": [{"url": "https://upload.acme.com:8443"}],
                                      "responses": {"200": {"description": "ok"}}}}},
                         "webhooks": {"newPet": {"post": {"summary": "New pet", "servers": [{"url": "https://hooks.acme.com"}],
                                      "responses": {"200": {"description": "ok"}}}}}}""")
                .page("list", "", "title: List", "openapi: /openapi.json GET /pets", listFrontMatter)
                .page("create", "", "title: Create", "openapi: /openapi.json POST /pets", createFrontMatter)
                .page("owners", "", "title: Owners", "openapi: /openapi.json GET /owners")
                .page("hook", "", "title: Hook", "openapi: /openapi.json webhook newPet")
                .page("manual", "", "title: Manual", "api: DELETE https://legacy.acme.com/v0/users/{id}/sessions")
                .dir());
    }

    @Test
    void serversOfEveryLevelWithTheirVariablesAndTheMdxOnes() {
        ApiPlayground playground = ApiPlayground.of(site("\"api\": {\"mdx\": {\"server\": \"https://mdx.acme.com/api/\"}},"));
        assertEquals(List.of("http://localhost:8080/pets-api", "https://upload.acme.com:8443", "https://eu.api.acme.com/v1",
                        "https://us.api.acme.com/v1", "https://legacy.acme.com/v0/users", "https://mdx.acme.com/api"),
                playground.servers().stream().map(ServerBase::toString).toList(),
                "relative servers, unfilled variables and webhooks' servers are not called");
        assertEquals("interactive", playground.display());
        assertTrue(playground.proxied());
        assertEquals(List.of(), playground.directSources(), "through the proxy the pages need only 'self'");
    }

    @Test
    void aUrlIsUnderAServerAtASegmentBoundary() {
        ServerBase base = ServerBase.parse("https://API.acme.com/v1/").orElseThrow();
        assertTrue(base.contains(URI.create("https://api.acme.com/v1")));
        assertTrue(base.contains(URI.create("https://api.acme.com:443/v1/pets?x=1")));
        assertFalse(base.contains(URI.create("https://api.acme.com/v10")));
        assertFalse(base.contains(URI.create("http://api.acme.com/v1/pets")));
        assertFalse(base.contains(URI.create("https://api.acme.com:8443/v1/pets")));
        assertFalse(base.contains(URI.create("https://api.acme.com.evil.test/v1/pets")));
        assertTrue(ServerBase.parse("https://api.acme.com").orElseThrow().contains(URI.create("https://api.acme.com/anything")));
        assertTrue(ServerBase.parse("/v1").isEmpty());
        assertTrue(ServerBase.parse("ftp://files.acme.com").isEmpty());
    }

    @Test
    void withoutTheProxyThePagesMayCallExactlyTheServers() {
        ApiPlayground direct = ApiPlayground.of(site("\"api\": {\"playground\": {\"proxy\": false, \"credentials\": true}},"));
        assertFalse(direct.proxied());
        assertTrue(direct.credentials());
        assertEquals(List.of("http://localhost:8080/pets-api/", "https://upload.acme.com:8443", "https://eu.api.acme.com/v1/",
                "https://us.api.acme.com/v1/", "https://legacy.acme.com/v0/users/"), direct.directSources());
        ApiPlayground none = ApiPlayground.of(site("\"api\": {\"playground\": {\"display\": \"none\", \"proxy\": false}},"));
        assertFalse(none.sends());
        assertEquals(List.of(), none.directSources(), "no playground, nothing to call");
    }

    @Test
    void aPageOpensItsServersWhenItsOwnDisplaySendsRequests() {
        ApiPlayground opened = ApiPlayground.of(site("\"api\": {\"playground\": {\"display\": \"none\", \"proxy\": false}},",
                "playground: interactive", ""));
        assertTrue(opened.sends(), "the page's interactive overrides the site's none");
        assertEquals(List.of("http://localhost:8080/pets-api"), opened.servers().stream().map(ServerBase::toString).toList(),
                "only the servers of the page that sends");
        assertEquals(List.of("http://localhost:8080/pets-api/"), opened.directSources());
        ApiPlayground simple = ApiPlayground.of(site("\"api\": {\"playground\": {\"display\": \"simple\"}},", "", "playground: auth"));
        assertTrue(simple.proxied());
        assertEquals(List.of("https://upload.acme.com:8443"), simple.servers().stream().map(ServerBase::toString).toList());
    }

    @Test
    void aPageThatShowsNoPlaygroundKeepsItsServersClosed() {
        ApiPlayground playground = ApiPlayground.of(site("", "playground: none", "playground: simple"));
        assertEquals(List.of("https://eu.api.acme.com/v1", "https://us.api.acme.com/v1", "https://legacy.acme.com/v0/users"),
                playground.servers().stream().map(ServerBase::toString).toList(),
                "the servers of GET and POST /pets are used by no page that sends");
    }
}
