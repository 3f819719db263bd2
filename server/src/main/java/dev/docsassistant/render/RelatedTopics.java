package dev.docsassistant.render;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.RelatedLinks;
import dev.docsassistant.content.RelatedSettings;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SiteSearch;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * The "Related topics" section at the bottom of a page (Mintlify's {@code organize/related-pages},
 * switched on by docs.json {@code related}): the pages its front matter {@code related} lists, else, in
 * automatic mode, the site's own search for the page's title in its version and language. Only pages
 * the renderer's readers may read are listed (its content is theirs, the search reads their groups),
 * never the page itself, and no hidden page unless the page lists it.
 *
 * <p>A page's suggestions are searched once, its section made once per place the site is served, and
 * both kept while this version of the site is served (a new index comes with a new renderer): requests
 * after a page's first do not search.
 */
final class RelatedTopics {
    private static final Logger LOG = Logger.getLogger(RelatedTopics.class.getName());
    private static final String TITLE_ID = HtmlSanitizer.LAYOUT_ID_PREFIX + "related-topics";
    /** The search is asked for a few more than the limit: the page itself and hidden pages are dropped after. */
    private static final int SPARE = 5;

    private final RelatedSettings settings;
    private final SiteContent site;
    private final SiteSearch search;
    private final List<String> groups;
    /** The section's HTML by place served and page. */
    private final Map<String, String> sections = new ConcurrentHashMap<>();
    /** The automatic suggestions by page, wherever the site is served: one search per page. */
    private final Map<String, List<Page>> suggestions = new ConcurrentHashMap<>();

    /** One entry of the section. */
    record Entry(String title, String href, String icon, boolean external) {
    }

    /**
     * @param site   the content the renderer's readers see ({@code SiteContent#visibleTo}), pages shown to them without groups
     * @param search the site's search, or null (no automatic suggestions)
     * @param groups the readers' access groups, which the search reads with
     */
    RelatedTopics(SiteContent site, SiteSearch search, List<String> groups) {
        this.settings = RelatedSettings.read(site.docsJson(), new ArrayList<>()); // reported when the site loaded
        this.site = site;
        this.search = search;
        this.groups = List.copyOf(groups);
    }

    /** The section's HTML for {@code page}, or "" when it has none. */
    String html(Page page, LinkResolver links, UiStrings strings, Icons icons) {
        if (settings.mode() == RelatedSettings.Mode.OFF) {
            return "";
        }
        String key = links.base() + "\n" + page.path();
        String made = sections.get(key);
        if (made == null) {
            made = render(entries(page, links), strings, icons);
            boolean searched = settings.mode() != RelatedSettings.Mode.AUTOMATIC
                    || page.meta().related().state() != RelatedLinks.State.UNSET || suggestions.containsKey(page.path());
            if (searched) { // a failed search is tried again
                sections.put(key, made);
            }
        }
        return made;
    }

    /** What the section lists for {@code page}, at most the limit. */
    List<Entry> entries(Page page, LinkResolver links) {
        RelatedLinks own = page.meta().related();
        if (settings.mode() == RelatedSettings.Mode.OFF || own.state() == RelatedLinks.State.HIDDEN) {
            return List.of();
        }
        if (own.state() == RelatedLinks.State.LISTED) {
            return listed(page, own, links);
        }
        return settings.mode() == RelatedSettings.Mode.AUTOMATIC ? suggested(page, links) : List.of();
    }

    private List<Entry> listed(Page page, RelatedLinks own, LinkResolver links) {
        List<Entry> out = new ArrayList<>();
        for (RelatedLinks.Link link : own.links()) {
            if (out.size() == settings.limit()) {
                break;
            }
            if (link.external()) {
                out.add(new Entry(link.title() != null ? link.title() : shortUrl(link.target()), link.target(), null, true));
                continue;
            }
            // A page the readers may not read is left out as if it did not exist (an unknown one was reported).
            readable(link.pagePath()).filter(p -> !p.path().equals(page.path())).ifPresent(p -> out.add(new Entry(
                    link.title() != null ? link.title() : p.title(), links.href(link.target()), p.icon(), false)));
        }
        return out;
    }

    private List<Entry> suggested(Page page, LinkResolver links) {
        List<Page> pages = suggestions.get(page.path());
        if (pages == null) {
            pages = search(page);
            if (pages == null) {
                return List.of(); // the search failed: tried again on the next request
            }
            suggestions.put(page.path(), pages);
        }
        return pages.stream().map(p -> new Entry(p.title(), links.page(p.path()), p.icon(), false)).toList();
    }

    /** The site's search for the page's title, in its version and language, as the readers may read it; null when it failed. */
    private List<Page> search(Page page) {
        if (search == null) {
            return List.of();
        }
        SearchFilter filter = new SearchFilter(page.version(), page.language(), null, groups);
        List<SearchHit> hits;
        try {
            hits = search.search(new SearchRequest(page.title(), settings.limit() + SPARE, 0, filter, null));
        } catch (RuntimeException e) {
            LOG.warning("related topics of " + page.path() + ": the search failed: " + e);
            return null;
        }
        Set<String> seen = new LinkedHashSet<>();
        List<Page> out = new ArrayList<>();
        for (SearchHit hit : hits) {
            Optional<Page> found = readable(hit.pagePath());
            if (found.isEmpty() || found.get().path().equals(page.path()) || hidden(found.get()) || !seen.add(found.get().path())) {
                continue;
            }
            out.add(found.get());
            if (out.size() == settings.limit()) {
                break;
            }
        }
        return List.copyOf(out);
    }

    /** A page the renderer's readers may read (its content holds theirs without groups, and nothing else). */
    private Optional<Page> readable(String path) {
        return site.page(path).filter(Page::isPublic);
    }

    private static boolean hidden(Page page) {
        return page.meta().hidden() || page.nav() != null && page.nav().hidden();
    }

    /** An address without its scheme, for an external entry without a title. */
    private static String shortUrl(String url) {
        int scheme = url.indexOf("://");
        String s = scheme < 0 ? url : url.substring(scheme + 3);
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    private static String render(List<Entry> entries, UiStrings t, Icons icons) {
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<nav class=\"related-topics\" aria-labelledby=\"" + TITLE_ID + "\">\n<h2 id=\""
                + TITLE_ID + "\">").append(HtmlEncoder.attr(t.get("relatedTopics"))).append("</h2>\n<ul>\n");
        for (Entry e : entries) {
            h.append("<li><a href=\"").append(HtmlEncoder.attr(e.href())).append('"');
            if (e.external()) {
                h.append(" target=\"_blank\" rel=\"noopener\"");
            }
            h.append('>').append(icons.html(e.icon())).append("<span>").append(HtmlEncoder.attr(e.title())).append("</span>");
            if (e.external()) {
                h.append("<span class=\"related-external\" aria-hidden=\"true\">").append(icons.html("arrow-up-right-from-square"))
                        .append("</span><span class=\"visually-hidden\"> (").append(HtmlEncoder.attr(t.get("opensInNewTab"))).append(")</span>");
            }
            h.append("</a></li>\n");
        }
        return h.append("</ul>\n</nav>\n").toString();
    }
}
