package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.PageContent;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.search.SiteSearch;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The "Related topics" section (docs.json {@code related}, front matter {@code related}) as Mintlify's
 * organize/related-pages documents it, rendered from a small site indexed by the real search.
 */
class RelatedTopicsTest {
    private static final Pattern HREF = Pattern.compile("<li><a href=\"([^\"]*)\"");

    @TempDir
    Path dir;
    private final List<SiteSearch> opened = new ArrayList<>();

    @AfterEach
    void close() {
        opened.forEach(SiteSearch::close);
    }

    /** A site about webhooks: pages that match "Webhooks", a private one, a hidden one, and pages with their own lists. */
    private TestSites site(String name, String related, String... more) {
        TestSites s = new TestSites(dir.resolve(name));
        List<String> pages = new ArrayList<>(List.of("webhooks", "webhook-retries", "webhook-signatures", "webhook-events",
                "staff-webhooks", "internals", "curated", "quiet", "billing"));
        pages.addAll(List.of(more));
        s.file("docs.json", "{\"name\": \"Hooks\", " + (related == null ? "" : "\"related\": " + related + ", ")
                + "\"navigation\": {\"groups\": [{\"group\": \"Guides\", \"pages\": [\""
                + String.join("\", \"", pages) + "\"]}]}}");
        s.page("webhooks", "Webhooks tell your server about events as they happen.", "title: Webhooks");
        s.page("webhook-retries", "Failed webhook deliveries are retried with backoff.", "title: Webhook retries", "icon: rotate");
        s.page("webhook-signatures", "## Verify\n\nEvery webhook carries a signature.", "title: Webhook signatures");
        s.page("webhook-events", "The webhook events you can subscribe to.", "title: Webhook events");
        s.page("staff-webhooks", "Webhook secrets are rotated by the staff.", "title: Webhook secrets", "groups: [staff]");
        s.page("internals", "How webhooks are queued inside.", "title: Webhook internals", "hidden: true");
        s.page("curated", "Curated links.", "title: Curated webhooks", "related:", "  - /webhook-retries",
                "  - Signing: /webhook-signatures#verify", "  - https://example.com/spec/", "  - OAuth 2.0 spec: https://oauth.net/2/",
                "  - /nowhere");
        s.page("quiet", "Webhook changelog.", "title: Webhook changelog", "related: false");
        s.page("billing", "Invoices and payment methods.", "title: Billing");
        for (String page : more) {
            s.page(page, "More about webhook " + page + ".", "title: Webhook " + page);
        }
        return s;
    }

    /** The site as the public reads it, its search counting the searches made. */
    private record Served(SiteContent content, SiteRenderer renderer, AtomicInteger searches, Site site) {
        String html(String path) {
            SiteRenderer.Result result = renderer.render(path, "", null);
            return assertInstanceOf(SiteRenderer.HtmlPage.class, result, path + " → " + result).html();
        }

        /** The hrefs of the page's Related topics, in order; empty without a section. */
        List<String> related(String path) {
            return hrefs(html(path));
        }
    }

