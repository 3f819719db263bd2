package dev.docsassistant.search;

import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The readers of a live index are reference-counted: a version handed out keeps its reader until it is closed, and only then. */
class LiveSiteIndexTest {
    private static TestSites site(Path dir, String animal) {
        return new TestSites(dir).file("docs.json", """
                        {"name": "Live", "navigation": {"groups": [{"group": "G", "pages": ["index", "replay"]}]}}
                        """)
                .page("index", "# Welcome\n\nThe relay delivers webhooks.", "title: Home")
                .page("replay", "## Replay\n\nReplay any event from the archive of " + animal + ".", "title: Replay");
    }

    private static List<String> paths(LuceneSiteSearch search, String query) {
        return search.search(SearchRequest.of(query, 3)).stream().map(h -> h.path().replaceAll("#.*", "")).toList();
    }

    @Test
    void replacedAndUnchangedVersionsKeepTheirReadersUntilClosedAndAClosedOneAnswersFromTheNewest(@TempDir Path dir) {
        SiteContent pelicans = SiteReader.read(site(dir.resolve("site"), "pelicans").dir());
        try (LiveSiteIndex live = LiveSiteIndex.open(pelicans, dir.resolve("index"), SearchSettings.KEYWORD)) {
            LuceneSiteSearch first = live.search();
            // The same content again (a page moved away and back): the same reader, shared.
            LuceneSiteSearch same = live.apply(SiteReader.read(dir.resolve("site"))).search();
            first.close();
            assertEquals(List.of("/replay"), paths(same, "pelicans"), "closing one holder leaves the reader to the other");

            LuceneSiteSearch flamingos = live.apply(SiteReader.read(site(dir.resolve("site"), "flamingos").dir())).search();
            assertEquals(List.of("/replay"), paths(same, "pelicans"), "a replaced version reads its own reader until closed");
            assertEquals(List.of("/replay"), paths(flamingos, "flamingos"));
            same.close();
            assertEquals(List.of("/replay"), paths(same, "flamingos"),
                    "a request that looked the closed version up answers from the newest");
            assertTrue(paths(flamingos, "pelicans").isEmpty());
            flamingos.close();
            try (LuceneSiteSearch newest = live.search()) {
                assertEquals(List.of("/replay"), paths(newest, "flamingos"));
            }
        }
    }
}
