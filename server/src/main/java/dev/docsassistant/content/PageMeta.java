package dev.docsassistant.content;

import dev.docsassistant.content.mdx.FrontMatter;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A page's front matter settings for its layout and its head, as Mintlify documents them
 * ({@code organize/pages}, {@code optimize/seo}).
 *
 * @param metaTags    meta tags the page sets itself ({@code "og:image"}, {@code canonical}, {@code robots}…), by name
 * @param mode        layout mode: default, wide, custom, frame, center or assistant
 * @param url         an external address the navigation links to instead of the page, or null
 * @param timestamp   {@code timestamp} (shows or hides the last-modified line whatever docs.json says), or null
 * @param lastUpdated {@code lastUpdatedDate} (a date or an ISO 8601 time), or null
 * @param noindex     {@code noindex: true}
 * @param hidden      {@code hidden: true}
 * @param related     {@code related}: the pages of its "Related topics" section, or {@code false}
 * @param rss         {@code rss: true}: a changelog page shows a link to its RSS feed at its top
 */
public record PageMeta(Map<String, String> metaTags, String mode, String url, Boolean timestamp, String lastUpdated,
                       boolean noindex, boolean hidden, RelatedLinks related, boolean rss) {
    public static final PageMeta NONE = new PageMeta(Map.of(), "default", null, null, null, false, false, RelatedLinks.UNSET, false);
    /** The layout modes of {@code organize/pages}. */
    public static final Set<String> MODES = Set.of("default", "wide", "custom", "frame", "center", "assistant");
    /** Front matter keys without a colon that are meta tags of the page's head. */
    private static final Set<String> PLAIN_TAGS = Set.of("canonical", "robots", "googlebot", "author", "theme-color");

    public PageMeta {
        metaTags = Map.copyOf(metaTags);
        related = related == null ? RelatedLinks.UNSET : related;
    }

    /**
     * The settings of a page's front matter; an unknown mode is told to {@code problem} and the default used.
     *
     * @param related the page's {@code related} ({@link RelatedLinks#of}, which needs the page's text to place its problems)
     */
    public static PageMeta of(FrontMatter fm, RelatedLinks related, java.util.function.Consumer<String> problem) {
        Map<String, String> tags = new LinkedHashMap<>();
        fm.fields().fields().forEachRemaining(e -> {
            String key = e.getKey().strip().toLowerCase(Locale.ROOT);
            if ((key.contains(":") || PLAIN_TAGS.contains(key)) && e.getValue().isValueNode() && !e.getValue().isNull()
                    && !e.getValue().asText().isBlank()) {
                tags.put(key, e.getValue().asText().strip());
            }
        });
        String mode = fm.string("mode").map(m -> m.toLowerCase(Locale.ROOT)).orElse("default");
        if (!MODES.contains(mode)) {
            problem.accept("mode '" + mode + "' is not one of " + String.join(", ", MODES.stream().sorted().toList())
                    + "; the default layout is used");
            mode = "default";
        }
        String url = fm.string("url").flatMap(SafeUrl::link).filter(SafeUrl::isAbsoluteHttp).orElse(null);
        return new PageMeta(tags, mode, url, fm.bool("timestamp").orElse(null),
                fm.string("lastUpdatedDate").orElse(null), fm.bool("noindex").orElse(false),
                fm.bool("hidden").orElse(false), related, fm.bool("rss").orElse(false));
    }
}
