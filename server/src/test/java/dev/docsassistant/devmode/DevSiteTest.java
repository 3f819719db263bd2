package dev.docsassistant.devmode;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The incremental reload of {@code dev}: only changed pages re-read and re-indexed; broken files keep the last good version. */
class DevSiteTest {
    private static final String DOCS_JSON = """
            {
              "name": "Dev test",
              "navigation": {"groups": [
                {"group": "Start", "pages": ["index", "guides/setup", "guides/retries"]}
              ]}
            }
            """;

    private static TestSites site(Path dir) {
        return new TestSites(dir.resolve("site")).file("docs.json", DOCS_JSON)
                .page("index", "# Welcome\n\nThe relay delivers webhooks.", "title: Home")
                .page("guides/setup", "## Install\n\nRun the installer once.\n\n## Configure\n\nSet the endpoint URL.", "title: Setup")
                .page("guides/retries", "## Backoff\n\nFailed deliveries are retried with exponential backoff.\n\n"
                        + "## Limits\n\nAt most eight attempts.", "title: Retries");
    }

    private static DevSite open(Path dir) {
        SiteConfig config = new SiteConfig("dev", "dev", dir.resolve("site"), Optional.empty());
        return DevSite.open(config, dir.resolve("data"), SearchSettings.hybrid(dir.resolve("data/embeddings")), Integrations.classPath());
    }

    private static List<String> paths(DevSite site, String query) {
        return site.site().search().search(SearchRequest.of(query, 5)).stream()
                .map(h -> h.path().contains("#") ? h.path().substring(0, h.path().indexOf('#')) : h.path()).toList();
    }

    @Test
    void aChangedPageIsSearchableAtOnceAndOnlyItsChangedSectionIsEmbedded(@TempDir Path dir) throws IOException {
        TestSites files = site(dir);
        try (DevSite site = open(dir)) {
            assertFalse(paths(site, "flamingo").contains("/guides/retries"));
            files.page("guides/retries", "## Backoff\n\nFailed deliveries are retried with exponential backoff.\n\n"
                    + "## Limits\n\nAt most eight attempts, then the flamingo queue keeps the event.", "title: Retries");
            DevSite.Outcome outcome = site.apply(List.of(files.dir().resolve("guides/retries.mdx")));
            assertTrue(outcome.applied(), outcome.problems().toString());
            assertEquals(1, outcome.pages(), "only the saved page is re-indexed");
            assertEquals(2, outcome.sections(), "its sections: one per heading");
            assertEquals(1, outcome.embedded(), "unchanged sections come from the embedding cache");
            assertEquals("/guides/retries", paths(site, "flamingo queue").getFirst());
            assertTrue(site.site().content().page("guides/setup").isPresent());
            assertEquals("/guides/setup", paths(site, "installer").getFirst(), "unchanged pages still found");
            assertEquals(1, paths(site, "exponential backoff").stream().filter("/guides/retries"::equals).count(),
                    "the old documents of the page are gone");
        }
    }

    @Test
    void aBrokenLinkIsAppliedAndReportedAtItsFileLineAndColumnAsCheckWritesIt(@TempDir Path dir) {
        TestSites files = site(dir);
        try (DevSite site = open(dir)) {
            files.page("guides/setup", "## Install\n\nRun the installer once, then read [the retries](/guides/retry).", "title: Setup");
            DevSite.Outcome saved = site.apply(List.of(files.dir().resolve("guides/setup.mdx")));
            assertTrue(saved.applied(), "a broken link never holds a change back: " + saved.problems());
            assertEquals(List.of("guides/setup.mdx:7:49: broken link: /guides/retry is not a page or file of the site"),
                    saved.warnings().stream().map(SiteProblem::toString).toList());
            assertTrue(paths(site, "installer").contains("/guides/setup"));

            files.page("index", "# Welcome\n\nThe relay delivers webhooks to you.", "title: Home");
            assertEquals(List.of(), site.apply(List.of(files.dir().resolve("index.mdx"))).warnings(),
                    "a link broken before, in a file not saved now, is not reported again");
            files.page("guides/setup", "## Install\n\nRun the installer once, then read [the retries](/guides/retries).", "title: Setup");
            DevSite.Outcome fixed = site.apply(List.of(files.dir().resolve("guides/setup.mdx")));
            assertTrue(fixed.applied() && fixed.warnings().isEmpty(), fixed.warnings().toString());
        }
    }

