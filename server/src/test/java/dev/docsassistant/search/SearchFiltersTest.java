package dev.docsassistant.search;

import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Filters and the indexed fields on a small site indexed by the test itself: the corpora are
 * indexed once per test JVM, so only an index built here shows what indexing writes.
 */
class SearchFiltersTest {
    private static final String NAVIGATION = """
            {"navigation": {"languages": [
              {"language": "en", "versions": [
                {"version": "v2", "default": true, "groups": [{"group": "G", "pages": ["v2/webhooks", "v2/billing", "v2/partners"]}]},
                {"version": "v1", "groups": [{"group": "G", "pages": ["v1/webhooks"]}]}]},
              {"language": "fr", "versions": [
                {"version": "v2", "groups": [{"group": "G", "pages": ["fr/v2/webhooks", "fr/v2/partenaires"]}]}]}]}}
            """;

    @TempDir
    Path dir;

    /** Two versions, two languages, a tagged page in each language and a page for the partners group in each. */
    private TestSites site() {
        return new TestSites(dir.resolve("site")).file("docs.json", NAVIGATION)
                .page("v2/webhooks", "Webhook deliveries are retried with backoff.", "title: Webhooks", "tag: New")
                .page("v1/webhooks", "Webhook deliveries are retried three times.", "title: Webhooks")
                .page("v2/billing", "Invoices are sent by webhook when a payment succeeds.", "title: Billing")
                .page("v2/partners", "Partner webhook deliveries go to the partner console.", "title: Partners",
                        "groups: [partners]")
                .page("fr/v2/webhooks", "Les webhooks sont renvoyés avec un délai croissant.", "title: Webhooks", "tag: New")
                .page("fr/v2/partenaires", "Les webhooks des partenaires vont à leur console.", "title: Partenaires",
                        "groups: [partners]");
    }

    private LuceneSiteSearch open(TestSites site) {
        return LuceneSiteSearch.open(SiteReader.read(site.dir()), dir.resolve("index"), SearchSettings.KEYWORD);
    }

    private static Set<String> pages(LuceneSiteSearch search, String query, SearchFilter filter) {
        return search.search(new SearchRequest(query, 10, 0, filter, null)).stream()
                .map(SearchHit::pagePath).collect(Collectors.toSet());
    }

    @Test
    void eachFilterKeepsOnlyItsPagesAndAccessGroupsStillApply() {
        LuceneSiteSearch search = open(site());
        assertEquals(Set.of("/v2/webhooks", "/v2/billing", "/v1/webhooks"), pages(search, "webhook", SearchFilter.NONE),
                "the anonymous caller: public English pages");
        assertEquals(Set.of("/v1/webhooks"), pages(search, "webhook", new SearchFilter("v1", null, null, List.of())));
        assertEquals(Set.of("/fr/v2/webhooks"), pages(search, "webhooks", new SearchFilter(null, "fr", null, List.of())));
        assertEquals(Set.of("/fr/v2/webhooks", "/fr/v2/partenaires"),
                pages(search, "webhooks", new SearchFilter(null, "fr", null, List.of("partners"))));
        assertEquals(Set.of("/v2/webhooks"), pages(search, "webhook", new SearchFilter(null, null, "NEW", List.of())),
                "a tag that matches, in any case");
        assertEquals(Set.of("/fr/v2/webhooks"), pages(search, "webhooks", new SearchFilter("v2", "fr", "new", List.of())),
                "all three together");
        assertEquals(Set.of("/v2/webhooks", "/v2/billing", "/v2/partners"),
                pages(search, "webhook", new SearchFilter("v2", null, null, List.of("partners"))));
        assertEquals(Set.of(), pages(search, "webhook", new SearchFilter("v1", null, "new", List.of())),
                "no page is both");
    }

    @Test
    void withoutALanguageFilterOtherLanguagesAnswerOnlyWhenTheDefaultFindsNothing() {
        LuceneSiteSearch search = open(site());
        assertEquals(Set.of("/fr/v2/webhooks"), pages(search, "renvoyés délai croissant", SearchFilter.NONE));
        assertFalse(pages(search, "webhooks", SearchFilter.NONE).contains("/fr/v2/webhooks"), "English found something");
    }

    @Test
    void wordsAfterTheSixtyFourthOfALongQueryAreNotSearched() {
        LuceneSiteSearch search = open(site());
        StringBuilder filler = new StringBuilder();
        for (int i = 1; i <= 63; i++) {
            filler.append("zq").append(i).append(' ');
        }
        assertEquals(Set.of("/v2/billing"), pages(search, filler + "invoices", SearchFilter.NONE), "the 64th word counts");
        assertEquals(Set.of(), pages(search, filler + "zq64 invoices", SearchFilter.NONE), "the 65th does not");
    }

    @Test
    void aSiteWhosePagesAreAllRestrictedShowsNothingWithoutTheirGroup() {
        TestSites site = new TestSites(dir.resolve("site")).file("docs.json", "{\"navigation\": {\"pages\": [\"a\", \"b\"]}}")
                .page("a", "Rotating credentials for partners.", "title: A", "groups: [partners]")
                .page("b", "Rotating credentials for staff.", "title: B", "groups: [staff]");
        LuceneSiteSearch search = open(site);
        assertEquals(Set.of(), pages(search, "rotating credentials", SearchFilter.NONE));
        assertEquals(Set.of("/b"), pages(search, "rotating credentials", new SearchFilter(null, null, null, List.of("staff"))));
    }

    @Test
    void aPageThatBecomesRestrictedOrRetaggedIsIndexedAgain() {
        TestSites site = site();
        assertTrue(pages(open(site), "webhook", SearchFilter.NONE).contains("/v2/billing"));
        // Same text, other access groups and tag: the index must not be reused.
        site.page("v2/billing", "Invoices are sent by webhook when a payment succeeds.", "title: Billing",
                "groups: [finance]", "tag: Beta");
        LuceneSiteSearch reopened = open(site);
        assertTrue(reopened.rebuilt());
        assertFalse(pages(reopened, "webhook", SearchFilter.NONE).contains("/v2/billing"));
        assertEquals(Set.of("/v2/billing"), pages(reopened, "webhook", new SearchFilter(null, null, "beta", List.of("finance"))));
    }

    @Test
    void titleHeadingsAndDescriptionAreSearchedWithTheSectionTheyBelongTo() {
        TestSites site = new TestSites(dir.resolve("site")).file("docs.json", "{\"navigation\": {\"pages\": [\"guide\", \"other\"]}}")
                .page("guide", "Start here.\n\n## Payload format\n\nEach event is a JSON object.\n",
                        "title: Signing guide", "description: Rotating secrets without downtime")
                .page("other", "Nothing related.", "title: Other");
        LuceneSiteSearch search = open(site);
        // The description belongs to the page's lead section, the heading to its own section.
        assertEquals(List.of("/guide"), paths(search, "rotating downtime"));
        assertEquals(List.of("/guide#payload-format"), paths(search, "payload format"));
        assertEquals("/guide", search.search(SearchRequest.of("signing", 5)).get(0).pagePath());
    }

    private static List<String> paths(LuceneSiteSearch search, String query) {
        return search.search(SearchRequest.of(query, 5)).stream().map(SearchHit::path).toList();
    }
}
