package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.integrations.spi.HtmlEncoder;

import java.util.Optional;

/**
 * docs.json {@code background.image} (one path or URL, or one per theme) as the CSS variables the
 * stylesheet draws behind the page: {@code --bg-image-light} and {@code --bg-image-dark}.
 */
final class SiteBackground {
    private SiteBackground() {
    }

    /** {@code ;--bg-image-light:url('…')…} for the page root's style, or "" without an image. */
    static String imageVariables(JsonNode docs, LinkResolver links) {
        JsonNode image = docs.path("background").path("image");
        String light = image.isTextual() ? image.asText() : image.path("light").asText(null);
        String dark = image.isTextual() ? image.asText() : image.path("dark").asText(null);
        StringBuilder css = new StringBuilder();
        url(light, links).ifPresent(u -> css.append(";--bg-image-light:").append(u));
        url(dark, links).ifPresent(u -> css.append(";--bg-image-dark:").append(u));
        return css.toString();
    }

    /** The image as {@code url('…')}, for a site path or an https URL without characters that could end it. */
    private static Optional<String> url(String value, LinkResolver links) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        return links.embed(value.strip()).filter(u -> !u.startsWith("#") && u.matches("[^\\s'\"()\\\\<>;]+"))
                .map(u -> "url('" + HtmlEncoder.attr(u) + "')");
    }
}
