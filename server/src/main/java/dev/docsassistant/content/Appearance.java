package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Locale;

/**
 * docs.json's {@code theme}, {@code background.decoration} and {@code styling.eyebrows}, as Mintlify's
 * {@code organize/settings-appearance.mdx} lists them. A value outside those lists is a warning
 * naming the field and its values; the site is then shown in the default theme, without decoration,
 * with the page's section above its title.
 *
 * @param theme      one of {@link #THEMES}
 * @param decoration one of {@link #DECORATIONS}, or empty
 * @param eyebrows   one of {@link #EYEBROWS}: the label above a page's title is its section (its group) or the
 *                   navigation path down to it
 */
public record Appearance(String theme, String decoration, String eyebrows) {
    public static final List<String> THEMES = List.of("mint", "maple", "palm", "willow", "linden", "almond", "aspen", "sequoia", "luma");
    public static final List<String> DECORATIONS = List.of("gradient", "grid", "windows");
    public static final List<String> EYEBROWS = List.of("section", "breadcrumbs");

    /** The settings, reporting what is not one of the documented values. */
    public static Appearance read(JsonNode docs, List<SiteProblem> problems) {
        String theme = value(docs.path("theme"), THEMES, "/theme", problems);
        String decoration = value(docs.path("background").path("decoration"), DECORATIONS, "/background/decoration", problems);
        String eyebrows = value(docs.path("styling").path("eyebrows"), EYEBROWS, "/styling/eyebrows", problems);
        return new Appearance(theme.isEmpty() ? "mint" : theme, decoration, eyebrows.isEmpty() ? "section" : eyebrows);
    }

    /** Whether the label above a page's title is the navigation path down to it rather than its group. */
    public boolean breadcrumbs() {
        return eyebrows.equals("breadcrumbs");
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
