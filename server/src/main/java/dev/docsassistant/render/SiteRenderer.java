package dev.docsassistant.render;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.content.ApiPlayground;
import dev.docsassistant.content.ContextualOptions;
import dev.docsassistant.content.mdx.FrontMatter;
import dev.docsassistant.content.mdx.MdxToMarkdown;
import dev.docsassistant.content.mdx.Placeholders;
import dev.docsassistant.content.NavItem;
import dev.docsassistant.content.Page;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.content.PageApi;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.content.Redirects;
import dev.docsassistant.sites.Site;
import dev.docsassistant.content.SiteFiles;
import dev.docsassistant.content.SiteLanguage;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.readers.SignInRefusal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;

/**
 * Renders one site's pages. A request path resolves, in order, to: a docs.json redirect, a page,
 * a file of the site (images, downloads), or the 404 page. Page bodies and each section's sidebar
 * are rendered once per place the site is served and kept.
 */
public final class SiteRenderer {
    private static final Logger LOG = Logger.getLogger(SiteRenderer.class.getName());
    /**
     * The files of a site folder served beside its pages, by extension. Every one is sent with
     * {@code nosniff} and a policy that runs nothing ({@code default-src 'none'; sandbox}), so an SVG
     * or XML file opened directly cannot run script on the site's origin; HTML and JavaScript files
     * are not served at all (a page is written in MDX, and pages run no script but the site's own), nor
     * are JSON, YAML and XML files: docs.json and the files it includes are the site's sources, not its
     * content. An API description a public page shows is the one exception (contextual's download-spec).
     */
    private static final Map<String, String> FILE_TYPES = Map.ofEntries(
            Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"), Map.entry("jpeg", "image/jpeg"),
            Map.entry("gif", "image/gif"), Map.entry("svg", "image/svg+xml"), Map.entry("webp", "image/webp"),
            Map.entry("avif", "image/avif"), Map.entry("ico", "image/x-icon"), Map.entry("bmp", "image/bmp"),
            Map.entry("mp4", "video/mp4"), Map.entry("webm", "video/webm"), Map.entry("mov", "video/quicktime"),
            Map.entry("ogv", "video/ogg"), Map.entry("mp3", "audio/mpeg"), Map.entry("wav", "audio/wav"),
            Map.entry("m4a", "audio/mp4"), Map.entry("ogg", "audio/ogg"), Map.entry("pdf", "application/pdf"),
            Map.entry("woff2", "font/woff2"), Map.entry("woff", "font/woff"), Map.entry("ttf", "font/ttf"),
            Map.entry("otf", "font/otf"), Map.entry("txt", "text/plain; charset=utf-8"),
            Map.entry("csv", "text/csv; charset=utf-8"), Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("zip", "application/zip"), Map.entry("gz", "application/gzip"), Map.entry("tgz", "application/gzip"),
            Map.entry("tar", "application/x-tar"), Map.entry("wasm", "application/wasm"));

    /** What a request gets. */
    public sealed interface Result {
    }

    /** An HTML page with its status and Content-Security-Policy. */
    public record HtmlPage(int status, String html, String csp) implements Result {
    }

    /** A redirect. */
    public record Redirect(int status, String location) implements Result {
    }

    /** Bytes made by the server for the site (a page's link-preview picture), the same for the whole deployment. */
    public record Generated(String contentType, byte[] bytes) implements Result {
    }

    /** A file of the site folder. */
    public record SiteFile(Path path, String contentType) implements Result {
    }

