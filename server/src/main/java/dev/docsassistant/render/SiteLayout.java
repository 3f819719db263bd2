package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.site.NavItem;
import dev.docsassistant.site.NavItem.Kind;
import dev.docsassistant.site.Page;
import dev.docsassistant.site.SiteContent;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The page around a body: header with logo, search box, navbar links, tabs and version/language
 * switchers; sidebar; outline; previous/next; feedback; the assistant panel; integrations' elements.
 * Everything reads without JavaScript; the site script adds search-as-you-type and the assistant.
 */
final class SiteLayout {
    // The layout's ids live where page content cannot reach (HtmlSanitizer drops content ids with this prefix).
    static final String CONTENT_ID = HtmlSanitizer.LAYOUT_ID_PREFIX + "content";
    static final String ASSISTANT_ID = HtmlSanitizer.LAYOUT_ID_PREFIX + "assistant";
    static final String CONFIG_ID = HtmlSanitizer.LAYOUT_ID_PREFIX + "config";
    private static final Map<String, String> LANGUAGE_NAMES = Map.ofEntries(
            Map.entry("en", "English"), Map.entry("es", "Español"), Map.entry("fr", "Français"),
            Map.entry("fr-CA", "Français (Canada)"), Map.entry("de", "Deutsch"), Map.entry("it", "Italiano"),
            Map.entry("pt", "Português"), Map.entry("pt-BR", "Português (Brasil)"), Map.entry("ja", "日本語"),
            Map.entry("jp", "日本語"), Map.entry("ko", "한국어"), Map.entry("zh", "中文"), Map.entry("cn", "中文"),
            Map.entry("zh-Hans", "简体中文"), Map.entry("zh-Hant", "繁體中文"), Map.entry("ru", "Русский"),
            Map.entry("nl", "Nederlands"), Map.entry("sv", "Svenska"), Map.entry("pl", "Polski"),
            Map.entry("tr", "Türkçe"), Map.entry("uk", "Українська"), Map.entry("vi", "Tiếng Việt"),
            Map.entry("id", "Bahasa Indonesia"), Map.entry("ar", "العربية"), Map.entry("he", "עברית"),
            Map.entry("hi", "हिन्दी"));

    /**
     * One page to lay out.
     *
     * @param title       the page title
     * @param description the page description, or empty
     * @param body        the rendered body
     * @param pagePath    the page's path, or null for the 404 and search pages
     * @param nav         the navigation around it
     */
    record Content(String title, String description, RenderedBody body, String pagePath, NavView nav) {
    }

    /**
     * What the layout needs from the site and the server.
     *
     * @param domain       the site's domain
     * @param links        how links resolve where the site is served
     * @param assets       the URLs of the site stylesheet and script
     * @param assistantKey the key the assistant panel and search box send, or null
     * @param injected     the integrations' elements
     */
    record Frame(String domain, SiteContent site, LinkResolver links, SiteAssets assets, String assistantKey,
                 Injected injected) {
    }

    private SiteLayout() {
    }

