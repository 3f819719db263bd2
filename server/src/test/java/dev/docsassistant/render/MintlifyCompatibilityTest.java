package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/mintlify.md's compatibility table, row by row: each row's feature is used by the fixture site
 * ({@code src/test/resources/mintlify-compat}) and its check proves the state the table claims.
 * A row without a claim here, a claim without a row, or a state that differs fails.
 */
class MintlifyCompatibilityTest {
    static final Path TABLE = Path.of("../docs/mintlify.md");
    static final Set<String> STATES = Set.of("works", "differs", "refused");

    @TempDir
    static Path dir;
    private static Fixture fixture;
    private static LuceneSiteSearch search;

    @AfterAll
    static void close() {
        search.close();
    }

    /** The fixture site, rendered: its pages' HTML and its problems. */
    record Fixture(SiteContent content, SiteRenderer renderer) {
        String html(String path) {
            SiteRenderer.Result result = renderer.render(path, "", null);
            return assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result).html();
        }

        /** The page's body only (the prose, without the layout's navigation). */
        String prose(String path) {
            String html = html(path);
            int start = html.indexOf("<div class=\"prose\">");
            return html.substring(start);
        }

        /** The problems of one file, as {@code file:line:column: message}. */
        List<String> problems(String file) {
            return content.problems().stream().filter(p -> p.file().equals(file)).map(SiteProblem::toString).toList();
        }

        void hasProblem(String file, String... parts) {
            List<String> all = problems(file);
            assertTrue(all.stream().anyMatch(p -> Stream.of(parts).allMatch(p::contains)),
                    "no problem with " + List.of(parts) + " in " + all);
        }
    }

    /** What a row claims and how it is checked. */
    record Claim(String state, Check check) {
    }

    interface Check {
        void verify(Fixture f) throws Exception;
    }

    /** One row of the table: its feature (first cell) and state (third). */
    record Row(String feature, String state) {
    }

    @BeforeAll
    static void site() {
        TestSites.copyOf(Path.of("src/test/resources/mintlify-compat"), dir.resolve("site"));
        SiteContent content = SiteReader.read(dir.resolve("site"));
        // The real search (keyword only, no model to load): related topics are suggested from it.
        search = LuceneSiteSearch.open(content, dir.resolve("index"), SearchSettings.KEYWORD);
        Site site = new Site(new SiteConfig("compat", "compat", dir.resolve("site"), Optional.empty()), content, search, null);
        fixture = new Fixture(content, new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE));
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(TABLE)) {
            if (!line.startsWith("| ")) {
                continue;
            }
            String[] cells = line.substring(1).split("(?<!\\\\)\\|");
            if (cells.length >= 3 && STATES.contains(cells[2].strip())) {
                rows.add(new Row(cells[0].strip(), cells[2].strip()));
            }
        }
        return rows;
    }

    static Map<String, Claim> claims() {
        Map<String, Claim> all = new LinkedHashMap<>();
        for (Map<String, Claim> part : List.of(ComponentClaims.all(), SettingsClaims.all())) {
            part.forEach((feature, claim) -> assertEquals(null, all.put(feature, claim), "claimed twice: " + feature));
        }
        return all;
    }

    @Test
    void everyRowHasAClaimAndEveryClaimARow() throws IOException {
        List<Row> rows = rows();
        assertTrue(rows.size() > 30, "rows read: " + rows.size());
        Map<String, Claim> claims = claims();
        List<String> unclaimed = rows.stream().map(Row::feature).filter(f -> !claims.containsKey(f)).toList();
        List<String> missing = claims.keySet().stream().filter(f -> rows.stream().noneMatch(r -> r.feature().equals(f))).toList();
        assertEquals(List.of(), unclaimed, "rows without a claim");
        assertEquals(List.of(), missing, "claims without a row");
    }

    @TestFactory
    Stream<DynamicTest> eachRowHoldsAsTheTableSays() throws IOException {
        Map<String, Claim> claims = claims();
        return rows().stream().filter(r -> claims.containsKey(r.feature())).map(row -> DynamicTest.dynamicTest(row.feature(), () -> {
            Claim claim = claims.get(row.feature());
            assertEquals(claim.state(), row.state(), "the table's state for " + row.feature());
            claim.check().verify(fixture);
        }));
    }

    static Claim claim(String state, Check check) {
        assertNotNull(check);
        assertTrue(STATES.contains(state), state);
        return new Claim(state, check);
    }
}