    private final Site site;
    private final SiteAssets assets;
    private final String assistantKey;
    private final Injected injected;
    /** The search page of the search box without JavaScript ({@code ?q=}). */
    public static final String SEARCH_PATH = "/_search";
    /**
     * Where a site's pages on the loopback names ({@code /sites/{domain}/…}, every site on one host)
     * call the API: {@code /sites/{domain}/_api/v1/search/{domain}} and the like, under the site's own
     * path, so the reader's session cookie ({@code Path=/sites/{domain}/}) goes with them. On the
     * site's own host the pages call {@code /v1/…} directly, under the site's path prefix if it has one
     * (the cookie's path is {@code /}, or that prefix, there).
     */
    public static final String API_PATH = "/_api";
    private final Redirects redirects;
    private final String csp;
    private final Map<String, RenderedBody> bodies = new ConcurrentHashMap<>();
    /** Link-preview pictures by page: made on the first request, kept while this deployment is served (the most recent few hundred). */
    private final Map<String, byte[]> previews = java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
            return size() > MAX_PREVIEWS;
        }
    });
    private static final int MAX_PREVIEWS = 512;
    private final boolean mcp;
    private final ContextualOptions contextual;
    private final ApiExamples examples;
    /** The site's .mintignore: its files are not served either. */
    private final dev.docsassistant.content.MintIgnore ignore;
    /** The API description files public pages show (served whole, for download-spec); no other JSON or YAML file is. */
    private final java.util.Set<String> descriptions;
    /** The access groups the search page reads with (a signed-in reader's; none: public pages only). */
    private final List<String> readGroups;
    private final Sidebars sidebars = new Sidebars();
    private final EndpointPlayground playground;
    private final RelatedTopics related;
    private final SiteTheme theme;
    private final SignInLook signInLook;

    public SiteRenderer(Site site, SiteAssets assets, String assistantKey, Injected injected) {
        this(site, assets, assistantKey, injected, true);
    }

    /** @param mcp whether the site serves MCP (the page menu's MCP items, docs.json {@code contextual}) */
    public SiteRenderer(Site site, SiteAssets assets, String assistantKey, Injected injected, boolean mcp) {
        this(site, assets, assistantKey, injected, mcp, List.of());
    }

    /**
     * @param readGroups the access groups of the readers this renderer serves: {@code site}'s content is
     *                   already what they may see ({@code SiteContent#visibleTo}); its search page reads the same
     */
    public SiteRenderer(Site site, SiteAssets assets, String assistantKey, Injected injected, boolean mcp,
                        List<String> readGroups) {
        this.readGroups = List.copyOf(readGroups);
        this.site = site;
        this.related = new RelatedTopics(site.content(), site.search(), readGroups);
        this.theme = SiteTheme.of(site.content().docsJson());
        this.signInLook = SignInLook.of(theme);
        this.mcp = mcp;
        // Problems were reported when the site loaded (SiteReader), as for the redirects.
        this.contextual = ContextualOptions.read(site.content().docsJson(), new ArrayList<>());
        this.examples = ApiExamples.of(site.content().docsJson());
        this.ignore = dev.docsassistant.content.MintIgnore.of(site.content().dir(), problem -> { }); // reported by SiteReader
        this.descriptions = site.content().pages().stream().filter(Page::isPublic).map(p -> ApiSpecFiles.fileOf(p.api()))
                .filter(java.util.Objects::nonNull).collect(java.util.stream.Collectors.toUnmodifiableSet());
        ApiPlayground settings = ApiPlayground.of(site.content());
        this.playground = EndpointPlayground.of(settings, site.content().docsJson());
        this.assets = assets;
        this.assistantKey = assistantKey;
        this.injected = injected;
        // Rules left out were reported when the site loaded (DocsJsonLinks).
        this.redirects = Redirects.read(site.content().docsJson().path("redirects"), new ArrayList<>());
        // docs.json fonts: external font files' hosts join font-src.
        this.csp = ContentSecurityPolicy.of(SiteFonts.of(site.content().docsJson()).allowIn(injected),
                site.config().url().map(SiteRenderer::origin).orElse(null), settings.directSources());
    }

    public String csp() {
        return csp;
    }

    /**
     * @param path  the request path below where the site is served, starting with {@code /}
     * @param base  "" when served at the root of its host, else {@code /sites/{domain}}
     * @param query the {@code q} parameter, for the search page
     */
    public Result render(String path, String base, String query) {
        return render(path, base, query, null);
    }

    /**
     * @param absoluteBase the site's address as the reader reached it ({@code https://docs.acme.dev},
     *                     {@code http://127.0.0.1:8080/sites/acme}), for the page menu's links to AI
     *                     tools; null: the configured {@code url}, else links relative to the host
     */
    public Result render(String path, String base, String query, String absoluteBase) {
        return render(path, base, query, absoluteBase, ReaderValues.NONE);
    }

    /** @param reader what pages show of the reader reading them ({@code {user.…}}, playground inputs) */
    public Result render(String path, String base, String query, String absoluteBase, ReaderValues reader) {
        return render(path, new LinkResolver(base), query, absoluteBase, reader);
    }

    /**
     * @param links where the site's links and the host's server routes are ({@code base} and {@code root}:
     *              both the path prefix on a site's own host that has one)
     */
    public Result render(String path, LinkResolver links, String query, String absoluteBase, ReaderValues reader) {
        String base = links.base();
        SiteLayout.Frame frame = frame(links, absoluteBase != null ? absoluteBase : site.config().url().orElse(base));
        String clean = path.isEmpty() ? "/" : path;
        if (clean.equals(SEARCH_PATH)) {
            return searchPage(query == null ? "" : query.strip(), frame);
        }
        if (clean.startsWith(SeoHead.IMAGE_PREFIX) && clean.endsWith(".png")) {
            Optional<Generated> preview = preview(clean.substring(SeoHead.IMAGE_PREFIX.length(), clean.length() - 4));
            if (preview.isPresent()) {
                return preview.get();
            }
        }
        Optional<Redirect> redirect = redirects.match(clean).flatMap(target -> links.link(target.location())
                .map(location -> new Redirect(target.status(), location)));
        if (redirect.isPresent()) {
            return redirect.get();
        }
        String pagePath = PagePaths.normalize(clean);
        Optional<Page> page = site.content().page(pagePath).filter(Page::isPublic);
        if (page.isPresent() && !pagePath.equals(PagePaths.withoutIndex(pagePath))) {
            // One address per page: /index and /x/index go to / and /x.
            return new Redirect(308, links.page(pagePath));
        }
        if (page.isPresent()) {
            String html = reader.fill(pageHtml(page.get(), frame));
            if (page.get().api() != null && reader.playgroundInputs() != null) {
                int end = html.lastIndexOf("</body>");
                html = end < 0 ? html + reader.inputsElement() : html.substring(0, end) + reader.inputsElement() + html.substring(end);
            }
            return new HtmlPage(200, html, csp);
        }
        if (pagePath.isEmpty()) {
            Optional<String> first = site.content().navigation().tree().firstPage(
                    p -> site.content().page(p).filter(Page::isPublic).isPresent());
            if (first.isPresent()) {
                return new Redirect(307, links.page(first.get()));
            }
        }
        Optional<SiteFile> file = siteFile(clean);
        if (file.isPresent()) {
            return file.get();
        }
        return notFound(frame);
    }

    /**
     * Where the site's root sends a reader when docs.json turns {@code languageRouting} on: to the
     * language they picked before ({@code chosen}, a code of the site), else to the one their browser
     * prefers most, at the root page's counterpart in it. Empty: the root is served as it is (routing
     * off, one language, or the root's own language wanted or none matching).
     *
     * @param base           "" when served at the root of its host, else {@code /sites/{domain}}
     * @param acceptLanguage the request's {@code Accept-Language}, or null
     * @param chosen         the language cookie's value, or null
     */
    public Optional<Redirect> languageRoot(String base, String acceptLanguage, String chosen) {
        if (!LanguageRouting.enabled(site.content().docsJson())) {
            return Optional.empty();
        }
        // The root shows the home page, else it sends the reader on to the first page.
        String home = site.content().page("").filter(Page::isPublic).map(Page::path).orElse("");
        NavView root = new NavView(site.content(), home);
        String rootPage = home.isEmpty() ? root.trail().getLast().page() : home;
        Optional<NavView.Choice> languages = root.choice(NavItem.Kind.LANGUAGE).filter(NavView.Choice::isSwitch);
        if (languages.isEmpty() || rootPage == null) {
            return Optional.empty();
        }
        List<String> codes = languages.get().options().stream().map(NavItem::label).toList();
        Optional<String> wanted = chosen != null && codes.contains(chosen) ? Optional.of(chosen)
                : LanguageRouting.negotiate(acceptLanguage, codes);
        return wanted.filter(code -> !code.equals(languages.get().current().label()))
                .flatMap(code -> languages.get().options().stream().filter(o -> o.label().equals(code)).findFirst())
                .flatMap(option -> root.counterpart(option, rootPage))
                .map(target -> new Redirect(302, new LinkResolver(base).page(target)));
    }

    /**
     * The sign-in form's words and the language they are in ({@code lang}, a BCP 47 tag; {@code rtl} for
     * Arabic and Hebrew), and the site's look.
     *
     * @param site  the site's name, in the page's title
     * @param brand the site's logo for each theme, else its name, linking to its home (above the form)
     * @param words any interface text by key, in the same language (a refusal's reason, {@link SignInRefusal})
     */
    public record SignInText(String lang, boolean rtl, String title, String password, String token, String site, String brand,
                             UnaryOperator<String> words, SignInLook look) {
    }

    /**
     * The site's look on its sign-in pages, which carry none of its pages' inline styles: its theme's
     * classes and default mode for {@code <html>}, and its colours as a {@code <style>} element the
     * page's policy allows by {@link #cssHash}.
     */
    public record SignInLook(String rootAttributes, String css, String cssHash) {
        static SignInLook of(SiteTheme theme) {
            String css = ":root{" + theme.cssVariables() + "}";
            String mode = theme.strict() && !theme.defaultMode().equals("system") ? " data-theme=\"" + theme.defaultMode() + "\"" : "";
            return new SignInLook(" data-theme-default=\"" + theme.defaultMode() + "\"" + mode + " class=\"" + theme.classes() + "\"",
                    css, ContentSecurityPolicy.sha256(css));
        }
    }

    /**
     * The sign-in form's words in the site language the reader's browser prefers, else in the site's
     * default language; its logo linked by {@code links}.
     */
    public SignInText signInText(String acceptLanguage, LinkResolver links) {
        dev.docsassistant.content.Navigation nav = site.content().navigation();
        String code = LanguageRouting.negotiate(acceptLanguage, nav.languages()).orElse(nav.defaultLanguage());
        UiStrings t = UiStrings.of(code);
        StringBuilder brand = new StringBuilder();
        SiteChrome.brand(brand, site.content(), links);
        return new SignInText(code == null ? "en" : SiteLanguage.of(code).map(SiteLanguage::tag).orElse(code),
                SiteLanguage.orEnglish(code).rtl(), t.get("signIn"), t.get("signInPassword"), t.get("signInToken"),
                site.content().name(), brand.toString(), t::get, signInLook);
    }

    private String pageHtml(Page page, SiteLayout.Frame frame) {
        LinkResolver links = frame.links();
        NavView nav = new NavView(site.content(), page.path());
        RenderedBody body = bodies.computeIfAbsent(links.base() + "\n" + page.path(), k -> body(page, links, nav));
        String topics = SiteLayout.pageChrome(page.meta().mode()) ? related.html(page, links,
                UiStrings.of(SiteLayout.language(nav)), frame.icons()) : "";
        return SiteLayout.render(frame, new SiteLayout.Content(page.title(), page.description(), body, page.path(),
                nav, "", topics));
    }

    /** The link-preview picture of a public page ({@code index} for the home page). */
    private Optional<Generated> preview(String pagePath) {
        Optional<Page> page = site.content().page(pagePath.equals("index") ? "" : pagePath).filter(Page::isPublic);
        return page.map(p -> new Generated("image/png", previews.computeIfAbsent(p.path(), k -> {
            JsonNode docs = site.content().docsJson();
            String primary = SiteTheme.color(docs.path("colors").path("primary").asText(null), "#2563eb");
            return OgImage.png(site.content().name(), p.title(), p.description(), primary, SiteTheme.DARK_BG);
        })));
    }

    private SiteLayout.Frame frame(LinkResolver links, String absoluteBase) {
        return new SiteLayout.Frame(site.domain(), site.content(), links, assets, assistantKey, injected, contextual,
                absoluteBase, mcp, sidebars, theme);
    }

    /**
     * The page's body, or a notice in its place when it cannot be rendered (nesting no limit caught, a
     * parser's own failure): the site's problem, logged, never an error answer blaming the request.
     */
    private RenderedBody body(Page page, LinkResolver links, NavView nav) {
        try {
            return renderBody(page, links, nav);
        } catch (StackOverflowError | RuntimeException e) {
            LOG.warning("site " + site.domain() + ": " + page.file() + " cannot be rendered: "
                    + (e instanceof StackOverflowError ? "nested too deeply" : e.toString()));
            return new RenderedBody("<p>This page cannot be shown: its content could not be rendered"
                    + " (see the site's problems).</p>", List.of());
        }
    }

    /** The page's MDX as HTML, followed by the reference of what it shows of an API description, if anything. */
    private RenderedBody renderBody(Page page, LinkResolver links, NavView nav) {
        Icons icons = new Icons(site.content().docsJson().path("icons").path("library").asText(null), links);
        UiStrings strings = UiStrings.of(SiteLayout.language(nav));
        String markdown;
        ObjectNode manualForm = null;
        if (page.api() != null && page.api().generated()) {
            String content = page.api() instanceof PageApi.Operation op ? op.content() : "";
            // x-mint.content is the page's MDX: docs.json variables are filled in as in a page's file.
            content = Placeholders.variables(content, SiteReader.variables(site.content().docsJson()), name -> { });
            markdown = MdxToMarkdown.convert(content, importPath -> null, new MdxComponents(strings, icons));
        } else {
            Path file = site.content().dir().resolve(page.file());
            String text;
            try {
                if (!SiteFiles.regularFileInside(site.content().dir(), file)) {
                    throw new IOException("no longer a file of the site");
                }
                text = Files.readString(file);
            } catch (IOException e) {
                LOG.warning("cannot read " + page.file() + ": " + e.getMessage());
                return MarkdownHtml.render(page.markdown(), links, strings);
            }
            FrontMatter fm = FrontMatter.parse(text, (line, column, message) -> { }); // reported when the site was read
            java.util.function.Function<String, String> snippets = importPath ->
                    SiteReader.snippet(site.content().dir(), file, importPath, problem -> { });
            String body = Placeholders.variables(fm.body(), SiteReader.variables(site.content().docsJson()), name -> { });
            markdown = MdxToMarkdown.convert(ReaderValues.mark(body), snippets, new MdxComponents(strings, icons));
            if (page.api() instanceof PageApi.Manual manual) {
                manualForm = ManualPlaygroundForm.of(manual, body, fm.string("authMethod").orElse(null), site.content().docsJson());
            }
        }
        // Webhooks are requests the API sends, not ones a reader can try.
        Endpoint endpoint = page.api() instanceof PageApi.Operation op && !op.endpoint().webhook() ? op.endpoint() : null;
        String display = endpoint == null && manualForm == null ? "none" : playground.settings().displayOf(page.api());
        if (page.api() != null) {
            String reference = ApiReferenceHtml.of(page.api(), page.description(), strings, examples.languages(), examples.optional(),
                    display.equals("simple") && endpoint != null ? EndpointPlayground.simple(endpoint) : "");
            // A hand-written endpoint page (api:) describes its fields itself, under the method and address.
            markdown = page.api() instanceof PageApi.Manual ? reference + "\n\n" + markdown : markdown + "\n\n" + reference;
        }
        MathMarks math = new MathMarks();
        if (SiteReader.latex(site.content().docsJson())) {
            markdown = math.protect(markdown);
        }
        RenderedBody rendered = MarkdownHtml.render(markdown, links, strings);
        String form = !display.equals("interactive") ? "" : endpoint != null ? playground.element(endpoint) : playground.element(manualForm);
        SidePanel panel = SidePanel.of(math.expand(StyleMarks.expand(icons.expand(rendered.html()))));
        return new RenderedBody(ExamplesColumn.arrange(panel.body()), rendered.headings(), form, panel.panel());
    }

    private Optional<SiteFile> siteFile(String requestPath) {
        String rel = requestPath.startsWith("/") ? requestPath.substring(1) : requestPath;
        int dot = rel.lastIndexOf('.');
        if (dot < 0 || rel.contains("/.") || rel.startsWith(".")) {
            return Optional.empty();
        }
        String extension = rel.substring(dot + 1).toLowerCase(Locale.ROOT);
        String type = FILE_TYPES.get(extension);
        if (type == null && descriptions.contains(rel)) {
            type = extension.equals("json") ? "application/json" : "text/yaml; charset=utf-8"; // the download-spec file
        }
        if (type == null || ignore.ignored(rel)) {
            return Optional.empty();
        }
        Path dir = site.content().dir();
        Path file = dir.resolve(rel).normalize();
        // Links are resolved: one leading outside the site folder (reported when the site loads) is not there.
        return SiteFiles.regularFileInside(dir, file) ? Optional.of(new SiteFile(file, type)) : Optional.empty();
    }

    private Result notFound(SiteLayout.Frame frame) {
        LinkResolver links = frame.links();
        JsonNode errors = site.content().docsJson().path("errors").path("404");
        if (errors.path("redirect").asBoolean(false)) {
            return new Redirect(307, links.base() + "/");
        }
        NavView nav = new NavView(site.content(), "");
        UiStrings t = UiStrings.of(SiteLayout.language(nav));
        String title = errors.path("title").asText(t.get("notFoundTitle"));
        String description = errors.path("description").asText(t.get("notFound"));
        String html = SiteLayout.render(frame, new SiteLayout.Content(title, "",
                new RenderedBody("<p>" + HtmlEncoder.attr(description) + "</p>\n<p><a href=\"" + HtmlEncoder.attr(links.base() + "/")
                        + "\">" + HtmlEncoder.attr(t.get("home")) + "</a></p>\n", List.of()), null, nav));
        return new HtmlPage(404, html, csp);
    }

    /**
     * A reader's sign-in refused (a token tampered with or expired, a provider's error, a sign-in
     * begun in another browser), shown as a page of the site: its layout, the reason and a link to sign
     * in again.
     *
     * @param signIn the sign-in address to link to (the site's {@code /login}, with its {@code redirect})
     */
    public HtmlPage signInRefused(SignInRefusal refusal, String signIn, LinkResolver links, String absoluteBase) {
        SiteLayout.Frame frame = frame(links, absoluteBase);
        NavView nav = new NavView(site.content(), "");
        UiStrings t = UiStrings.of(SiteLayout.language(nav));
        String html = SiteLayout.render(frame, new SiteLayout.Content(t.get("signInFailed"), "",
                new RenderedBody("<p role=\"alert\">" + HtmlEncoder.attr(refusal.forReader(t::get)) + "</p>\n<p><a class=\"reader-sign-in-again\" href=\""
                        + HtmlEncoder.attr(signIn) + "\">" + HtmlEncoder.attr(t.get("signInAgain")) + "</a></p>\n", List.of()), null, nav));
        return new HtmlPage(refusal.status(), html, csp);
    }

    /** Search results as a page of their own, so the search box works without JavaScript. */
    private Result searchPage(String query, SiteLayout.Frame frame) {
        LinkResolver links = frame.links();
        NavView nav = new NavView(site.content(), "");
        UiStrings t = UiStrings.of(SiteLayout.language(nav));
        StringBuilder body = new StringBuilder();
        if (query.isEmpty()) {
            body.append("<p>").append(HtmlEncoder.attr(t.get("searchEmpty"))).append("</p>\n");
        } else {
            SearchRequest request = SearchRequest.of(query.length() > 500 ? query.substring(0, 500) : query, 20);
            List<SearchHit> hits = site.search().search(request.withFilter(request.filter().withGroups(readGroups)));
            if (hits.isEmpty()) {
                body.append("<p>").append(HtmlEncoder.attr(t.get("searchNothing"))).append(" <strong>").append(HtmlEncoder.attr(query)).append("</strong>.</p>\n");
            }
            body.append("<ol class=\"search-hits\">\n");
            for (SearchHit hit : hits) {
                String snippet = hit.content().length() > 280 ? hit.content().substring(0, 280) + "…" : hit.content();
                body.append("<li><a href=\"").append(HtmlEncoder.attr(links.href(hit.path()))).append("\">")
                        .append(HtmlEncoder.attr(hit.title())).append("</a><p>").append(HtmlEncoder.attr(snippet.replaceAll("\\[([^\\]]+)]\\([^)]*\\)", "$1").replaceAll("[#*`>|]+", " ")))
                        .append("</p></li>\n");
            }
            body.append("</ol>\n");
        }
        String title = query.isEmpty() ? t.get("searchTitle") : t.get("searchTitle") + ": " + query;
        return new HtmlPage(200, SiteLayout.render(frame, new SiteLayout.Content(title, "",
                new RenderedBody(body.toString(), List.of()), null, nav, query)), csp);
    }

    private static String origin(String url) {
        int scheme = url.indexOf("://");
        int slash = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
        return slash < 0 ? url : url.substring(0, slash);
    }
}
