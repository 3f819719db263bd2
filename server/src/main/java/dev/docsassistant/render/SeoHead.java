package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.content.SafeUrl;
import dev.docsassistant.integrations.spi.HtmlEncoder;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tags of a page's head that search engines and link previews read, as Mintlify's
 * {@code optimize/seo} lists them: canonical URL, Open Graph and Twitter tags, keywords and robots.
 * Each tag is, from strongest to weakest: the page's front matter, docs.json {@code seo.metatags},
 * the generated value. docs.json's {@code canonical} is a base the page's path is appended to.
 */
final class SeoHead {
    /** The size of the generated preview image (og:image:width, og:image:height). */
    static final int IMAGE_WIDTH = 1200;
    static final int IMAGE_HEIGHT = 630;
    /** Where a page's generated preview image is served, below the site's base: {@code /_og/{page}.png}. */
    static final String IMAGE_PREFIX = "/_og/";

    private SeoHead() {
    }

    /**
     * Appends the tags.
     *
     * @param page         the page, or null for the 404 and search pages (then only the site's tags)
     * @param title        the page title as shown
     * @param description  the page description, or empty
     * @param absoluteBase the site's address, no trailing slash
     */
    static void append(StringBuilder h, JsonNode docs, Page page, String title, String description, String absoluteBase,
                       LinkResolver links) {
        Map<String, String> site = siteTags(docs);
        Map<String, String> own = page == null ? Map.of() : page.meta().metaTags();
        Map<String, String> tags = new LinkedHashMap<>();
        String name = docs.path("name").asText("");
        tags.put("og:type", "website");
        if (!name.isBlank()) {
            tags.put("og:site_name", name);
        }
        tags.put("og:title", title);
        String summary = !description.isEmpty() ? description : summary(docs, page);
        if (!summary.isEmpty()) {
            tags.put("og:description", summary);
        }
        String canonical = null;
        if (page != null) {
            String path = PagePaths.withoutIndex(page.path());
            String siteCanonical = site.get("canonical");
            canonical = own.getOrDefault("canonical", (siteCanonical != null && SafeUrl.isAbsoluteHttp(siteCanonical)
                    ? strip(siteCanonical) : absoluteBase) + "/" + path);
            tags.put("og:url", canonical);
            tags.put("og:image", absoluteBase + IMAGE_PREFIX + (page.path().isEmpty() ? "index" : page.path()) + ".png");
            tags.put("og:image:width", Integer.toString(IMAGE_WIDTH));
            tags.put("og:image:height", Integer.toString(IMAGE_HEIGHT));
        }
        tags.put("twitter:card", "summary_large_image");
        // The site's and the page's own values are made absolute here; the generated ones already are
        // (or are paths under a relative base, which must not be prefixed twice).
        site.forEach((k, v) -> given(tags, k, v, absoluteBase, links));
        own.forEach((k, v) -> given(tags, k, v, absoluteBase, links));
        if ((site.containsKey("og:image") || own.containsKey("og:image")) && !own.containsKey("og:image:width")
                && !site.containsKey("og:image:width")) {
            // A static image replaces the generated one, whose size no longer holds.
            tags.remove("og:image:width");
            tags.remove("og:image:height");
        }
        // Twitter's tags fall back to their Open Graph twins.
        for (String part : List.of("title", "description", "image")) {
            if (!tags.containsKey("twitter:" + part) && tags.containsKey("og:" + part)) {
                tags.put("twitter:" + part, tags.get("og:" + part));
            }
        }
        if (page != null && !page.keywords().isEmpty() && !tags.containsKey("keywords")) {
            tags.put("keywords", String.join(", ", page.keywords()));
        }
        if (page != null && noindex(page) && !tags.containsKey("robots")) {
            tags.put("robots", "noindex");
        }
        if (canonical != null) {
            link(h, "canonical", canonical, links);
        }
        // Open Graph reads property=, the others name=.
        tags.forEach((k, v) -> h.append("<meta ").append(k.startsWith("og:") ? "property" : "name").append("=\"")
                .append(HtmlEncoder.attr(k)).append("\" content=\"").append(HtmlEncoder.attr(v)).append("\">\n"));
    }

    /** A tag from docs.json or front matter; an image or URL in it is made absolute, an unsafe one dropped. */
    private static void given(Map<String, String> tags, String k, String v, String absoluteBase, LinkResolver links) {
        if (k.equals("canonical")) {
            return;
        }
        if (k.endsWith(":image") || k.equals("og:url")) {
            String url = absolute(v, absoluteBase, links);
            if (url == null) {
                tags.remove(k);
            } else {
                tags.put(k, url);
            }
        } else {
            tags.put(k, v);
        }
    }

