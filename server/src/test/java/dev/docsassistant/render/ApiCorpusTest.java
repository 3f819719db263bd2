package dev.docsassistant.render;

import dev.docsassistant.apiref.ApiSpecs;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.apiref.OpenApiSpec;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PageApi;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.Corpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mintlify corpus documents the API reference with its own six descriptions: every operation
 * and channel of them has a page, and every API page reads and renders with no problem.
 */
@Tag(Corpora.TAG)
class ApiCorpusTest {
    private static final List<String> OPENAPI = List.of("openapi.json", "admin-openapi.json", "analytics.openapi.json",
            "discovery-openapi.json", "index-openapi.json");

    @Test
    void everyOperationOfTheCorpusDescriptionsHasAPageThatRenders() {
        SiteContent content = Corpora.read("mintlify");
        ApiSpecs specs = new ApiSpecs(content.dir());
        Set<String> shown = content.pages().stream().filter(p -> p.api() instanceof PageApi.Operation)
                .map(p -> ((PageApi.Operation) p.api()).endpoint())
                .map(e -> e.file() + " " + e.key()).collect(Collectors.toSet());
        List<String> missing = new ArrayList<>();
        int operations = 0;
        for (String file : OPENAPI) {
            OpenApiSpec spec = specs.openApi(file).orElseThrow(() -> new AssertionError(file + ": " + specs.problems()));
            for (Endpoint e : spec.endpoints()) {
                operations++;
                if (!shown.contains(file + " " + e.key())) {
                    missing.add(file + " " + e.key());
                }
            }
        }
        assertEquals(List.of(), missing);
        assertTrue(operations >= 25, "operations: " + operations);
        assertEquals(List.of(), specs.problems(), "the descriptions read without problems");
        assertTrue(content.pages().stream().anyMatch(p -> p.api() instanceof PageApi.Channel c
                && c.channel().id().equals("channelOne")), "the AsyncAPI channel has a page");

        List<Page> apiPages = content.pages().stream().filter(p -> p.api() != null).toList();
        Set<String> apiFiles = apiPages.stream().map(Page::file).collect(Collectors.toSet());
        List<SiteProblem> problems = content.problems().stream()
                .filter(p -> apiFiles.contains(p.file()) || p.file().endsWith("openapi.json") || p.file().endsWith("asyncapi.yaml"))
                .toList();
        assertEquals(List.of(), problems);

        Site site = new Site(new SiteConfig("mintlify", "acme", content.dir(), Optional.empty()), content, null, null);
        SiteRenderer renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
        List<String> broken = new ArrayList<>();
        for (Page page : apiPages) {
            SiteRenderer.Result result = renderer.render("/" + PagePaths.withoutIndex(page.path()), "", null);
            if (!(result instanceof SiteRenderer.HtmlPage html) || html.status() != 200 || !html.html().contains("class=\"api-head\"")) {
                broken.add(page.path());
            }
        }
        assertEquals(List.of(), broken);
        assertEquals(116, apiPages.size(), "API pages: the 112 openapi: and 4 asyncapi: pages");
    }
}