    @Test
    void savingAnApiDescriptionRegeneratesItsPages(@TempDir Path dir) {
        String spec = """
                openapi: 3.0.3
                info: {title: Relay, version: '1'}
                paths:
                  /events:
                    post:
                      summary: %s
                      operationId: sendEvent
                      responses: {'200': {description: OK}}
                """;
        TestSites files = new TestSites(dir.resolve("site"))
                .file("docs.json", "{\"navigation\": {\"groups\": [{\"group\": \"API\", \"openapi\": \"openapi.yaml\"}]}}")
                .file("openapi.yaml", spec.formatted("Send an event"));
        try (DevSite site = open(dir)) {
            assertTrue(site.site().content().page("api-reference/send-an-event").isPresent());
            files.file("openapi.yaml", spec.formatted("Publish an event"));
            DevSite.Outcome outcome = site.apply(List.of(files.dir().resolve("openapi.yaml")));
            assertTrue(outcome.applied(), outcome.problems().toString());
            assertTrue(site.site().content().page("api-reference/publish-an-event").isPresent());
            assertEquals("/api-reference/publish-an-event", paths(site, "publish event").getFirst());
            files.file("openapi.yaml", "openapi: 3.0.3\npaths: {oops");
            DevSite.Outcome broken = site.apply(List.of(files.dir().resolve("openapi.yaml")));
            assertFalse(broken.applied(), "a broken description keeps the last good version");
            assertEquals("openapi.yaml", broken.problems().getFirst().file());
        }
    }

    @Test
    void savingTheAssistantsInstructionsReadsThemAgainAndOtherDotFoldersStayIgnored(@TempDir Path dir) {
        TestSites files = site(dir);
        try (DevSite site = open(dir)) {
            files.file(".mintlify/Assistant.md", "Answer like a pirate.");
            DevSite.Outcome outcome = site.apply(List.of(files.dir().resolve(".mintlify/Assistant.md")));
            assertTrue(outcome.applied(), outcome.problems().toString());
            assertEquals("Answer like a pirate.", site.site().content().assistant().instructions());
        }
        assertFalse(DevSite.ignored(".mintlify") || DevSite.ignored(".mintlify/Assistant.md"));
        assertTrue(DevSite.ignored(".git/HEAD") && DevSite.ignored(".mintlify/deep/x.md") && DevSite.ignored(".dev-data"));
    }

    @Test
    void newAndDeletedPagesAndADocsJsonChangeReindexOnlyWhatDiffers(@TempDir Path dir) throws IOException {
        TestSites files = site(dir);
        try (DevSite site = open(dir)) {
            files.page("guides/replay", "Replay any event from the archive of pelicans.", "title: Replay");
            files.file("docs.json", DOCS_JSON.replace("\"guides/retries\"]", "\"guides/retries\", \"guides/replay\"]"));
            DevSite.Outcome added = site.apply(List.of(files.dir().resolve("guides/replay.mdx"), files.dir().resolve("docs.json")));
            assertTrue(added.applied(), added.problems().toString());
            assertEquals(1, added.pages(), "docs.json re-read every page; only the new one differs");
            assertEquals("/guides/replay", paths(site, "pelicans").getFirst());

            Files.delete(files.dir().resolve("guides/setup.mdx"));
            DevSite.Outcome deleted = site.apply(List.of(files.dir().resolve("guides/setup.mdx")));
            assertTrue(deleted.problems().stream().anyMatch(p -> p.message().contains("has no file guides/setup")),
                    "a page the navigation names and nobody has: " + deleted.problems());
            assertTrue(paths(site, "installer").contains("/guides/setup"), "kept: the deletion broke the navigation");
            files.file("docs.json", DOCS_JSON.replace("\"guides/setup\", ", ""));
            DevSite.Outcome fixed = site.apply(List.of(files.dir().resolve("docs.json")));
            assertTrue(fixed.applied(), fixed.problems().toString());
            assertFalse(paths(site, "installer").contains("/guides/setup"));
            assertTrue(site.site().content().page("guides/setup").isEmpty());
        }
    }

