package dev.docsassistant.sites;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SitesTest {
    @TempDir
    Path dir;

    private Site site(String domain) {
        new TestSites(dir.resolve(domain)).file("docs.json", """
                {"name": "S", "navigation": {"groups": [{"group": "G", "pages": ["index"]}]}}""")
                .page("index", "Welcome.", "title: Home");
        SiteContent content = SiteReader.read(dir.resolve(domain));
        return new Site(new SiteConfig(domain, "acme", dir.resolve(domain), Optional.empty()), content,
                LuceneSiteSearch.open(content, dir.resolve(domain + "-index"), SearchSettings.KEYWORD), null);
    }

    @Test
    void theEdgesSetASiteUpBeforeItIsServedAndReadinessHearsAfter() {
        Sites sites = Sites.pending(List.of("a", "b"));
        List<String> heard = new ArrayList<>();
        // An edge (its MCP server, its pages) is set up while the site still counts as being indexed,
        // so no request in between is told "unknown site" or "MCP is turned off".
        sites.onLoaded(s -> heard.add("set up " + s.domain() + (sites.isPending(s.domain()) ? " while pending" : " late")));
        sites.onServed(s -> heard.add("served " + s.domain() + (sites.isPending(s.domain()) ? " too early" : "")));
        Site a = site("a");
        sites.add(a);
        assertEquals(List.of("set up a while pending", "served a"), heard);
        // Listeners that come later hear the loaded sites at once, each once.
        List<String> late = new ArrayList<>();
        sites.onLoaded(s -> late.add(s.domain()));
        sites.onServed(s -> late.add(s.domain()));
        sites.add(site("b"));
        assertEquals(List.of("a", "a", "b", "b"), late);
        sites.close();
    }
}
