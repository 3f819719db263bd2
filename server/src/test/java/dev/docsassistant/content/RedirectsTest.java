package dev.docsassistant.content;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs.json redirects: only same-site paths or http(s) URLs written in docs.json, never a loop or a raw control. */
class RedirectsTest {
    private final List<SiteProblem> problems = new ArrayList<>();

    private Redirects read(String json) throws Exception {
        return Redirects.read(new ObjectMapper().readTree(json), problems);
    }

    private static Optional<String> location(Redirects r, String path) {
        return r.match(path).map(Redirects.Target::location);
    }

    @Test
    void aRequestCannotTakeARestParameterOffTheSite() throws Exception {
        Redirects r = read("[{\"source\": \"/docs/:rest*\", \"destination\": \"/:rest*\"}]");
        assertEquals(Optional.of("/%5Cevil.example"), location(r, "/docs/\\evil.example"),
                "a backslash (%5C in the request) stays in the path");
        assertEquals(Optional.of("/evil.example"), location(r, "/docs//evil.example"), "no //host from a double slash");
        assertEquals(Optional.of("/%01x"), location(r, "/docs/\u0001x"), "controls are percent-encoded, never raw");
        assertEquals(Optional.of("/caf%C3%A9%20x%25"), location(r, "/docs/café x%"));
        assertEquals(Optional.of("/a/b"), location(r, "/docs/a/b"));
        assertTrue(problems.isEmpty(), problems.toString());
    }

    @Test
    void unsafeDestinationsAreLoadTimeProblemsNotLoops() throws Exception {
        Redirects r = read("""
                [{"source": "/a", "destination": "javascript:alert(1)"},
                 {"source": "/b", "destination": "/\\\\evil.example"},
                 {"source": "/c", "destination": "//evil.example"},
                 {"source": "/d/:html", "destination": "data:text/html,<script>alert(1)</script>"},
                 {"source": "/e", "destination": "jav\\tascript:alert(1)"},
                 {"source": "/f", "destination": "relative/page"},
                 {"source": "/g", "destination": "mailto:team@example.com"},
                 {"source": "/h", "destination": "/h/"},
                 {"source": "/i", "destination": ""}]""");
        assertEquals(9, problems.size(), problems.toString());
        assertEquals("/redirects/3/destination", problems.get(3).location());
        assertTrue(problems.get(3).message().contains("neither a path on the site"), problems.get(3).message());
        assertTrue(problems.get(7).message().contains("redirects to itself"), problems.get(7).message());
        for (String path : List.of("/a", "/b", "/c", "/d/x", "/e", "/f", "/g", "/h", "/i")) {
            assertEquals(Optional.empty(), r.match(path), path + " has no redirect, so it gets the page or the 404");
        }
    }

    @Test
    void aRuleThatWouldSendAPathToItselfDoesNotApply() throws Exception {
        Redirects r = read("""
                [{"source": "/guide/:page", "destination": "/guide/:page"},
                 {"source": "/guide/:page", "destination": "/v2/guide/:page"}]""");
        assertEquals(Optional.of("/v2/guide/x"), location(r, "/guide/x"), "the next matching rule applies");
    }

    @Test
    void absoluteDestinationsTakeParametersOnlyAfterTheirHost() throws Exception {
        Redirects r = read("""
                [{"source": "/go/:slug", "destination": "https://docs.example.com:8443/:slug?from=docs"},
                 {"source": "/http/:https", "destination": "https://example.com/x/:https"}]""");
        Redirects.Target go = r.match("/go/a b").orElseThrow();
        assertEquals("https://docs.example.com:8443/a%20b?from=docs", go.location());
        assertEquals(308, go.status());
        assertTrue(!go.sameSite());
        assertEquals(Optional.of("https://example.com/x/y"), location(r, "/http/y"), "the scheme is not a parameter");
        assertTrue(problems.isEmpty(), problems.toString());
    }
}