    @Test
    void aDocsJsonChangeRereadsOnlyThePagesItMoves(@TempDir Path dir) throws IOException {
        TestSites files = site(dir);
        try (DevSite site = open(dir)) {
            var before = site.site().content();
            files.file("docs.json", DOCS_JSON.replace("\"guides/retries\"]}", "\"guides/retries\"]},\n"
                    + "    {\"group\": \"Internal\", \"hidden\": true, \"pages\": [\"guides/setup\"]}")
                    .replace("\"guides/setup\", ", ""));
            DevSite.Outcome moved = site.apply(List.of(files.dir().resolve("docs.json")));
            assertTrue(moved.applied(), moved.problems().toString());
            assertEquals(1, moved.pages(), "only the page moved into a hidden group is re-indexed");
            var after = site.site().content();
            assertTrue(before.page("index").orElseThrow() == after.page("index").orElseThrow(), "pages left in place are not read again");
            assertFalse(after.page("guides/setup").orElseThrow().searchable());
            assertFalse(paths(site, "installer").contains("/guides/setup"), "a hidden page leaves search");
        }
    }

    @Test
    void brokenDocsJsonKeepsTheLastGoodVersionAndIsReportedWithLineAndColumn(@TempDir Path dir) throws IOException {
        TestSites files = site(dir);
        try (DevSite site = open(dir)) {
            var good = site.site();
            files.file("docs.json", "{\n  \"name\": \"Dev test\",\n  \"navigation\": {\"groups\": [\n    {\"group\": \"Start\" \"pages\": []}\n  ]}\n}\n");
            files.page("index", "# Welcome\n\nThe relay delivers parcels by heron.", "title: Home");
            DevSite.Outcome broken = site.apply(List.of(files.dir().resolve("docs.json"), files.dir().resolve("index.mdx")));
            assertFalse(broken.applied());
            SiteProblem problem = broken.problems().getFirst();
            assertEquals("docs.json", problem.file());
            assertEquals(4, problem.line());
            assertEquals(23, problem.column(), "where the missing comma is");
            assertTrue(problem.message().startsWith("invalid JSON"), problem.message());
            assertTrue(good == site.site(), "the last good version is served");
            assertEquals(List.of(), paths(site, "heron"), "nor is the page saved beside it applied");
            assertEquals(broken.problems(), site.blocking());

            // A missing $ref: placed at the key, in the file that has it.
            files.file("docs.json", DOCS_JSON.replace("\"navigation\"", "\"footer\": {\"$ref\": \"./footer.json\"},\n  \"navigation\""));
            DevSite.Outcome missing = site.apply(List.of(files.dir().resolve("docs.json")));
            assertFalse(missing.applied());
            SiteProblem ref = missing.problems().getFirst();
            assertEquals("docs.json", ref.file());
            assertEquals("$ref to missing file footer.json", ref.message());
            assertEquals(3, ref.line());
            assertEquals(14, ref.column());

            files.file("docs.json", DOCS_JSON);
            DevSite.Outcome fixed = site.apply(List.of(files.dir().resolve("docs.json")));
            assertTrue(fixed.applied(), fixed.problems().toString());
            assertEquals(List.of(), site.blocking());
            assertEquals("/", paths(site, "heron").getFirst(), "the page saved while docs.json was broken is applied with the fix");
        }
    }

    @Test
    void brokenFrontMatterAndAMissingSnippetArePlacedInThePage(@TempDir Path dir) throws IOException {
        TestSites files = site(dir);
        try (DevSite site = open(dir)) {
            files.file("guides/setup.mdx", "---\ntitle: Setup\ndescription: [unclosed\n---\n\nBody.\n");
            DevSite.Outcome yaml = site.apply(List.of(files.dir().resolve("guides/setup.mdx")));
            assertFalse(yaml.applied());
            SiteProblem p = yaml.problems().getFirst();
            assertEquals("guides/setup.mdx", p.file());
            assertTrue(p.line() >= 3 && p.column() > 0, p.toString());

            files.file("guides/setup.mdx", "---\ntitle: Setup\n---\n\nimport Note from '/snippets/note.mdx';\n\n<Note />\n");
            DevSite.Outcome snippet = site.apply(List.of(files.dir().resolve("guides/setup.mdx")));
            assertFalse(snippet.applied());
            SiteProblem s = snippet.problems().getFirst();
            assertEquals("snippet not found: /snippets/note.mdx", s.message());
            assertEquals(5, s.line());
            assertEquals(19, s.column());

            files.file("snippets/note.mdx", "A note about albatrosses.");
            DevSite.Outcome fixed = site.apply(List.of(files.dir().resolve("snippets/note.mdx")));
            assertTrue(fixed.applied(), fixed.problems().toString());
            assertEquals("/guides/setup", paths(site, "albatrosses").getFirst());
            assertEquals(Set.of(), Set.copyOf(site.blocking()));
        }
    }
}
