package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Locale;

/**
 * docs.json's {@code theme} and {@code background.decoration}, as Mintlify's
 * {@code organize/settings-appearance.mdx} lists them. A value outside those lists is a warning
 * naming the field and its values; the site is then shown in the default theme, without decoration.
 *
 * @param theme      one of {@link #THEMES}
 * @param decoration one of {@link #DECORATIONS}, or empty
 */
public record Appearance(String theme, String decoration) {
    public static final List<String> THEMES = List.of("mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma");
    public static final List<String> DECORATIONS = List.of("gradient", "grid", "windows");

    /** The settings, reporting what is not one of the documented values. */
    public static Appearance read(JsonNode docs, List<SiteProblem> problems) {
        String theme = value(docs.path("theme"), THEMES, "/theme", problems);
        String decoration = value(docs.path("background").path("decoration"), DECORATIONS, "/background/decoration", problems);
        return new Appearance(theme.isEmpty() ? "mint" : theme, decoration);
    }

    /** The settings without reporting (the renderer's reading; the site's reading reported them). */
    public static Appearance of(JsonNode docs) {
        return read(docs, new java.util.ArrayList<>());
    }

    private static String value(JsonNode node, List<String> allowed, String pointer, List<SiteProblem> problems) {
        if (node.isMissingNode() || node.isNull()) {
            return "";
        }
        String v = node.isTextual() ? node.asText().strip().toLowerCase(Locale.ROOT) : "";
        if (allowed.contains(v)) {
            return v;
        }
        problems.add(new SiteProblem("docs.json", pointer, pointer.substring(1).replace('/', '.') + " must be one of "
                + String.join(", ", allowed) + ", got " + node));
        return "";
    }
}