    /**
     * Search engines are told not to index a page with {@code noindex: true}, and a hidden one
     * (front matter or navigation) unless {@code seo.indexing: "all"} or its navigation item makes it searchable.
     * A page merely left out of the navigation is only left out of the sitemap.
     */
    static boolean noindex(Page page) {
        boolean hidden = page.meta().hidden() || page.nav() != null && page.nav().hidden();
        return page.meta().noindex() || hidden && !page.searchable();
    }

    /**
     * What a link preview says of a page without a description: its first paragraph, else the site's
     * description (docs.json {@code description}), cut at a sentence or word near 200 characters.
     */
    static String summary(JsonNode docs, Page page) {
        String text = page == null ? "" : firstParagraph(page.markdown());
        if (text.isEmpty()) {
            text = docs.path("description").asText("").strip();
        }
        if (text.length() <= 200) {
            return text;
        }
        int cut = text.lastIndexOf(". ", 200);
        if (cut > 80) {
            return text.substring(0, cut + 1);
        }
        cut = text.lastIndexOf(' ', 200);
        return text.substring(0, cut > 80 ? cut : 200) + "…";
    }

    private static final java.util.regex.Pattern LINK = java.util.regex.Pattern.compile("!?\\[([^\\]]*)]\\([^)]*\\)");
    private static final java.util.regex.Pattern MARKS = java.util.regex.Pattern.compile("[*_`>]+");
    private static final java.util.regex.Pattern LIST_MARK = java.util.regex.Pattern.compile("^[-+] |^\\d+\\. ");
    private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");

    /**
     * The first paragraph of prose in a page's Markdown, its markup left out. Lines are read one by one up
     * to it (a page is laid out on every request; its whole text is not split for one paragraph).
     */
    private static String firstParagraph(String markdown) {
        boolean fence = false;
        StringBuilder paragraph = new StringBuilder();
        for (int start = 0; start <= markdown.length(); ) {
            int end = markdown.indexOf('\n', start);
            end = end < 0 ? markdown.length() : end;
            String l = markdown.substring(start, end).strip();
            start = end + 1;
            if (l.startsWith("```") || l.startsWith("~~~")) {
                fence = !fence;
                continue;
            }
            if (fence || l.startsWith("#") || l.startsWith("|") || l.startsWith("<") || l.startsWith("!")
                    || l.startsWith("import ") || l.startsWith("export ")) {
                if (!paragraph.isEmpty()) {
                    break;
                }
                continue;
            }
            if (l.isEmpty()) {
                if (!paragraph.isEmpty()) {
                    break;
                }
                continue;
            }
            paragraph.append(paragraph.isEmpty() ? "" : " ").append(l);
        }
        String text = MARKS.matcher(LINK.matcher(paragraph).replaceAll("$1")).replaceAll("");
        return SPACES.matcher(LIST_MARK.matcher(text).replaceAll("")).replaceAll(" ").strip();
    }

    /** docs.json {@code seo.metatags}: value tags by lower-case name. */
    private static Map<String, String> siteTags(JsonNode docs) {
        Map<String, String> tags = new LinkedHashMap<>();
        docs.path("seo").path("metatags").fields().forEachRemaining(e -> {
            if (e.getValue().isValueNode() && !e.getValue().isNull() && !e.getValue().asText().isBlank()) {
                tags.put(e.getKey().strip().toLowerCase(java.util.Locale.ROOT), e.getValue().asText().strip());
            }
        });
        return tags;
    }

    private static void link(StringBuilder h, String rel, String href, LinkResolver links) {
        String url = absolute(href, "", links);
        if (url != null) {
            h.append("<link rel=\"").append(rel).append("\" href=\"").append(HtmlEncoder.attr(url)).append("\">\n");
        }
    }

    /** A URL for a crawler: an absolute http(s) one as it is, a site path under the site's address. */
    private static String absolute(String url, String absoluteBase, LinkResolver links) {
        return SafeUrl.link(url).map(u -> SafeUrl.isAbsoluteHttp(u) || absoluteBase.isEmpty() ? u
                : u.startsWith("/") ? absoluteBase + u : absoluteBase + "/" + u).orElse(null);
    }

    private static String strip(String base) {
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
