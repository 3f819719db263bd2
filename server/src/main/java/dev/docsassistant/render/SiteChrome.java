package dev.docsassistant.render;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.content.SiteContent;

import java.util.Iterator;
import java.util.Map;

/** The parts of docs.json around every page: logo, navbar links and primary button, banner, footer. */
final class SiteChrome {
    /** Sun and moon: the theme toggle shows the one it switches to (the stylesheet picks). */
    static final String THEME_ICON = "<svg class=\"icon icon-moon\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" "
            + "stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\"><path d=\"M12 3a6 6 0 0 0 9 9 "
            + "9 9 0 1 1-9-9Z\"/></svg><svg class=\"icon icon-sun\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" "
            + "stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\"><circle cx=\"12\" cy=\"12\" r=\"4\"/>"
            + "<path d=\"M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41\"/></svg>";

    /** Lucide's thumbs up and down: the page's feedback buttons draw them (no emoji font needed). */
    static final String THUMBS_UP = icon("<path d=\"M7 10v12\"/><path d=\"M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 "
            + "17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z\"/>");
    static final String THUMBS_DOWN = icon("<path d=\"M17 14V2\"/><path d=\"M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 "
            + "6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z\"/>");
    /** The search box's magnifier. */
    static final String SEARCH = icon("<circle cx=\"11\" cy=\"11\" r=\"8\"/><path d=\"m21 21-4.3-4.3\"/>");
    /** The small-screen menu button: three lines while closed, a cross while open (the stylesheet picks). */
    static final String MENU = icon("<path d=\"M4 6h16M4 12h16M4 18h16\"/>").replace("class=\"icon\"", "class=\"icon icon-menu\"")
            + icon("<path d=\"M18 6 6 18M6 6l12 12\"/>").replace("class=\"icon\"", "class=\"icon icon-close\"");

    private SiteChrome() {
    }

    private static String icon(String paths) {
        return "<svg class=\"icon\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" "
                + "stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\">" + paths + "</svg>";
    }


    /** The logo for each theme ({@code logo.light}/{@code logo.dark}), else the site's name. */
    static void brand(StringBuilder h, SiteContent site, LinkResolver links) {
        JsonNode logo = site.docsJson().path("logo");
        String light = logo.isTextual() ? logo.asText() : logo.path("light").asText(null);
        String dark = logo.isTextual() ? null : logo.path("dark").asText(null);
        // logo.href sends the logo elsewhere (the product's home page); a refused link keeps the docs' home.
        String href = logo.path("href").asText("");
        String target = !href.isBlank() && links.link(href).isPresent() ? links.href(href) : links.base() + "/";
        h.append("<a class=\"brand\" href=\"").append(HtmlEncoder.attr(target)).append("\">");
        boolean hasLight = light != null && !light.isBlank() && SiteLayout.available(site, light);
        boolean hasDark = dark != null && !dark.isBlank() && !dark.equals(light) && SiteLayout.available(site, dark);
        if (hasLight) {
            h.append("<img class=\"logo").append(hasDark ? " logo-light" : "").append("\" src=\"")
                    .append(HtmlEncoder.attr(links.src(light))).append("\" alt=\"").append(HtmlEncoder.attr(site.name())).append("\">");
            if (hasDark) {
                h.append("<img class=\"logo logo-dark\" src=\"").append(HtmlEncoder.attr(links.src(dark))).append("\" alt=\"")
                        .append(HtmlEncoder.attr(site.name())).append("\">");
            }
        } else {
            h.append("<span class=\"brand-name\">").append(HtmlEncoder.attr(site.name())).append("</span>");
        }
        h.append("</a>\n");
    }

    static void navbarLinks(StringBuilder h, JsonNode docs, LinkResolver links) {
        for (JsonNode link : docs.path("navbar").path("links")) {
            String href = link.path("href").asText(null);
            // A refused link is left out (index and serve report it).
            if (href != null && links.link(href).isPresent()) {
                h.append("<a href=\"").append(HtmlEncoder.attr(links.href(href))).append("\">")
                        .append(HtmlEncoder.attr(link.path("label").asText(href))).append("</a>");
            }
        }
    }

    /** {@code navbar.primary}: a button ({@code label}, {@code href}) or a GitHub link. */
    static void primaryButton(StringBuilder h, JsonNode docs, LinkResolver links) {
        JsonNode primary = docs.path("navbar").path("primary");
        String href = primary.path("href").asText(null);
        if (href == null || href.isBlank() || links.link(href).isEmpty()) {
            return;
        }
        boolean github = primary.path("type").asText("").equals("github");
        String label = primary.path("label").asText(github ? "GitHub" : href);
        h.append("<a class=\"navbar-primary\" href=\"").append(HtmlEncoder.attr(links.href(href))).append("\">")
                .append(github ? Icons.brand("github") : "").append(HtmlEncoder.attr(label)).append("</a>");
    }

    /** {@code banner.content} (inline Markdown) above the top bar; dismissible ones get a close button. */
    static void banner(StringBuilder h, JsonNode docs, LinkResolver links, UiStrings t) {
        String content = docs.path("banner").path("content").asText("");
        if (content.isBlank()) {
            return;
        }
        boolean dismissible = docs.path("banner").path("dismissible").asBoolean(false);
        h.append("<div class=\"banner\" data-banner=\"").append(Integer.toHexString(content.hashCode())).append("\"><p>")
                .append(new HtmlSanitizer(links).clean(MdxComponents.inlineText(content.strip()))).append("</p>");
        if (dismissible) {
            h.append("<button type=\"button\" class=\"banner-close\" data-banner-close hidden aria-label=\"")
                    .append(HtmlEncoder.attr(t.get("dismiss"))).append("\">×</button>");
        }
        h.append("</div>\n");
    }

    /** {@code footer.socials} as brand icons and {@code footer.links} as columns. */
    static void footer(StringBuilder h, JsonNode docs, LinkResolver links, String siteName) {
        JsonNode footer = docs.path("footer");
        h.append("<footer class=\"site-footer\">");
        JsonNode columns = footer.path("links");
        if (columns.isArray() && !columns.isEmpty()) {
            h.append("<div class=\"footer-columns\">");
            for (JsonNode column : columns) {
                h.append("<div class=\"footer-column\">");
                String header = column.path("header").asText("");
                if (!header.isBlank()) {
                    h.append("<p class=\"footer-header\">").append(HtmlEncoder.attr(header)).append("</p>");
                }
                h.append("<ul>");
                for (JsonNode item : column.path("items")) {
                    String href = item.path("href").asText(null);
                    if (href != null && links.link(href).isPresent()) {
                        h.append("<li><a href=\"").append(HtmlEncoder.attr(links.href(href))).append("\">")
                                .append(HtmlEncoder.attr(item.path("label").asText(href))).append("</a></li>");
                    }
                }
                h.append("</ul></div>");
            }
            h.append("</div>");
        }
        h.append("<div class=\"footer-row\"><div class=\"footer-socials\">");
        for (Iterator<Map.Entry<String, JsonNode>> it = footer.path("socials").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isTextual() && links.link(e.getValue().asText()).isPresent()) {
                String icon = Icons.brand(e.getKey());
                h.append("<a href=\"").append(HtmlEncoder.attr(links.href(e.getValue().asText()))).append("\" aria-label=\"")
                        .append(HtmlEncoder.attr(siteName + " " + e.getKey())).append("\">")
                        .append(icon.isEmpty() ? HtmlEncoder.attr(e.getKey()) : icon).append("</a>");
            }
        }
        h.append("</div><span class=\"powered\">Served by docs-assistant</span></div></footer>\n");
    }
}
