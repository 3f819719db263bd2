package dev.docsassistant.render;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.content.ContextualOptions;
import dev.docsassistant.content.NavItem;
import dev.docsassistant.content.NavItem.Kind;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteLanguage;

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
    /**
     * One page to lay out.
     *
     * @param title       the page title
     * @param description the page description, or empty
     * @param body        the rendered body
     * @param pagePath    the page's path, or null for the 404 and search pages
     * @param nav         the navigation around it
     * @param query       what the search box shows (the search page's query), or empty
     * @param related     the page's "Related topics" section ({@link RelatedTopics}), or empty
     */
    record Content(String title, String description, RenderedBody body, String pagePath, NavView nav, String query,
                   String related) {
        Content(String title, String description, RenderedBody body, String pagePath, NavView nav) {
            this(title, description, body, pagePath, nav, "");
        }

        Content(String title, String description, RenderedBody body, String pagePath, NavView nav, String query) {
            this(title, description, body, pagePath, nav, query, "");
        }
    }

    /**
     * What the layout needs from the site and the server.
     *
     * @param domain       the site's domain
     * @param links        how links resolve where the site is served
     * @param assets       the URLs of the site stylesheet and script
     * @param assistantKey the key the assistant panel and search box send, or null
     * @param injected     the integrations' elements
     * @param contextual   docs.json's page menu
     * @param absoluteBase the site's address as the reader reached it (no trailing slash), for the menu's links
     * @param mcp          whether the site serves MCP (the menu's MCP items)
     * @param sidebars     the sidebars rendered so far for this site
     * @param theme        the site's theme ({@link SiteTheme#of} its docs.json, worked out once per site, not per page)
     */
    record Frame(String domain, SiteContent site, LinkResolver links, SiteAssets assets, String assistantKey,
                 Injected injected, ContextualOptions contextual, String absoluteBase, boolean mcp, Sidebars sidebars,
                 SiteTheme theme) {

        /** The site's icon set ({@code icons.library}), for tabs, sections and groups. */
        Icons icons() {
            return new Icons(site.docsJson().path("icons").path("library").asText(null), links);
        }
    }

    private SiteLayout() {
    }

    static String render(Frame frame, Content page) {
        SiteContent site = frame.site();
        LinkResolver links = frame.links();
        JsonNode docs = site.docsJson();
        String name = site.name();
        SiteTheme theme = frame.theme();
        StringBuilder h = new StringBuilder(32_768);
        String lang = language(page.nav());
        // docs.json search.prompt: the search box's placeholder, in the box and in the script's dialog.
        String prompt = docs.path("search").path("prompt").asText("");
        UiStrings t = prompt.isBlank() ? UiStrings.of(lang) : UiStrings.of(lang).with("searchPlaceholder", prompt.strip());
        Page shown = page.pagePath() == null ? null : site.page(page.pagePath()).orElse(null);
        // organize/pages "Page mode": what the layout keeps around the content.
        String mode = shown == null ? "default" : shown.meta().mode();
        boolean sidebar = !mode.equals("custom") && !mode.equals("center");
        boolean outline = mode.equals("default") || mode.equals("assistant");
        boolean pageChrome = pageChrome(mode);
        // A code Mintlify does not know (reported when the site loads) still names the content's language.
        h.append("<!doctype html>\n<html lang=\"").append(HtmlEncoder.attr(languageTag(lang))).append('"')
                .append(SiteLanguage.orEnglish(lang).rtl() ? " dir=\"rtl\"" : "").append(" data-theme-default=\"")
                .append(theme.defaultMode()).append('"').append(theme.strict() ? " data-theme-strict" : "")
                .append(" class=\"").append(theme.classes()).append('"')
                .append(" style=\"").append(theme.cssVariables()).append(SiteBackground.imageVariables(docs, links)).append("\">\n<head>\n")
                .append("<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<script>").append(SiteTheme.BOOT_SCRIPT).append("</script>\n")
                .append(frame.injected().head())
                .append("<title>").append(HtmlEncoder.attr(title(page.title(), name))).append("</title>\n");
        if (!page.description().isEmpty()) {
            h.append("<meta name=\"description\" content=\"").append(HtmlEncoder.attr(page.description())).append("\">\n");
        }
        favicons(h, site, links);
        SeoHead.append(h, docs, shown, page.title(), page.description(), frame.absoluteBase(), links);
        if (page.pagePath() != null) {
            // Agents find the page's Markdown twin from the page itself.
            h.append("<link rel=\"alternate\" type=\"text/markdown\" href=\"")
                    .append(HtmlEncoder.attr(links.base() + "/" + page.pagePath() + ".md")).append("\">\n");
        }
        h.append("<link rel=\"stylesheet\" href=\"").append(frame.assets().cssUrl(links.root())).append("\">\n");
        String fonts = SiteFonts.of(docs, links).css();
        if (!fonts.isEmpty()) {
            h.append("<style>").append(fonts).append("</style>\n");
        }
        h
                .append("<meta name=\"color-scheme\" content=\"light dark\">\n")
                .append("<meta name=\"theme-color\" content=\"").append(SiteTheme.color(docs.path("colors").path("primary").asText(null), "#2563eb")).append("\">\n")
                .append("<script type=\"application/json\" id=\"" + CONFIG_ID + "\">").append(config(frame, page, t)).append("</script>\n")
                .append(page.body().data())
                .append("<script type=\"module\" src=\"").append(frame.assets().jsUrl(links.root())).append("\"></script>\n")
                .append("</head>\n<body>\n")
                .append(frame.injected().bodyStart())
                .append("<a class=\"skip-link\" href=\"#" + CONTENT_ID + "\">").append(HtmlEncoder.attr(t.get("skip"))).append("</a>\n");
        SiteChrome.banner(h, docs, links, t);
        header(h, frame, page, t);
        h.append("<div class=\"layout mode-").append(mode).append("\">\n");
        if (sidebar) {
            sidebar(h, frame, page, t);
        }
        h.append("<main id=\"" + CONTENT_ID + "\" class=\"content\">\n<article class=\"page\" data-page-path=\"")
                .append(HtmlEncoder.attr(page.pagePath() == null ? "" : "/" + page.pagePath())).append("\">\n");
        if (pageChrome) {
            pageHeader(h, frame, page, t);
        }
        h.append("<div class=\"prose\">\n").append(page.body().html());
        if (shown != null && page.nav() != null) {
            DirectoryListing.append(h, frame, page.nav(), shown.path());
        }
        h.append("</div>\n");
        if (page.pagePath() != null && pageChrome) {
            h.append(page.related());
            lastModified(h, frame, shown, t);
            pager(h, frame, page, t);
            if (frame.injected().telemetryEnabled() && frame.assistantKey() != null) {
                h.append("<div class=\"feedback\" data-feedback><span>").append(HtmlEncoder.attr(t.get("feedbackQuestion"))).append("</span>")
                        .append("<button type=\"button\" data-feedback-value=\"yes\">").append(SiteChrome.THUMBS_UP)
                        .append(HtmlEncoder.attr(t.get("yes"))).append("</button>")
                        .append("<button type=\"button\" data-feedback-value=\"no\">").append(SiteChrome.THUMBS_DOWN)
                        .append(HtmlEncoder.attr(t.get("no"))).append("</button></div>\n");
            }
        }
        h.append("</article>\n</main>\n");
        if (outline) {
            outline(h, page.body(), t, frame.contextual().toc() ? contextualMenu(frame, page, t) : "");
        }
        h.append("</div>\n");
        if (!mode.equals("custom")) {
            SiteChrome.footer(h, docs, links, name);
        }
        assistantPanel(h, name, t, site.assistant().starterQuestions());
        h.append(frame.injected().bodyEnd()).append("</body>\n</html>\n");
        return h.toString();
    }

    /** Whether a page of this layout mode has its title, related topics and pager ({@code custom} and {@code frame} do not). */
    static boolean pageChrome(String mode) {
        return !mode.equals("custom") && !mode.equals("frame");
    }

    private static void pageHeader(StringBuilder h, Frame frame, Content page, UiStrings t) {
        h.append("<header class=\"page-header\">\n");
        if (page.pagePath() != null && page.nav() != null) {
            eyebrow(page.nav(), page.pagePath(), frame.theme().breadcrumbs())
                    .ifPresent(b -> h.append("<p class=\"eyebrow\">").append(HtmlEncoder.attr(b)).append("</p>\n"));
        }
        // The page's own icon (front matter), beside its title as in the sidebar.
        String icon = page.pagePath() == null ? null : frame.site().page(page.pagePath()).map(Page::icon).orElse(null);
        h.append("<h1>").append(frame.icons().html(icon)).append(HtmlEncoder.attr(page.title())).append("</h1>\n");
        rssLink(h, frame, page, t);
        if (!frame.contextual().toc()) {
            h.append(contextualMenu(frame, page, t));
        }
        if (!page.description().isEmpty()) {
            h.append("<p class=\"lead\">").append(HtmlEncoder.attr(page.description())).append("</p>\n");
        }
        h.append("</header>\n");
    }

    /** Front matter {@code rss: true} on a page with updates: a link to its feed ({@code /rss.xml} after its address). */
    private static void rssLink(StringBuilder h, Frame frame, Content page, UiStrings t) {
        boolean wanted = page.pagePath() != null && frame.site().page(page.pagePath()).map(p -> p.meta().rss()).orElse(false);
        if (wanted && page.body().html().contains("<section class=\"update\"")) {
            String feed = frame.links().page(page.pagePath()).replaceAll("/+$", "") + "/rss.xml";
            h.append("<a class=\"rss-link\" href=\"").append(HtmlEncoder.attr(feed)).append("\" type=\"application/rss+xml\">")
                    .append(Icons.brand("rss")).append(HtmlEncoder.attr(t.get("rssFeed"))).append("</a>\n");
        }
    }

    /**
     * "Last modified on …" (docs.json {@code metadata.timestamp}, a page's {@code timestamp} overriding it):
     * the page's {@code lastUpdatedDate}, else its file's modification time.
     */
    private static void lastModified(StringBuilder h, Frame frame, Page page, UiStrings t) {
        Boolean own = page == null ? null : page.meta().timestamp();
        if (page == null || !(own != null ? own : frame.site().docsJson().path("metadata").path("timestamp").asBoolean(false))) {
            return;
        }
        LastModified.of(frame.site(), page).ifPresent(date -> h.append("<p class=\"last-modified\">")
                .append(HtmlEncoder.attr(t.get("lastModified"))).append(" <time datetime=\"").append(date)
                .append("\">").append(HtmlEncoder.attr(LastModified.display(date, t.locale()))).append("</time></p>\n"));
    }

    /** "Page · Site", but a title that already names the site (often the home page's) stands alone. */
    static String title(String pageTitle, String siteName) {
        return pageTitle.toLowerCase(java.util.Locale.ROOT).contains(siteName.toLowerCase(java.util.Locale.ROOT))
                ? pageTitle : pageTitle + " · " + siteName;
    }

    /** The page's language code: its language in the navigation, else "en". */
    static String language(NavView nav) {
        return nav == null ? "en" : nav.choice(Kind.LANGUAGE).map(c -> c.current().label()).orElse("en");
    }

    /** Where the pages' script calls the API. */
    static String api(LinkResolver links) {
        return links.root().isEmpty() && !links.base().isEmpty() ? links.base() + SiteRenderer.API_PATH : links.root();
    }

    /** The BCP 47 tag of a docs.json language code ({@code cn} → {@code zh-Hans}); an unknown code as written. */
    private static String languageTag(String code) {
        return SiteLanguage.of(code).map(SiteLanguage::tag).orElse(code);
    }

    private static String config(Frame frame, Content page, UiStrings t) {
        StringBuilder s = new StringBuilder("{\"domain\":").append(HtmlEncoder.jsString(frame.domain()))
                .append(",\"base\":").append(HtmlEncoder.jsString(frame.links().base()))
                // where the script calls the API: the site's path prefix on its own host (the routes of the host
                // are all under it), /sites/{domain}/_api on the loopback names, else the host's root
                .append(",\"api\":").append(HtmlEncoder.jsString(api(frame.links())))
                .append(",\"currentPath\":").append(HtmlEncoder.jsString(page.pagePath() == null ? "" : "/" + page.pagePath()))
                .append(",\"assistantKey\":").append(frame.assistantKey() == null ? "null" : HtmlEncoder.jsString(frame.assistantKey()))
                // telemetry.enabled: false turns off every feedback control, the answers' thumbs included
                .append(",\"answerFeedback\":").append(frame.injected().telemetryEnabled());
        if (page.nav() != null) {
            page.nav().choice(Kind.VERSION).ifPresent(c -> s.append(",\"version\":").append(HtmlEncoder.jsString(c.current().label())));
            page.nav().choice(Kind.LANGUAGE).ifPresent(c -> s.append(",\"language\":").append(HtmlEncoder.jsString(c.current().label())));
            if (LanguageRouting.enabled(frame.site().docsJson()) && page.nav().choice(Kind.LANGUAGE).filter(NavView.Choice::isSwitch).isPresent()) {
                s.append(",\"languageRouting\":true"); // the script remembers the reader's pick in the language menu
            }
        }
        return s.append(",\"strings\":").append(t.json()).append('}').toString();
    }

    private static void header(StringBuilder h, Frame frame, Content page, UiStrings t) {
        SiteContent site = frame.site();
        LinkResolver links = frame.links();
        h.append("<header class=\"topbar\">\n<div class=\"topbar-row\">\n");
        SiteChrome.brand(h, site, links);
        // No button: the site script searches as you type; without it, Enter submits to the search page.
        // The shortcut hint is shown by the script, which knows the reader's platform (Ctrl K, or ⌘K on macOS).
        h.append("<form class=\"search\" role=\"search\" action=\"").append(HtmlEncoder.attr(links.base() + "/_search"))
                .append("\" method=\"get\">").append(SiteChrome.SEARCH).append("<input type=\"search\" name=\"q\" value=\"")
                .append(HtmlEncoder.attr(page.query())).append("\" placeholder=\"").append(HtmlEncoder.attr(t.get("searchPlaceholder")))
                .append("\" aria-label=\"").append(HtmlEncoder.attr(t.get("searchLabel")))
                .append("\" autocomplete=\"off\"><kbd class=\"search-key\" aria-hidden=\"true\" hidden></kbd></form>\n");
        if (page.nav() != null) {
            page.nav().choice(Kind.VERSION).ifPresent(c -> switcher(h, "version", c, page, frame, false));
            page.nav().choice(Kind.LANGUAGE).ifPresent(c -> switcher(h, "language", c, page, frame, true));
        }
        h.append("<nav class=\"navbar-links\" aria-label=\"").append(HtmlEncoder.attr(site.name())).append("\">");
        SiteChrome.navbarLinks(h, site.docsJson(), links);
        if (frame.assistantKey() != null) {
            h.append("<button type=\"button\" class=\"ask-button\" data-open-assistant hidden>").append(HtmlEncoder.attr(t.get("askAi"))).append("</button>");
        } else {
            // No key to call the API with: say so rather than offer controls whose calls would all fail.
            h.append("<span class=\"assistant-off\" title=\"This server has no assistant key for this site: ")
                    .append("the search page works, search-as-you-type and the assistant do not.\">")
                    .append(HtmlEncoder.attr(t.get("assistantOff"))).append("</span>");
        }
        SiteChrome.primaryButton(h, site.docsJson(), links);
        if (!frame.theme().strict()) {
            h.append("<button type=\"button\" class=\"theme-toggle\" data-theme-toggle hidden aria-label=\"")
                    .append(HtmlEncoder.attr(t.get("themeDark"))).append("\">").append(SiteChrome.THEME_ICON).append("</button>");
        }
        h.append("</nav>\n</div>\n");
        if (page.nav() != null) {
            Icons icons = frame.icons();
            page.nav().choice(Kind.TAB).filter(NavView.Choice::isSwitch).ifPresent(c -> {
                h.append("<nav class=\"tabs-bar\" aria-label=\"").append(HtmlEncoder.attr(t.get("sections"))).append("\">");
                for (NavItem tab : c.options()) {
                    Optional<String> target = target(tab, page, frame);
                    String href = tab.href() != null && target.isEmpty() ? links.href(tab.href())
                            : target.map(links::page).orElse(null);
                    if (href == null) {
                        continue;
                    }
                    h.append("<a href=\"").append(HtmlEncoder.attr(href)).append('"')
                            .append(tab == c.current() ? " class=\"active\" aria-current=\"true\"" : "").append('>')
                            .append(icons.html(tab.icon())).append(HtmlEncoder.attr(NavView.label(tab))).append("</a>");
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
                .append("\"><summary aria-label=\"").append(HtmlEncoder.attr(display(choice.current(), language))).append(" (").append(kind)
                .append(")\">").append(HtmlEncoder.attr(display(choice.current(), language))).append("</summary><ul>");
        for (NavItem option : choice.options()) {
            Optional<String> target = option == choice.current() && page.pagePath() != null
                    ? Optional.of(page.pagePath()) : page.nav().counterpart(option, page.pagePath() == null ? "" : page.pagePath());
            if (target.isEmpty()) {
                continue;
            }
            h.append("<li><a href=\"").append(HtmlEncoder.attr(frame.links().page(target.get()))).append('"');
            if (language) {
                // data-language: the code the site script remembers when the reader picks this language
                h.append(" hreflang=\"").append(HtmlEncoder.attr(languageTag(option.label())))
                        .append("\" data-language=\"").append(HtmlEncoder.attr(option.label())).append('"');
            }
            h.append(option == choice.current() ? " aria-current=\"true\"" : "").append('>')
                    .append(HtmlEncoder.attr(display(option, language))).append(tag(option.tag())).append("</a></li>");
        }
        h.append("</ul></details>\n");
    }

    private static String display(NavItem item, boolean language) {
        String label = NavView.label(item);
        return language ? SiteLanguage.of(label).map(SiteLanguage::name).orElse(label) : label;
    }

    private static void sidebar(StringBuilder h, Frame frame, Content page, UiStrings t) {
        // A disclosure: on small screens its summary is the menu button and its content a drawer (the site
        // script folds it there and closes it on Escape); it opens and closes without JavaScript too.
        h.append("<nav class=\"sidebar\" aria-label=\"").append(HtmlEncoder.attr(t.get("pages")))
                .append("\">\n<details class=\"sidebar-menu\" open><summary class=\"menu-button\">").append(SiteChrome.MENU)
                .append("<span>").append(HtmlEncoder.attr(t.get("menu"))).append("</span></summary>\n<div class=\"sidebar-drawer\">\n");
        globalLinks(h, frame);
        if (page.nav() != null) {
            for (Kind kind : NavView.switchKinds()) {
                page.nav().choice(kind).filter(NavView.Choice::isSwitch).ifPresent(c -> {
                    h.append("<ul class=\"sidebar-sections\">");
                    for (NavItem option : c.options()) {
                        option.firstPage(page.nav()::listed).ifPresent(p -> h.append("<li><a href=\"")
                                .append(HtmlEncoder.attr(frame.links().page(p))).append('"')
                                .append(option == c.current() ? " class=\"active\"" : "").append('>')
                                .append(frame.icons().html(option.icon())).append(HtmlEncoder.attr(NavView.label(option))).append("</a></li>"));
                    }
                    h.append("</ul>\n");
                });
            }
            sidebarOf(frame, page.nav()).appendTo(h, page.pagePath(), page.nav().trail());
        }
        h.append("</div>\n</details>\n</nav>\n");
    }

    /** docs.json {@code navigation.global}: its anchors and tabs, linked from every page whatever its tab or version. */
    private static void globalLinks(StringBuilder h, Frame frame) {
        JsonNode global = frame.site().docsJson().path("navigation").path("global");
        StringBuilder links = new StringBuilder();
        for (String kind : List.of("anchors", "tabs")) {
            for (JsonNode item : global.path(kind)) {
                String label = item.path(kind.equals("anchors") ? "anchor" : "tab").asText("");
                String href = item.path("href").asText("");
                if (label.isBlank() || href.isBlank()) {
                    continue;
                }
                Optional<String> target = frame.links().link(href);
                if (target.isEmpty()) {
                    continue;
                }
                links.append("<li><a href=\"").append(HtmlEncoder.attr(target.get())).append('"')
                        .append(dev.docsassistant.content.SafeUrl.isAbsoluteHttp(target.get()) ? " class=\"external\"" : "").append('>')
                        .append(frame.icons().html(item.path("icon").asText(null))).append(HtmlEncoder.attr(label)).append("</a></li>");
            }
        }
        if (!links.isEmpty()) {
            h.append("<ul class=\"sidebar-sections global-links\">").append(links).append("</ul>\n");
        }
    }

    /** The entries of the page's section, as kept for the site (rendered the first time a page of it is asked for). */
    private static Sidebars.Sidebar sidebarOf(Frame frame, NavView nav) {
        NavItem root = nav.sidebarRoot();
        return frame.sidebars().of(frame.links().base(), root, marks -> {
            StringBuilder h = new StringBuilder(8192);
            for (NavItem item : root.children()) {
                entry(h, item, frame, nav, marks, 0);
            }
            return new Sidebars.RenderedEntries(h.toString(), nav.sidebarPages());
        });
    }

    private static void entry(StringBuilder h, NavItem item, Frame frame, NavView nav, Sidebars.Writer marks, int depth) {
        if (item.hidden() || item.isSection()) {
            return;
        }
        switch (item.kind()) {
            case PAGE -> pageLink(h, item.page(), frame, nav, marks, null);
            case LINK -> h.append("<li><a class=\"external\" href=\"").append(HtmlEncoder.attr(frame.links().href(item.href())))
                    .append("\">").append(HtmlEncoder.attr(item.label())).append("</a></li>\n");
            case GROUP -> {
                if (depth == 0) {
                    h.append("<div class=\"nav-group\"><p class=\"nav-group-title\">").append(frame.icons().html(item.icon()))
                            .append(HtmlEncoder.attr(item.label())).append(tag(item.tag()))
                            .append("</p>\n<ul>\n");
                    if (item.page() != null) {
                        pageLink(h, item.page(), frame, nav, marks, "Overview");
                    }
                    item.children().forEach(c -> entry(h, c, frame, nav, marks, 1));
                    h.append("</ul></div>\n");
                } else {
                    // interaction.drilldown: true: the group's name opens its first page, where the group is open.
                    // The link sits beside the summary, not in it: a link inside a summary is an interactive
                    // element nested in another, which assistive technology cannot reach on its own.
                    Optional<String> first = frame.site().docsJson().path("interaction").path("drilldown").asBoolean(false)
                            ? item.firstPage(nav::listed) : Optional.empty();
                    String name = HtmlEncoder.attr(item.label());
                    if (first.isPresent()) {
                        h.append("<li class=\"nav-drilldown\"><a href=\"").append(HtmlEncoder.attr(frame.links().page(first.get())))
                                .append("\">").append(name).append(tag(item.tag())).append("</a>");
                    } else {
                        h.append("<li>");
                    }
                    h.append("<details class=\"nav-subgroup\"");
                    if (item.expanded()) {
                        h.append(" open");
                    } else {
                        marks.group(item, h.length()); // open on the way to the page
                    }
                    if (first.isPresent()) {
                        h.append("><summary aria-label=\"").append(name).append("\"></summary>\n<ul>\n");
                    } else {
                        h.append("><summary>").append(name).append(tag(item.tag())).append("</summary>\n<ul>\n");
                    }
                    if (item.page() != null) {
                        pageLink(h, item.page(), frame, nav, marks, "Overview");
                    }
                    item.children().forEach(c -> entry(h, c, frame, nav, marks, depth + 1));
                    h.append("</ul></details></li>\n");
                }
            }
            default -> item.children().forEach(c -> entry(h, c, frame, nav, marks, depth));
        }
    }

    /** A badge beside a name in the navigation (a group's, a version's or a page's {@code tag}). */
    private static String tag(String tag) {
        return tag == null ? "" : " <span class=\"nav-tag\">" + HtmlEncoder.attr(tag) + "</span>";
    }

    private static void pageLink(StringBuilder h, String path, Frame frame, NavView nav, Sidebars.Writer marks, String label) {
        Optional<Page> target = frame.site().page(path).filter(Page::isPublic);
        if (target.isEmpty() || !nav.shown(path)) {
            return;
        }
        // A page with url: in its front matter stands for that address in the navigation (organize/pages "External links").
        String external = target.get().meta().url();
        h.append("<li><a href=\"").append(HtmlEncoder.attr(external != null ? external : frame.links().page(path))).append('"');
        if (external != null) {
            h.append(" class=\"external\"");
        } else {
            marks.link(path, h.length()); // the current page's link is marked here
        }
        h.append('>').append(frame.icons().html(target.get().icon()))
                .append(HtmlEncoder.attr(label != null ? label : target.get().navTitle()));
        h.append(tag(target.get().tag())).append("</a></li>\n");
    }

    /**
     * The label above a page's title (docs.json {@code styling.eyebrows}): the innermost group holding the page
     * ({@code section}, the default), or the labelled entries from the top of the navigation down to it — tabs,
     * anchors, dropdowns, products, menus, groups — ({@code breadcrumbs}). Languages and versions are switchers,
     * not places, and a page outside every group has no section; nor has a page outside the navigation: nothing is shown.
     */
    static Optional<String> eyebrow(NavView nav, String pagePath, boolean breadcrumbs) {
        List<NavItem> trail = nav.trail();
        if (!pagePath.equals(trail.get(trail.size() - 1).page())) {
            return Optional.empty();
        }
        // The page's own entry ends the trail; a group whose root page this is stays (the page stands for it).
        int end = trail.get(trail.size() - 1).kind() == Kind.PAGE ? trail.size() - 1 : trail.size();
        List<String> path = new java.util.ArrayList<>();
        for (NavItem item : trail.subList(0, end)) {
            if (item.label() != null && EYEBROW_KINDS.contains(item.kind()) && (breadcrumbs || item.kind() == Kind.GROUP)) {
                path.add(item.label());
            }
        }
        if (path.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(breadcrumbs ? String.join(" › ", path) : path.get(path.size() - 1));
    }

    private static final java.util.Set<Kind> EYEBROW_KINDS = java.util.EnumSet.of(Kind.TAB, Kind.ANCHOR, Kind.DROPDOWN,
            Kind.PRODUCT, Kind.MENU, Kind.GROUP);

    private static void pager(StringBuilder h, Frame frame, Content page, UiStrings t) {
        List<String> pages = sidebarOf(frame, page.nav()).pages();
        int i = pages.indexOf(page.pagePath());
        if (i < 0) {
            return;
        }
        h.append("<nav class=\"pager\">");
        if (i > 0) {
            pagerLink(h, frame, pages.get(i - 1), "prev", t.get("previous"));
        }
        if (i + 1 < pages.size()) {
            pagerLink(h, frame, pages.get(i + 1), "next", t.get("next"));
        }
        h.append("</nav>\n");
    }

    private static void pagerLink(StringBuilder h, Frame frame, String path, String rel, String label) {
        frame.site().page(path).ifPresent(p -> h.append("<a rel=\"").append(rel).append("\" href=\"")
                .append(HtmlEncoder.attr(frame.links().page(path))).append("\"><small>").append(HtmlEncoder.attr(label)).append("</small>")
                .append(HtmlEncoder.attr(p.title())).append("</a>"));
    }

    /** The page's contextual menu (docs.json {@code contextual}), or "" on the 404 and search pages. */
    private static String contextualMenu(Frame frame, Content page, UiStrings t) {
        if (page.pagePath() == null || frame.contextual().options().isEmpty()) {
            return "";
        }
        // The page's Markdown fills a custom item's $page only: not made for menus of built-in items.
        boolean custom = frame.contextual().options().stream().anyMatch(o -> o instanceof ContextualOptions.Custom);
        String markdown = custom ? frame.site().page(page.pagePath()).map(Page::fullMarkdown).orElse("") : "";
        String spec = frame.site().page(page.pagePath()).map(p -> ApiSpecFiles.fileOf(p.api())).orElse(null);
        return ContextualMenu.html(frame.contextual(), new ContextualMenu.Page(page.pagePath(), markdown, frame.links(),
                frame.absoluteBase(), frame.domain(), frame.mcp(), frame.assistantKey() != null, spec), t, frame.icons());
    }

    /** "On this page", or the page's {@code <Panel>} content in its place. */
    private static void outline(StringBuilder h, RenderedBody body, UiStrings t, String menu) {
        if (!body.panel().isEmpty()) {
            h.append("<aside class=\"outline outline-panel\">").append(menu).append(body.panel()).append("</aside>\n");
            return;
        }
        List<RenderedBody.Heading> headings = body.headings();
        h.append("<aside class=\"outline\" aria-label=\"").append(HtmlEncoder.attr(t.get("onThisPage"))).append("\">").append(menu);
        if (!headings.isEmpty()) {
            h.append("<p class=\"outline-title\">").append(HtmlEncoder.attr(t.get("onThisPage"))).append("</p><ul>");
            for (RenderedBody.Heading heading : headings) {
                h.append("<li class=\"level-").append(heading.level()).append("\"><a href=\"#").append(HtmlEncoder.attr(heading.id()))
                        .append("\">").append(HtmlEncoder.attr(heading.text())).append("</a></li>");
            }
            h.append("</ul>");
        }
        h.append("</aside>\n");
    }

    /**
     * The chat panel; the site script shows the button and drives it with the AI SDK's chat. The
     * site's starter questions (docs.json {@code assistant.starterQuestions}) fill it while it is empty.
     */
    private static void assistantPanel(StringBuilder h, String siteName, UiStrings t, List<String> starters) {
        h.append("<aside class=\"assistant\" id=\"" + ASSISTANT_ID + "\" aria-label=\"").append(HtmlEncoder.attr(t.get("askAi"))).append("\" hidden>\n")
                .append("<header><strong>").append(HtmlEncoder.attr(t.get("ask"))).append(' ').append(HtmlEncoder.attr(siteName)).append("</strong>")
                .append("<button type=\"button\" class=\"assistant-close\" data-close-assistant aria-label=\"")
                .append(HtmlEncoder.attr(t.get("close"))).append("\">×</button></header>\n")
                .append(starters(starters, t))
                .append("<div class=\"assistant-messages\" aria-live=\"polite\"></div>\n")
                .append("<p class=\"assistant-selection\" hidden></p>\n")
                .append("<form class=\"assistant-form\"><textarea name=\"question\" rows=\"2\" placeholder=\"")
                .append(HtmlEncoder.attr(t.get("askPlaceholder"))).append("\" aria-label=\"").append(HtmlEncoder.attr(t.get("question")))
                .append("\"></textarea><button type=\"submit\">").append(HtmlEncoder.attr(t.get("send"))).append("</button></form>\n</aside>\n");
    }

    private static String starters(List<String> questions, UiStrings t) {
        if (questions.isEmpty()) {
            return "";
        }
        StringBuilder s = new StringBuilder("<div class=\"assistant-starters\" data-starters><p>")
                .append(HtmlEncoder.attr(t.get("starterQuestions"))).append("</p><ul>");
        questions.forEach(q -> s.append("<li><button type=\"button\" data-starter>").append(HtmlEncoder.attr(q)).append("</button></li>"));
        return s.append("</ul></div>\n").toString();
    }

    /** A site-relative image only when its file is there; a remote one is trusted to exist. */
    static boolean available(SiteContent site, String src) {
        if (src.startsWith("https://")) {
            return true;
        }
        java.nio.file.Path file = site.dir().resolve(src.startsWith("/") ? src.substring(1) : src).normalize();
        return dev.docsassistant.content.SiteFiles.regularFileInside(site.dir(), file);
    }

    /** The favicon, with its dark-scheme variant when docs.json has one. */
    private static void favicons(StringBuilder h, SiteContent site, LinkResolver links) {
        JsonNode f = site.docsJson().path("favicon");
        String light = f.isTextual() ? f.asText() : f.path("light").asText(null);
        String dark = f.isTextual() ? null : f.path("dark").asText(null);
        boolean both = light != null && dark != null && !dark.equals(light) && available(site, dark);
        if (light != null && !light.isBlank() && available(site, light)) {
            h.append("<link rel=\"icon\" href=\"").append(HtmlEncoder.attr(links.src(light))).append('"')
                    .append(both ? " media=\"(prefers-color-scheme: light)\"" : "").append(">\n");
        }
        if (both) {
            h.append("<link rel=\"icon\" href=\"").append(HtmlEncoder.attr(links.src(dark))).append("\" media=\"(prefers-color-scheme: dark)\">\n");
        }
    }
}
