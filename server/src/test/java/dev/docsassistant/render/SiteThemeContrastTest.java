package dev.docsassistant.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The current sidebar entry (link colour on the primary's tint) reaches WCAG AA for any primary, in both themes. */
class SiteThemeContrastTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void activeSidebarLinkReachesAaOnItsTintForAnyPrimary() throws Exception {
        String[] primaries = {null, "#16a34a", "#2563eb", "#0d9488", "#ea580c", "#9333ea", "#eab308", "#09090b", "#f4f4f5", "#e11d48"};
        for (String primary : primaries) {
            String docs = primary == null ? "{}" : "{\"colors\":{\"primary\":\"" + primary + "\"}}";
            String css = SiteTheme.of(JSON.readTree(docs)).cssVariables();
            String brand = variable(css, "brand");
            String brandDark = variable(css, "brand-dark");
            double light = SiteTheme.contrast(variable(css, "link-light"), SiteTheme.activeSurface(brand, variable(css, "bg-light")));
            double dark = SiteTheme.contrast(variable(css, "link-dark"), SiteTheme.activeSurface(brandDark, variable(css, "bg-dark")));
            assertTrue(light >= 4.5, primary + " light: " + light + " in " + css);
            assertTrue(dark >= 4.5, primary + " dark: " + dark + " in " + css);
            // On the page background too, with the margin the other tinted surfaces need.
            assertTrue(SiteTheme.contrast(variable(css, "link-light"), variable(css, "bg-light")) >= 5.0, css);
            assertTrue(SiteTheme.contrast(variable(css, "link-dark"), variable(css, "bg-dark")) >= 5.0, css);
        }
    }

    @Test
    void theTintIsTheBrowsersColorMix() {
        // color-mix(in srgb, #16a34a 10%, transparent) over white: each channel 10% of the way to the primary.
        assertTrue(SiteTheme.activeSurface("#16a34a", "#ffffff").equals("#e8f6ed"), SiteTheme.activeSurface("#16a34a", "#ffffff"));
    }

    private static String variable(String css, String name) {
        Matcher m = Pattern.compile("(?:^|;)--" + Pattern.quote(name) + ":(#[0-9a-f]{6})").matcher(css);
        assertTrue(m.find(), name + " in " + css);
        return m.group(1);
    }
}
