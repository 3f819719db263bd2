package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.content.Appearance;

import java.util.Locale;

/**
 * A site's colours and appearance from docs.json ({@code colors.primary/light/dark},
 * {@code background.color}, {@code appearance.default/strict}) as CSS custom properties for both
 * themes. Link colours are adjusted until they reach WCAG AA contrast (4.5:1) on the theme's
 * background, so a near-black primary still gives readable links in dark mode. docs.json {@code theme} and
 * {@code background.decoration} become classes of the page's root ({@code theme-maple}, {@code decoration-grid})
 * that the stylesheet gives each theme's look; {@code styling.eyebrows} whether a page's eyebrow is its navigation path.
 */
record SiteTheme(String defaultMode, boolean strict, String cssVariables, String classes, boolean breadcrumbs) {
    static final String LIGHT_BG = "#ffffff";
    static final String DARK_BG = "#0f1117";
    private static final String FALLBACK = "#2563eb";

    /**
     * Runs in {@code <head>} before the first paint (allowed by its hash): the reader's saved choice,
     * else the site's default, else the system's preference.
     */
    static final String BOOT_SCRIPT = "(function(){var d=document.documentElement,t=d.getAttribute('data-theme-default')||'system';"
            + "try{if(!d.hasAttribute('data-theme-strict')){t=localStorage.getItem('docs-assistant:theme')||t}}catch(e){}"
            + "if(t!=='light'&&t!=='dark'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}"
            + "d.setAttribute('data-theme',t)})();";
    static final String BOOT_SCRIPT_HASH = ContentSecurityPolicy.sha256(BOOT_SCRIPT);

    static SiteTheme of(JsonNode docs) {
        JsonNode colors = docs.path("colors");
        String primary = color(colors.path("primary").asText(null), FALLBACK);
        String accentDark = color(colors.path("light").asText(null), primary);
        String lightBg = color(docs.path("background").path("color").path("light").asText(null), LIGHT_BG);
        String darkBg = color(docs.path("background").path("color").path("dark").asText(null), DARK_BG);
        if (luminance(lightBg) < 0.5) {
            lightBg = LIGHT_BG;
        }
        if (luminance(darkBg) > 0.2) {
            darkBg = DARK_BG;
        }
        String linkLight = readable(primary, lightBg, activeSurface(primary, lightBg));
        String linkDark = readable(accentDark, darkBg, activeSurface(accentDark, darkBg));
        String css = "--brand:" + primary + ";--brand-dark:" + accentDark
                + ";--on-brand:" + onColor(primary) + ";--on-brand-dark:" + onColor(accentDark)
                + ";--link-light:" + linkLight + ";--link-dark:" + linkDark
                + ";--bg-light:" + lightBg + ";--bg-dark:" + darkBg;
        // colors.dark: the buttons' colour in both themes (else each theme's primary).
        String button = color(colors.path("dark").asText(null), null);
        if (button != null) {
            css += ";--brand-button:" + button + ";--on-brand-button:" + onColor(button);
        }
        JsonNode appearance = docs.path("appearance");
        String mode = appearance.path("default").asText("system").toLowerCase(Locale.ROOT);
        if (!mode.equals("light") && !mode.equals("dark")) {
            mode = "system";
        }
        Appearance look = Appearance.of(docs);
        String classes = "theme-" + look.theme() + (look.decoration().isEmpty() ? "" : " decoration-" + look.decoration());
        return new SiteTheme(mode, appearance.path("strict").asBoolean(false), css, classes, look.breadcrumbs());
    }

    /** {@code #rgb} or {@code #rrggbb} as {@code #rrggbb}, else the fallback. */
    static String color(String value, String fallback) {
        if (value == null || !value.strip().matches("#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?")) {
            return fallback;
        }
        String v = value.strip().toLowerCase(Locale.ROOT);
        return v.length() == 4 ? "#" + v.charAt(1) + v.charAt(1) + v.charAt(2) + v.charAt(2) + v.charAt(3) + v.charAt(3) : v;
    }

    /**
     * The colour itself when it reaches 5:1 on the background, else mixed towards black or white until it
     * does: WCAG AA (4.5:1) with room for the other tinted surfaces links sit on (nested API fields).
     */
    private static final double LINK_CONTRAST = 5.0;
    /** AA on the current sidebar entry, with a margin for the browser's rounding of {@code color-mix}. */
    private static final double SURFACE_CONTRAST = 4.6;
    /** The share of the primary in the current sidebar entry's background (site.css {@code .sidebar li a.active}). */
    static final double ACTIVE_TINT = 0.10;

    /** The current sidebar entry's background: the theme's primary at {@link #ACTIVE_TINT} over the background. */
    static String activeSurface(String primary, String background) {
        int[] p = rgb(primary);
        int[] b = rgb(background);
        int[] m = new int[3];
        for (int i = 0; i < 3; i++) {
            m[i] = (int) Math.round(b[i] + (p[i] - b[i]) * ACTIVE_TINT);
        }
        return hex(m[0], m[1], m[2]);
    }

    static String readable(String color, String background) {
        return readable(color, background, background);
    }

    /**
     * The link colour for a theme: reaches {@link #LINK_CONTRAST} on the background and AA on the tinted
     * surface of the current sidebar entry, whose text is the link colour too.
     */
    static String readable(String color, String background, String surface) {
        boolean darkBackground = luminance(background) < 0.5;
        int[] c = rgb(color);
        for (int step = 0; step <= 20; step++) {
            double t = step / 20.0;
            int target = darkBackground ? 255 : 0;
            String mixed = hex((int) Math.round(c[0] + (target - c[0]) * t), (int) Math.round(c[1] + (target - c[1]) * t),
                    (int) Math.round(c[2] + (target - c[2]) * t));
            if (contrast(mixed, background) >= LINK_CONTRAST && contrast(mixed, surface) >= SURFACE_CONTRAST) {
                return mixed;
            }
        }
        return darkBackground ? "#ffffff" : "#000000";
    }

    /** White or near-black text on a button of this colour, whichever contrasts more. */
    static String onColor(String color) {
        return contrast(color, "#ffffff") >= contrast(color, "#111111") ? "#ffffff" : "#111111";
    }

    /** The WCAG contrast ratio of two colours (1–21). */
    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    static double luminance(String color) {
        int[] c = rgb(color);
        double[] l = new double[3];
        for (int i = 0; i < 3; i++) {
            double s = c[i] / 255.0;
            l[i] = s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    }

    private static int[] rgb(String hex) {
        return new int[] {Integer.parseInt(hex.substring(1, 3), 16), Integer.parseInt(hex.substring(3, 5), 16),
                Integer.parseInt(hex.substring(5, 7), 16)};
    }

    private static String hex(int r, int g, int b) {
        return String.format("#%02x%02x%02x", r, g, b);
    }
}