    static String render(Frame frame, Content page) {
        SiteContent site = frame.site();
        LinkResolver links = frame.links();
        JsonNode docs = site.docsJson();
        String name = site.name();
        String primary = docs.path("colors").path("primary").asText("#2563eb");
        if (!primary.matches("#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?")) {
            primary = "#2563eb";
        }
        StringBuilder h = new StringBuilder(32_768);
        String lang = page.nav() == null ? "en" : page.nav().choice(Kind.LANGUAGE)
                .map(c -> c.current().label()).orElse("en");
        h.append("<!doctype html>\n<html lang=\"").append(Html.escape(lang)).append("\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append(frame.injected().head())
                .append("<title>").append(Html.escape(page.title())).append(" · ").append(Html.escape(name)).append("</title>\n");
        if (!page.description().isEmpty()) {
            h.append("<meta name=\"description\" content=\"").append(Html.escape(page.description())).append("\">\n");
        }
        favicon(docs).filter(f -> available(site, f)).ifPresent(f -> h.append("<link rel=\"icon\" href=\"").append(Html.escape(links.src(f))).append("\">\n"));
        h.append("<link rel=\"stylesheet\" href=\"").append(frame.assets().cssUrl()).append("\">\n")
                .append("<meta name=\"theme-color\" content=\"").append(primary).append("\">\n")
                .append("<script type=\"application/json\" id=\"" + CONFIG_ID + "\">").append(config(frame, page)).append("</script>\n")
                .append("<script src=\"").append(frame.assets().jsUrl()).append("\" defer></script>\n")
                .append("</head>\n<body style=\"--primary: ").append(primary).append("\">\n")
                .append(frame.injected().bodyStart())
                .append("<a class=\"skip-link\" href=\"#" + CONTENT_ID + "\">Skip to content</a>\n");
        header(h, frame, page);
        h.append("<div class=\"layout\">\n");
        sidebar(h, frame, page);
        h.append("<main id=\"" + CONTENT_ID + "\" class=\"content\">\n<article class=\"page\" data-page-path=\"")
                .append(Html.escape(page.pagePath() == null ? "" : "/" + page.pagePath())).append("\">\n<header class=\"page-header\">\n");
        if (page.pagePath() != null && page.nav() != null) {
            breadcrumb(page.nav()).ifPresent(b -> h.append("<p class=\"eyebrow\">").append(Html.escape(b)).append("</p>\n"));
        }
        h.append("<h1>").append(Html.escape(page.title())).append("</h1>\n");
        if (!page.description().isEmpty()) {
            h.append("<p class=\"lead\">").append(Html.escape(page.description())).append("</p>\n");
        }
        h.append("</header>\n<div class=\"prose\">\n").append(page.body().html()).append("</div>\n");
        if (page.pagePath() != null) {
            pager(h, frame, page);
            if (frame.injected().telemetryEnabled() && frame.assistantKey() != null) {
                h.append("<div class=\"feedback\" data-feedback><span>Was this page helpful?</span>")
                        .append("<button type=\"button\" data-feedback-value=\"yes\">Yes</button>")
                        .append("<button type=\"button\" data-feedback-value=\"no\">No</button></div>\n");
            }
        }
        h.append("</article>\n</main>\n");
        outline(h, page.body().headings());
        h.append("</div>\n");
        footer(h, docs, links);
        assistantPanel(h, name);
        h.append(frame.injected().bodyEnd()).append("</body>\n</html>\n");
        return h.toString();
    }

    private static String config(Frame frame, Content page) {
        StringBuilder s = new StringBuilder("{\"domain\":").append(Html.jsString(frame.domain()))
                .append(",\"base\":").append(Html.jsString(frame.links().base()))
                .append(",\"currentPath\":").append(Html.jsString(page.pagePath() == null ? "" : "/" + page.pagePath()))
                .append(",\"assistantKey\":").append(frame.assistantKey() == null ? "null" : Html.jsString(frame.assistantKey()))
                // telemetry.enabled: false turns off every feedback control, the answers' thumbs included
                .append(",\"answerFeedback\":").append(frame.injected().telemetryEnabled());
        if (page.nav() != null) {
            page.nav().choice(Kind.VERSION).ifPresent(c -> s.append(",\"version\":").append(Html.jsString(c.current().label())));
            page.nav().choice(Kind.LANGUAGE).ifPresent(c -> s.append(",\"language\":").append(Html.jsString(c.current().label())));
        }
        return s.append('}').toString();
    }

    private static void header(StringBuilder h, Frame frame, Content page) {
        SiteContent site = frame.site();
        LinkResolver links = frame.links();
        JsonNode logo = site.docsJson().path("logo");
        String logoSrc = logo.isTextual() ? logo.asText() : logo.path("light").asText(null);
        h.append("<header class=\"topbar\">\n<div class=\"topbar-row\">\n<a class=\"brand\" href=\"")
                .append(Html.escape(links.base() + "/")).append("\">");
        if (logoSrc != null && !logoSrc.isBlank() && available(site, logoSrc)) {
            h.append("<img class=\"logo\" src=\"").append(Html.escape(links.src(logoSrc))).append("\" alt=\"")
                    .append(Html.escape(site.name())).append("\">");
        } else {
            h.append("<span class=\"brand-name\">").append(Html.escape(site.name())).append("</span>");
        }
        h.append("</a>\n<form class=\"search\" role=\"search\" action=\"").append(Html.escape(links.base() + "/_search"))
                .append("\" method=\"get\"><input type=\"search\" name=\"q\" placeholder=\"Search…\" aria-label=\"Search the docs\" autocomplete=\"off\">")
                .append("<button type=\"submit\">Search</button><div class=\"search-results\" hidden></div></form>\n");
        if (page.nav() != null) {
            page.nav().choice(Kind.VERSION).ifPresent(c -> switcher(h, "version", c, page, frame, false));
            page.nav().choice(Kind.LANGUAGE).ifPresent(c -> switcher(h, "language", c, page, frame, true));
        }
        h.append("<nav class=\"navbar-links\">");
        for (JsonNode link : site.docsJson().path("navbar").path("links")) {
            String href = link.path("href").asText(null);
            links.link(href).ifPresent(target -> h.append("<a href=\"").append(Html.escape(target)).append("\">")
                    .append(Html.escape(link.path("label").asText(href))).append("</a>"));
        }
        if (frame.assistantKey() != null) {
            h.append("<button type=\"button\" class=\"ask-button\" data-open-assistant hidden>Ask AI</button>");
        } else {
            // No key to call the API with: say so rather than offer controls whose calls would all fail.
            h.append("<span class=\"assistant-off\" title=\"This server has no assistant key for this site: ")
                    .append("the search page works, search-as-you-type and the assistant do not.\">Assistant off</span>");
        }
        h.append("</nav>\n</div>\n");
        if (page.nav() != null) {
            page.nav().choice(Kind.TAB).filter(NavView.Choice::isSwitch).ifPresent(c -> {
                h.append("<nav class=\"tabs-bar\" aria-label=\"Sections\">");
                for (NavItem tab : c.options()) {
                    Optional<String> target = target(tab, page, frame);
                    String href = tab.href() != null && target.isEmpty() ? links.href(tab.href())
                            : target.map(links::page).orElse(null);
                    if (href == null) {
                        continue;
                    }
                    h.append("<a href=\"").append(Html.escape(href)).append('"')
                            .append(tab == c.current() ? " class=\"active\" aria-current=\"true\"" : "").append('>')
                            .append(Html.escape(NavView.label(tab))).append("</a>");
                }
                h.append("</nav>\n");
            });
        }
        h.append("</header>\n");
    }

    /** The target page when switching to another tab: its first page (tabs are different content). */
    private static Optional<String> target(NavItem tab, Content page, Frame frame) {
        return tab == page.nav().choice(Kind.TAB).map(NavView.Choice::current).orElse(null) && page.pagePath() != null
                ? Optional.of(page.pagePath()) : tab.firstPage(page.nav()::listed);
    }

    /** A version or language menu: a disclosure of links, so it works without JavaScript. */
    private static void switcher(StringBuilder h, String kind, NavView.Choice choice, Content page, Frame frame, boolean language) {
        if (!choice.isSwitch()) {
            return;
        }
        h.append("<details class=\"switcher switcher-").append(kind).append("\" data-switcher=\"").append(kind)
                .append("\"><summary aria-label=\"").append(kind).append("\">")
                .append(Html.escape(display(choice.current(), language))).append("</summary><ul>");
        for (NavItem option : choice.options()) {
            Optional<String> target = option == choice.current() && page.pagePath() != null
                    ? Optional.of(page.pagePath()) : page.nav().counterpart(option, page.pagePath() == null ? "" : page.pagePath());
            if (target.isEmpty()) {
                continue;
            }
            h.append("<li><a href=\"").append(Html.escape(frame.links().page(target.get()))).append('"');
            if (language) {
                h.append(" hreflang=\"").append(Html.escape(option.label())).append('"');
            }
            h.append(option == choice.current() ? " aria-current=\"true\"" : "").append('>')
                    .append(Html.escape(display(option, language))).append("</a></li>");
        }
        h.append("</ul></details>\n");
    }

    private static String display(NavItem item, boolean language) {
        String label = NavView.label(item);
        return language ? LANGUAGE_NAMES.getOrDefault(label, label) : label;
    }

    private static void sidebar(StringBuilder h, Frame frame, Content page) {
        // A disclosure, so small screens can fold the navigation away (the site script folds it there).
        h.append("<nav class=\"sidebar\" aria-label=\"Pages\">\n<details class=\"sidebar-menu\" open><summary>Menu</summary>\n");
        if (page.nav() != null) {
            for (Kind kind : NavView.switchKinds()) {
                page.nav().choice(kind).filter(NavView.Choice::isSwitch).ifPresent(c -> {
                    h.append("<ul class=\"sidebar-sections\">");
                    for (NavItem option : c.options()) {
                        option.firstPage(page.nav()::listed).ifPresent(p -> h.append("<li><a href=\"")
                                .append(Html.escape(frame.links().page(p))).append('"')
                                .append(option == c.current() ? " class=\"active\"" : "").append('>')
                                .append(Html.escape(NavView.label(option))).append("</a></li>"));
                    }
                    h.append("</ul>\n");
                });
            }
            for (NavItem item : page.nav().sidebarRoot().children()) {
                entry(h, item, frame, page, 0);
            }
        }
        h.append("</details>\n</nav>\n");
    }

    private static void entry(StringBuilder h, NavItem item, Frame frame, Content page, int depth) {
        if (item.hidden() || item.isSection()) {
            return;
        }
        switch (item.kind()) {
            case PAGE -> pageLink(h, item.page(), frame, page, null);
            case LINK -> h.append("<li><a class=\"external\" href=\"").append(Html.escape(frame.links().href(item.href())))
                    .append("\">").append(Html.escape(item.label())).append("</a></li>\n");
            case GROUP -> {
                if (depth == 0) {
                    h.append("<div class=\"nav-group\"><p class=\"nav-group-title\">").append(Html.escape(item.label()))
                            .append("</p>\n<ul>\n");
                    if (item.page() != null) {
                        pageLink(h, item.page(), frame, page, "Overview");
                    }
                    item.children().forEach(c -> entry(h, c, frame, page, 1));
                    h.append("</ul></div>\n");
                } else {
                    boolean open = page.nav().onTrail(item);
                    h.append("<li><details class=\"nav-subgroup\"").append(open ? " open" : "").append("><summary>")
                            .append(Html.escape(item.label())).append("</summary>\n<ul>\n");
                    if (item.page() != null) {
                        pageLink(h, item.page(), frame, page, "Overview");
                    }
                    item.children().forEach(c -> entry(h, c, frame, page, depth + 1));
                    h.append("</ul></details></li>\n");
                }
            }
            default -> item.children().forEach(c -> entry(h, c, frame, page, depth));
        }
    }

    private static void pageLink(StringBuilder h, String path, Frame frame, Content page, String label) {
        Optional<Page> target = frame.site().page(path).filter(Page::isPublic);
        if (target.isEmpty()) {
            return;
        }
        boolean current = path.equals(page.pagePath());
        h.append("<li><a href=\"").append(Html.escape(frame.links().page(path))).append('"')
                .append(current ? " class=\"active\" aria-current=\"page\"" : "").append('>')
                .append(Html.escape(label != null ? label : target.get().navTitle())).append("</a></li>\n");
    }

    private static Optional<String> breadcrumb(NavView nav) {
        NavItem root = nav.sidebarRoot();
        return nav.choice(Kind.TAB).map(c -> NavView.label(c.current())).or(() -> Optional.ofNullable(
                root.kind() == Kind.ROOT ? null : NavView.label(root)));
    }

    private static void pager(StringBuilder h, Frame frame, Content page) {
        List<String> pages = page.nav().sidebarPages();
        int i = pages.indexOf(page.pagePath());
        if (i < 0) {
            return;
        }
        h.append("<nav class=\"pager\">");
        if (i > 0) {
            pagerLink(h, frame, pages.get(i - 1), "prev", "Previous");
        }
        if (i + 1 < pages.size()) {
            pagerLink(h, frame, pages.get(i + 1), "next", "Next");
        }
        h.append("</nav>\n");
    }

    private static void pagerLink(StringBuilder h, Frame frame, String path, String rel, String label) {
        frame.site().page(path).ifPresent(p -> h.append("<a rel=\"").append(rel).append("\" href=\"")
                .append(Html.escape(frame.links().page(path))).append("\"><small>").append(label).append("</small>")
                .append(Html.escape(p.title())).append("</a>"));
    }

    private static void outline(StringBuilder h, List<RenderedBody.Heading> headings) {
        h.append("<aside class=\"outline\" aria-label=\"On this page\">");
        if (!headings.isEmpty()) {
            h.append("<p class=\"outline-title\">On this page</p><ul>");
            for (RenderedBody.Heading heading : headings) {
                h.append("<li class=\"level-").append(heading.level()).append("\"><a href=\"#").append(Html.escape(heading.id()))
                        .append("\">").append(Html.escape(heading.text())).append("</a></li>");
            }
            h.append("</ul>");
        }
        h.append("</aside>\n");
    }

    private static void footer(StringBuilder h, JsonNode docs, LinkResolver links) {
        h.append("<footer class=\"site-footer\">");
        docs.path("footer").path("socials").fields().forEachRemaining(e -> {
            if (e.getValue().isTextual()) {
                links.link(e.getValue().asText()).ifPresent(target -> h.append("<a href=\"").append(Html.escape(target))
                        .append("\">").append(Html.escape(e.getKey())).append("</a>"));
            }
        });
        h.append("<span class=\"powered\">Served by docs-assistant</span></footer>\n");
    }

    /** The chat panel; the site script shows the button and drives it with the AI SDK's chat. */
    private static void assistantPanel(StringBuilder h, String siteName) {
        h.append("<aside class=\"assistant\" id=\"" + ASSISTANT_ID + "\" aria-label=\"Assistant\" hidden>\n")
                .append("<header><strong>Ask ").append(Html.escape(siteName)).append("</strong>")
                .append("<button type=\"button\" class=\"assistant-close\" data-close-assistant aria-label=\"Close\">×</button></header>\n")
                .append("<div class=\"assistant-messages\" aria-live=\"polite\"></div>\n")
                .append("<p class=\"assistant-selection\" hidden></p>\n")
                .append("<form class=\"assistant-form\"><textarea name=\"question\" rows=\"2\" placeholder=\"Ask a question…\" aria-label=\"Question\"></textarea>")
                .append("<button type=\"submit\">Send</button></form>\n</aside>\n");
    }

    /** A site-relative image only when its file is there; a remote one is trusted to exist. */
    private static boolean available(SiteContent site, String src) {
        if (src.startsWith("https://")) {
            return true;
        }
        java.nio.file.Path file = site.dir().resolve(src.startsWith("/") ? src.substring(1) : src).normalize();
        return file.startsWith(site.dir()) && java.nio.file.Files.isRegularFile(file);
    }

    private static Optional<String> favicon(JsonNode docs) {
        JsonNode f = docs.path("favicon");
        String v = f.isTextual() ? f.asText() : f.path("light").asText(null);
        return Optional.ofNullable(v).filter(s -> !s.isBlank());
    }
}
