package dev.docsassistant.render;

import dev.docsassistant.config.Mappers;
import dev.docsassistant.integrations.spi.HtmlEncoder;
import com.fasterxml.jackson.core.type.TypeReference;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Icons from maintained icon sets (Font Awesome Free, the docs.json default, and Lucide), bundled at
 * build time and inlined as SVG: a page carries only the icons it shows, and no icon font or CDN is
 * loaded. An icon given as a URL or site path is shown as an image.
 */
final class Icons {
    private static final Map<String, Map<String, String>> SETS = new ConcurrentHashMap<>();
    /** A private-use character: never in docs text, untouched by Markdown and HTML escaping. */
    private static final char MARK = '\uE000';
    private static final java.util.regex.Pattern MARKER = java.util.regex.Pattern.compile(MARK + "([a-z0-9-]{1,64})" + MARK);

    private final String library;
    private final LinkResolver links;

    /** @param library docs.json {@code icons.library}: "lucide", else Font Awesome */
    Icons(String library, LinkResolver links) {
        this.library = "lucide".equalsIgnoreCase(library) ? "lucide" : "fontawesome";
        this.links = links;
    }

    /** The icon as inline SVG (or an image for a URL), or "" when the name is in neither set. */
    String html(String icon) {
        if (icon == null || icon.isBlank()) {
            return "";
        }
        String name = icon.strip();
        if (name.startsWith("/") || name.startsWith("https://") || name.startsWith("./")) {
            return "<img class=\"icon\" src=\"" + HtmlEncoder.attr(links.src(name)) + "\" alt=\"\" aria-hidden=\"true\">";
        }
        String key = name.toLowerCase(Locale.ROOT).replace(' ', '-');
        String fallback = library.equals("lucide") ? "fontawesome" : "lucide";
        String chosen = set(library).containsKey(key) ? library : set(fallback).containsKey(key) ? fallback : null;
        return chosen == null ? "" : svg(chosen, set(chosen).get(key));
    }

    /**
     * What page content carries for an icon: a marker that passes the Markdown renderer and the HTML
     * sanitizer as plain text, turned into its SVG by {@link #expand} once the page is rendered.
     */
    String marker(String icon) {
        if (icon == null || icon.isBlank()) {
            return "";
        }
        String name = icon.strip();
        if (name.startsWith("/") || name.startsWith("https://") || name.startsWith("./")) {
            return html(name);
        }
        String key = name.toLowerCase(Locale.ROOT).replace(' ', '-');
        return key.matches("[a-z0-9-]{1,64}") && !html(key).isEmpty() ? MARK + key + MARK : "";
    }

    /** A marker for a named icon of either set, where no {@code Icons} is at hand (an unknown name expands to nothing). */
    static String namedMarker(String icon) {
        String key = icon == null ? "" : icon.strip().toLowerCase(Locale.ROOT).replace(' ', '-');
        return key.matches("[a-z0-9-]{1,64}") ? MARK + key + MARK : "";
    }

    /** The rendered page with each icon marker replaced by its SVG. */
    String expand(String html) {
        if (html.indexOf(MARK) < 0) {
            return html;
        }
        return MARKER.matcher(html).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(html(m.group(1))));
    }

    /** A brand's icon (footer socials: github, x, linkedin, …), always from Font Awesome's brands. */
    static String brand(String name) {
        String key = switch (name.toLowerCase(Locale.ROOT)) {
            case "x" -> "x-twitter";
            case "website" -> "globe";
            case "hacker-news" -> "hacker-news";
            default -> name.toLowerCase(Locale.ROOT);
        };
        String entry = set("fontawesome").get(key);
        return entry == null ? "" : svg("fontawesome", entry);
    }

    private static String svg(String set, String entry) {
        int bar = entry.indexOf('|');
        String viewBox = entry.substring(0, bar);
        String body = entry.substring(bar + 1);
        return set.equals("lucide")
                ? "<svg class=\"icon\" viewBox=\"" + viewBox + "\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" "
                + "stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\">" + body + "</svg>"
                : "<svg class=\"icon\" viewBox=\"" + viewBox + "\" fill=\"currentColor\" aria-hidden=\"true\" focusable=\"false\">"
                + "<path d=\"" + HtmlEncoder.attr(body) + "\"/></svg>";
    }

    private static Map<String, String> set(String name) {
        return SETS.computeIfAbsent(name, n -> {
            try (InputStream in = Icons.class.getResourceAsStream("/site-ui/icons/" + n + ".json")) {
                return in == null ? Map.of() : Mappers.JSON.readValue(in, new TypeReference<Map<String, String>>() { });
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
