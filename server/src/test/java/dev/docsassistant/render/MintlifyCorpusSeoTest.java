package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.Corpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every page of Mintlify's own documentation has a canonical URL and Open Graph title and description in its head. */
@Tag(Corpora.TAG)
class MintlifyCorpusSeoTest {
    @Test
    void everyPageHeadCarriesCanonicalAndOpenGraph() {
        SiteContent content = Corpora.read("mintlify");
        Site site = new Site(new SiteConfig("mintlify", "acme", content.dir(), Optional.empty()), content, null, null);
        SiteRenderer renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
        List<String> problems = new ArrayList<>();
        int pages = 0;
        for (Page page : content.pages()) {
            if (!page.isPublic()) {
                continue;
            }
            String path = "/" + PagePaths.withoutIndex(page.path());
            SiteRenderer.Result result = renderer.render(path, "", null, "https://mintlify.example");
            if (!(result instanceof SiteRenderer.HtmlPage html) || html.status() != 200) {
                problems.add(path + ": " + result);
                continue;
            }
            pages++;
            String head = html.html().substring(0, html.html().indexOf("</head>"));
            for (String tag : List.of("<link rel=\"canonical\" href=\"https://", "<meta property=\"og:title\" content=\"",
                    "<meta property=\"og:description\" content=\"", "<meta property=\"og:image\" content=\"https://")) {
                int at = head.indexOf(tag);
                if (at < 0 || head.charAt(at + tag.length()) == '"') {
                    problems.add(path + ": no " + tag);
                }
            }
        }
        assertTrue(pages > 300, "pages: " + pages);
        assertEquals(List.of(), problems.subList(0, Math.min(problems.size(), 15)), problems.size() + " problems");
    }
}