    private Served serve(TestSites s) {
        SiteContent content = SiteReader.read(s.dir());
        LuceneSiteSearch index = LuceneSiteSearch.open(content, s.dir().resolveSibling(s.dir().getFileName() + "-index"),
                SearchSettings.KEYWORD);
        opened.add(index);
        AtomicInteger searches = new AtomicInteger();
        SiteSearch counted = new SiteSearch() {
            @Override
            public List<SearchHit> search(SearchRequest request) {
                searches.incrementAndGet();
                return index.search(request);
            }

            @Override
            public Optional<PageContent> page(String path, List<String> groups) {
                return index.page(path, groups);
            }

            @Override
            public boolean mentions(String word) {
                return index.mentions(word);
            }
        };
        Site site = new Site(new SiteConfig("hooks", "acme", s.dir(), Optional.empty()), content, counted, null);
        return new Served(content, new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE), searches, site);
    }

    static List<String> hrefs(String html) {
        int start = html.indexOf("<nav class=\"related-topics\"");
        if (start < 0) {
            return List.of();
        }
        String section = html.substring(start, html.indexOf("</nav>", start));
        List<String> out = new ArrayList<>();
        Matcher m = HREF.matcher(section);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void automaticSuggestsTheSitesOwnSearchResultsForTheTitleLeavingOutThePageHiddenAndPrivatePages() {
        Served s = serve(site("auto", "{\"mode\": \"automatic\"}"));
        List<String> related = s.related("/webhooks");
        assertTrue(related.containsAll(List.of("/webhook-retries", "/webhook-signatures", "/webhook-events")), related.toString());
        assertFalse(related.contains("/webhooks"), "not the page itself: " + related);
        assertFalse(related.contains("/internals"), "not a hidden page: " + related);
        assertFalse(related.contains("/staff-webhooks"), "never a page the public may not read: " + related);
        assertFalse(related.contains("/billing"), related.toString());
        String html = s.html("/webhooks");
        assertTrue(html.contains("<h2 id=\"da:related-topics\">Related topics</h2>"), html);
        // The title and icon come from the page suggested.
        assertTrue(html.matches("(?s).*<a href=\"/webhook-retries\"><svg[^>]*class=\"icon[^>]*>.*?</svg><span>Webhook retries</span></a>.*"),
                html.substring(html.indexOf("related-topics")));
        assertEquals(List.of(), s.related("/billing"), "no page matches Billing: no section");
    }

    @Test
    void automaticSuggestionsAreSearchedOncePerPageAndKeptForLaterRequests() {
        Served s = serve(site("cached", "{\"mode\": \"automatic\"}"));
        List<String> first = s.related("/webhooks");
        assertEquals(1, s.searches().get());
        assertEquals(first, s.related("/webhooks"));
        assertEquals(first, hrefs(assertInstanceOf(SiteRenderer.HtmlPage.class,
                s.renderer().render("/webhooks", "/sites/hooks", null)).html()).stream().map(h -> h.replace("/sites/hooks", "")).toList());
        assertEquals(1, s.searches().get(), "a later request, here or under /sites/hooks, searches nothing");
    }

    @Test
    void aReaderHoldingTheGroupIsSuggestedThePrivatePageThePublicNever() {
        Served s = serve(site("groups", "{\"mode\": \"automatic\", \"limit\": 10}"));
        assertFalse(s.related("/webhooks").contains("/staff-webhooks"));
        SiteRenderer staff = new SiteRenderer(s.site().readBy(List.of("staff")), SiteAssets.fromClassPath(), null, Injected.NONE,
                true, List.of("staff"));
        List<String> seen = hrefs(((SiteRenderer.HtmlPage) staff.render("/webhooks", "", null)).html());
        assertTrue(seen.contains("/staff-webhooks"), seen.toString());
        SiteRenderer other = new SiteRenderer(s.site().readBy(List.of("sales")), SiteAssets.fromClassPath(), null, Injected.NONE,
                true, List.of("sales"));
        assertFalse(hrefs(((SiteRenderer.HtmlPage) other.render("/webhooks", "", null)).html()).contains("/staff-webhooks"));
        // Listed by hand, a page the reader may not read is left out as well.
        TestSites listed = site("listed-private", "{\"mode\": \"manual\"}");
        listed.page("curated", "Curated.", "title: Curated webhooks", "related: [/staff-webhooks, /webhook-events]");
        assertEquals(List.of("/webhook-events"), serve(listed).related("/curated"));
    }

    @Test
    void aHiddenPageIsNotSuggestedEvenWhereSearchIndexesHiddenPages() throws Exception {
        TestSites s = site("indexed", "{\"mode\": \"automatic\", \"limit\": 10}");
        Path docs = s.dir().resolve("docs.json");
        Files.writeString(docs, Files.readString(docs).replace("\"name\": \"Hooks\",", "\"name\": \"Hooks\", \"seo\": {\"indexing\": \"all\"},"));
        Served served = serve(s);
        List<String> related = served.related("/webhooks");
        assertTrue(related.contains("/webhook-events"), related.toString());
        assertFalse(related.contains("/internals"), related.toString());
    }

    @Test
    void frontMatterListsPagesTitlesAndExternalLinksInEitherMode() {
        for (String mode : List.of("automatic", "manual")) {
            Served s = serve(site("fm-" + mode, "{\"mode\": \"" + mode + "\"}"));
            String html = s.html("/curated");
            assertEquals(List.of("/webhook-retries", "/webhook-signatures#verify", "https://example.com/spec/", "https://oauth.net/2/"),
                    hrefs(html), mode);
            String section = html.substring(html.indexOf("<nav class=\"related-topics\""));
            assertTrue(section.contains("<span>Webhook retries</span>"), "an internal page's title is inferred: " + section);
            assertTrue(section.contains("<a href=\"/webhook-signatures#verify\"><span>Signing</span></a>"), section);
            assertTrue(section.contains("<a href=\"https://oauth.net/2/\" target=\"_blank\" rel=\"noopener\"><span>OAuth 2.0 spec</span>"),
                    section);
            assertTrue(section.contains("<a href=\"https://example.com/spec/\" target=\"_blank\" rel=\"noopener\"><span>example.com/spec</span>"),
                    section);
            assertTrue(section.contains("<span class=\"visually-hidden\"> (opens in a new tab)</span>"), section);
            assertEquals(0, s.searches().get(), "a page's own list searches nothing");
        }
    }

    @Test
    void manualModeShowsNothingOnPagesWithoutAList() {
        Served s = serve(site("manual", "{\"mode\": \"manual\"}"));
        assertEquals(List.of(), s.related("/webhooks"));
        assertFalse(s.html("/webhooks").contains("related-topics"));
        assertEquals(0, s.searches().get());
    }

    @Test
    void relatedFalseHidesTheSectionAndNoSettingMeansNoSection() {
        Served auto = serve(site("false", "{\"mode\": \"automatic\"}"));
        assertFalse(auto.html("/quiet").contains("related-topics"));
        assertFalse(auto.related("/webhooks").isEmpty());
        Served off = serve(site("off", null));
        assertFalse(off.html("/webhooks").contains("related-topics"));
        assertFalse(off.html("/curated").contains("related-topics"), "a page's own list shows only where docs.json turns the section on");
        assertEquals(0, off.searches().get());
    }

    @Test
    void theLimitIsFiveByDefaultAtMostTenAndAppliesToListsToo() {
        String[] many = new String[12];
        for (int i = 0; i < many.length; i++) {
            many[i] = "topic-" + (char) ('a' + i);
        }
        assertEquals(5, serve(site("default", "{}", many)).related("/webhooks").size());
        assertEquals(2, serve(site("two", "{\"limit\": 2}", many)).related("/webhooks").size());
        assertEquals(2, serve(site("two-listed", "{\"limit\": 2}", many)).related("/curated").size());
        Served capped = serve(site("capped", "{\"limit\": 30}", many));
        assertEquals(10, capped.related("/webhooks").size());
        assertTrue(capped.content().problems().stream().map(SiteProblem::toString)
                .anyMatch(p -> p.startsWith("docs.json") && p.contains("/related/limit: must be a whole number from 1 to 10; 10 is used")),
                capped.content().problems().toString());
    }

    @Test
    void anUnknownPageIsASiteProblemAtItsLineAndColumnAndLeftOut() {
        Served s = serve(site("unknown", "{\"mode\": \"manual\"}"));
        assertTrue(s.content().problems().stream().map(SiteProblem::toString).anyMatch(p -> p.equals(
                "curated.mdx:8:5: related: '/nowhere' is not a page of the site; left out of Related topics")),
                s.content().problems().toString());
        assertFalse(s.related("/curated").contains("/nowhere"));
        TestSites bad = site("bad-setting", "{\"mode\": \"sometimes\"}");
        bad.page("odd", "Odd.", "title: Odd", "related: 42");
        SiteContent content = SiteReader.read(bad.dir());
        List<String> problems = content.problems().stream().map(SiteProblem::toString).toList();
        assertTrue(problems.stream().anyMatch(p -> p.contains("/related/mode: must be \"automatic\" or \"manual\"")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("odd.mdx:3:1: related must be a list")), problems.toString());
    }

    @Test
    void aPageAddedOrDeletedLaterChangesTheProblemsOfListsNamingIt() throws Exception {
        TestSites s = site("later", "{\"mode\": \"manual\"}");
        SiteContent before = SiteReader.read(s.dir());
        assertTrue(unknown(before, "/nowhere"));
        s.page("nowhere", "Found.", "title: Nowhere");
        SiteContent added = SiteReader.withPages(before, List.of(s.dir().resolve("nowhere.mdx")));
        assertFalse(unknown(added, "/nowhere"), added.problems().toString());
        Files.delete(s.dir().resolve("webhook-retries.mdx"));
        SiteContent deleted = SiteReader.withPages(added, List.of(s.dir().resolve("webhook-retries.mdx")));
        assertTrue(unknown(deleted, "/webhook-retries"), deleted.problems().toString());
        assertEquals(1, deleted.problems().stream().filter(p -> p.message().startsWith("related: ")).count(), deleted.problems().toString());
    }

    private static boolean unknown(SiteContent content, String target) {
        return content.problems().stream().anyMatch(p -> p.file().equals("curated.mdx")
                && p.message().equals("related: '" + target + "' is not a page of the site; left out of Related topics"));
    }
}
