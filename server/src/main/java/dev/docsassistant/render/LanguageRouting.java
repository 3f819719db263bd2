package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.content.SiteLanguage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Routing a reader who opens a site's root to the language their browser prefers (Mintlify's
 * "Auto-route to preferred language", {@code organize/navigation}): on when docs.json says
 * {@code "languageRouting": true}. A language picked in the language menu is remembered in a cookie
 * of the site's host (the site script sets it) and wins over the browser's preferences.
 */
public final class LanguageRouting {
    /** docs.json's switch, beside Mintlify's keys (its validator drops unknown top-level keys). */
    public static final String SETTING = "languageRouting";
    /** The cookie holding the docs.json code of the language the reader picked; the site script sets it. */
    public static final String COOKIE = "docs_language";
    /** More ranges than any browser sends: the rest of a longer header is not read. */
    private static final int MAX_RANGES = 32;

    private LanguageRouting() {
    }

    /** Whether the site routes its root by language. */
    public static boolean enabled(JsonNode docs) {
        return docs.path(SETTING).asBoolean(false) && docs.path(SETTING).isBoolean();
    }

    /** One range of {@code Accept-Language} and its quality. */
    private record Range(String tag, double quality, int order) {
    }

    /**
     * The site language that best matches an {@code Accept-Language} header: ranges by quality (then
     * in the order sent), each matching a language of the same tag first, else of the same language
     * ({@code pt-BR} → {@code pt}, {@code en-GB} → {@code en}, {@code zh-CN} → {@code cn} or {@code zh},
     * {@code zh-TW} → {@code zh-Hant}; Traditional and Simplified Chinese do not stand in for each other).
     *
     * @param codes the site's docs.json language codes, in navigation order (the first match among equals wins)
     * @return the matching code; empty when nothing matches (the default language is served)
     */
    public static Optional<String> negotiate(String acceptLanguage, List<String> codes) {
        for (Range range : ranges(acceptLanguage)) {
            for (String code : codes) {
                if (tagOf(code).equalsIgnoreCase(range.tag()) || code.equalsIgnoreCase(range.tag())) {
                    return Optional.of(code);
                }
            }
            String family = SiteLanguage.family(range.tag());
            for (String code : codes) {
                if (SiteLanguage.family(tagOf(code)).equals(family)) {
                    return Optional.of(code);
                }
            }
        }
        return Optional.empty();
    }

    private static String tagOf(String code) {
        return SiteLanguage.of(code).map(SiteLanguage::tag).orElse(code);
    }

    /** The header's ranges with a quality above 0, best first; {@code *} and malformed entries left out. */
    private static List<Range> ranges(String header) {
        List<Range> ranges = new ArrayList<>();
        if (header == null) {
            return ranges;
        }
        String[] parts = header.split(",");
        for (int i = 0; i < parts.length && i < MAX_RANGES; i++) {
            String[] fields = parts[i].split(";", -1);
            String tag = fields[0].strip();
            if (tag.isEmpty() || tag.equals("*") || !tag.matches("[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*")) {
                continue;
            }
            double quality = 1;
            for (int f = 1; f < fields.length; f++) {
                String param = fields[f].strip();
                if (param.startsWith("q=") || param.startsWith("Q=")) {
                    try {
                        quality = Double.parseDouble(param.substring(2));
                    } catch (NumberFormatException e) {
                        quality = -1;
                    }
                }
            }
            if (quality > 0 && quality <= 1) {
                ranges.add(new Range(tag, quality, i));
            }
        }
        ranges.sort(Comparator.comparingDouble(Range::quality).reversed().thenComparingInt(Range::order));
        return ranges;
    }
}
