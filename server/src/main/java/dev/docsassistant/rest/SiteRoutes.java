package dev.docsassistant.rest;

import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;

import dev.docsassistant.config.PreviewDomains;
import dev.docsassistant.publish.AgentFiles;
import dev.docsassistant.app.App;
import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.app.SitePrefix;
import dev.docsassistant.render.LinkResolver;
import dev.docsassistant.insights.Audience;
import dev.docsassistant.insights.PageTraffic;
import dev.docsassistant.mcp.McpSettings;
import dev.docsassistant.render.Injected;
import dev.docsassistant.render.LanguageRouting;
import dev.docsassistant.render.ReaderValues;
import dev.docsassistant.config.ReaderAccess;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.readers.ReaderCookie;
import dev.docsassistant.readers.SiteReaders;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.AccessDecision;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.PageKeys;
import dev.docsassistant.render.SiteAssets;
import dev.docsassistant.render.SiteRenderer;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.SiteNotReadyException;
import dev.docsassistant.sites.Sites;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The rendered sites: {@code /sites/{domain}/…}, the same pages at the root of
 * {@code {domain}.{site-host}} (site-host from {@code docs-assistant.site-host}, default
 * {@code localhost}) or under the site's path prefix there ({@link SitePrefix}), and the site
 * stylesheet and script under {@code /_assets/}.
 *
 * <p>A preview ({@code {domain}--{name}}, see {@link PreviewDomains}) is served as a site of its own,
 * kept out of search engines: every answer carries {@code X-Robots-Tag: noindex}, its pages
 * {@code <meta name="robots" content="noindex">}, and its robots.txt disallows everything. Its pages
 * embed the site's own key (a page key opens the site's previews too).
 */
public final class SiteRoutes {
    private static final String PAGE_CACHE = "no-cache";
    private static final String READER_CACHE = "private, no-store";
    private static final String SITE_FILE_CACHE = "public, max-age=3600";
    /** A site's file opened directly runs nothing and is an origin of its own (an SVG's or XML file's script, a form). */
    static final String SITE_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
    private static final String ASSET_CACHE = "public, max-age=31536000, immutable";

    private final SiteAssets assets;
    private final Map<String, SiteRenderer> renderers = new ConcurrentHashMap<>();
    private final Map<String, AgentFiles> agentFiles = new ConcurrentHashMap<>();
    private final Map<String, Site> sites = new ConcurrentHashMap<>();
    private final Sites configured;
    private final ServedHosts hosts;
    private final AccessCheck access;
    private final PageTraffic traffic;
    private final SiteReaders readers;
    private final ReaderRoutes readerRoutes;
    /** Per site readers sign in to: how a reader holding some groups sees it, made on first use. */
    private final Map<String, ReaderViews> views = new ConcurrentHashMap<>();

    public SiteRoutes(App app, Function<Site, Injected> integrations) {
        this.traffic = app.usage().traffic();
        this.assets = SiteAssets.fromClassPath();
        this.hosts = app.settings().hosts();
        this.access = app.access();
        this.readers = app.readers();
        // The sign-in form speaks the site's language the reader's browser prefers.
        this.readerRoutes = new ReaderRoutes(readers, access, assets, (domain, acceptLanguage, links) -> renderers.get(domain).signInText(acceptLanguage, links));
        PageKeys keys = app.pageKeys();
        this.configured = app.sites();
        // The page menu and llms.txt name a site's MCP server only where it serves one.
        McpSettings mcp = McpSettings.from(app.config().section());
        // A site's pages are served from the moment it is indexed; until then its requests get 503.
        configured.onLoaded(site -> {
            agentFiles.put(site.domain(), new AgentFiles(site, mcp.enabled(site.domain())));
            sites.put(site.domain(), site);
            boolean preview = PreviewDomains.isPreview(site.domain());
            Injected injected = integrations.apply(site);
            String key = keys.secret(PreviewDomains.siteOf(site.domain())).orElse(null);
            Injected shown = preview ? noindex(injected) : injected;
            boolean mcpOn = mcp.enabled(PreviewDomains.siteOf(site.domain()));
            renderers.put(site.domain(), new SiteRenderer(site, assets, key, shown, mcpOn));
            if (readers.settings(site.domain()).isPresent()) {
                views.put(site.domain(), new ReaderViews(site, groups -> new SiteRenderer(site.readBy(groups), assets, key, shown,
                        mcpOn, groups), groups -> new AgentFiles(site.readBy(groups), mcp.enabled(site.domain()))));
            } else {
                views.remove(site.domain());
            }
        });
        // A site deleted at run time: its pages are gone at once.
        configured.onRemoved(domain -> {
            keys.forget(domain);
            renderers.remove(domain);
            views.remove(domain);
            agentFiles.remove(domain);
            sites.remove(domain);
        });
    }

    private static final String NOINDEX_META = "<meta name=\"robots\" content=\"noindex\">\n";

    private static Injected noindex(Injected i) {
        return new Injected(NOINDEX_META + i.head(), i.bodyStart(), i.bodyEnd(), i.cspHosts(), i.scriptHashes(), i.telemetryEnabled());
    }

    /** A preview's answers are kept out of search engines, whatever they are (pages, files, redirects). */
    private static void markPreview(ServerResponse res, String domain) {
        if (PreviewDomains.isPreview(domain)) {
            res.header("X-Robots-Tag", "noindex");
        }
    }

    /** Registers the asset and {@code /sites/} routes; the host-based catch-all goes last, after every API route. */
    public void routing(HttpRouting.Builder routing) {
        routing.get(SiteAssets.PREFIX + "{+name}", this::asset)
                .head(SiteAssets.PREFIX + "{+name}", this::asset)
                .get("/sites/{+rest}", this::pathBased)
                .head("/sites/{+rest}", this::pathBased)
                .post("/sites/{+rest}", this::pathBased);
    }

    public void hostRouting(HttpRouting.Builder routing) {
        routing.get("/{+path}", this::hostBased).get("/", this::hostBased)
                .head("/{+path}", this::hostBased).head("/", this::hostBased)
                .post("/{+path}", this::hostBased);
    }

    private void asset(ServerRequest req, ServerResponse res) {
        String name = req.path().pathParameters().get("name");
        Optional<SiteAssets.Asset> asset = assets.get(name);
        if (asset.isEmpty()) {
            Json.sendError(res, 404, "asset not found: " + name);
            return;
        }
        // Chunks carry their content hash in their name; the entry points in ?v=.
        boolean versioned = name.startsWith("chunks/") || req.query().first("v").map(v -> v.equals(asset.get().hash())).orElse(false);
        res.header(HeaderNames.CONTENT_TYPE, asset.get().contentType())
                .header(HeaderNames.CACHE_CONTROL, versioned ? ASSET_CACHE : "public, max-age=300")
                .header(HeaderNames.ETAG, "\"" + asset.get().hash() + "\"")
                .header("X-Content-Type-Options", "nosniff");
        if (req.headers().first(HeaderNames.IF_NONE_MATCH).map(v -> v.contains(asset.get().hash())).orElse(false)) {
            res.status(Status.NOT_MODIFIED_304).send();
            return;
        }
        res.header(HeaderNames.VARY, "Accept-Encoding");
        if (req.headers().first(HeaderNames.ACCEPT_ENCODING).map(v -> v.contains("gzip")).orElse(false)) {
            res.header(HeaderNames.CONTENT_ENCODING, "gzip");
            body(req, res, asset.get().gzipped());
        } else {
            body(req, res, asset.get().bytes());
        }
    }

    private void pathBased(ServerRequest req, ServerResponse res) {
        String rest = req.path().path().substring("/sites/".length());
        String domain = rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : rest;
        if (SiteApiPath.owns(rest.substring(domain.length()))) {
            SiteApiPath.reroute(req, res, domain, rest.substring(domain.length()));
            return;
        }
        SiteRenderer renderer = renderers.get(domain);
        if (renderer == null) {
            throw configured.isPending(domain) ? new SiteNotReadyException(domain) : ApiException.notFound("unknown site: " + domain);
        }
        markPreview(res, domain);
        String prefix = "/sites/" + domain;
        String path = rest.substring(domain.length());
        if (path.isEmpty()) {
            redirect(res, 308, prefix + "/");
            return;
        }
        serve(req, res, domain, prefix, path, true);
    }

    /**
     * A request of a site's page, file or agents' file. A site readers sign in to answers as the
     * request's reader sees it: its sign-in routes, the pages their groups read (any other answers as
     * a missing page would), and for a reader not signed in to a private site, the sign-in page in place
     * of any page that is not public, returning to it after (only when the browser opens the page: its
     * other requests answer as a missing page, starting no sign-in).
     */
    private void serve(ServerRequest req, ServerResponse res, String domain, String prefix, String path, boolean pathBased) {
        SiteRenderer renderer = renderers.get(domain);
        AgentFiles files = agentFiles.get(domain);
        ReaderViews readerViews = views.get(domain);
        boolean signInFirst = false;
        ReaderValues values = ReaderValues.NONE;
        if (readerViews != null) {
            Optional<Reader> reader = readers.reader(domain, ReaderCookie.read(ReaderRoutes.cookies(req), ReaderCookie.SESSION));
            if (ReaderRoutes.owns(path) && req.prologue().method() != Method.HEAD) {
                readerRoutes.handle(req, res, domain, prefix, linkBase(req, domain, pathBased), path, secure(req, domain), reader,
                        renderer);
                return;
            }
            ReaderViews.View view = readerViews.of(readers.groupsOf(reader));
            renderer = view.renderer();
            files = view.files();
            signInFirst = reader.isEmpty() && readers.access(domain) == ReaderAccess.SIGN_IN;
            values = reader.map(r -> new ReaderValues(r::contentValue,
                    r.apiPlaygroundInputs().isEmpty() ? null : r.apiPlaygroundInputs().toString())).orElse(ReaderValues.NONE);
        }
        if (req.prologue().method() == Method.POST) {
            res.header(HeaderNames.ALLOW, "GET, HEAD");
            Json.sendError(res, 405, "only the sign-in form is posted to a site's pages");
            return;
        }
        // What a reader sees is theirs: no shared cache keeps it.
        String cache = readerViews == null ? PAGE_CACHE : READER_CACHE;
        if (!agentFile(req, res, domain, path, pathBased, files, cache) && searchAllowed(req, res, domain, path)) {
            boolean routed = path.equals("/") && LanguageRouting.enabled(sites.get(domain).content().docsJson());
            if (routed) {
                // Which answer the root gives depends on these headers: caches keep one per value.
                res.header(HeaderNames.VARY, "Accept, Accept-Language, Cookie");
                Optional<SiteRenderer.Redirect> language = renderer.languageRoot(prefix,
                        req.headers().first(HeaderNames.ACCEPT_LANGUAGE).orElse(null),
                        ReaderCookie.read(ReaderRoutes.cookies(req), LanguageRouting.COOKIE).orElse(null));
                if (language.isPresent()) {
                    res.header(HeaderNames.CACHE_CONTROL, "private, no-cache");
                    redirect(res, language.get().status(), language.get().location());
                    return;
                }
            }
            // The server's own routes (assets, API, playground proxy) are at the host's root, or under the site's path prefix.
            SiteRenderer.Result result = renderer.render(path, new LinkResolver(prefix, SitePrefix.of(req)),
                    req.query().first("q").orElse(null), linkBase(req, domain, pathBased), values);
            if (signInFirst && result instanceof SiteRenderer.HtmlPage page && page.status() == 404
                    && ReaderRoutes.opensPage(req)) {
                String query = req.query().rawValue();
                String back = prefix + path + (query == null || query.isEmpty() ? "" : "?" + query);
                redirect(res, 302, prefix + ReaderRoutes.LOGIN + "?redirect="
                        + java.net.URLEncoder.encode(back, java.nio.charset.StandardCharsets.UTF_8));
                return;
            }
            send(req, res, counted(req, domain, path, result), cache, routed ? "Accept, Accept-Language, Cookie" : "Accept");
        }
    }

    /** Whether the site is reached over TLS here: the request itself, or its configured https url behind a proxy. */
    private boolean secure(ServerRequest req, String domain) {
        return req.isSecure() || sites.get(domain).config().url().map(u -> u.startsWith("https://")).orElse(false);
    }

    /** The site whose own host ({domain}.{site-host} or sites[].url) the request names, if any. */
    public static Optional<String> siteOf(ServedHosts hosts, ServerRequest req) {
        ServedHosts.Match match = hosts.match(req.authority());
        return match.kind() == ServedHosts.Kind.SITE ? Optional.of(match.domain()) : Optional.empty();
    }

    private void hostBased(ServerRequest req, ServerResponse res) {
        Optional<String> domain = siteOf(hosts, req);
        Optional<SiteRenderer> renderer = domain.map(renderers::get);
        if (renderer.isEmpty()) {
            if (domain.isPresent() && configured.isPending(domain.get())) {
                throw new SiteNotReadyException(domain.get());
            }
            if (domain.isPresent() && PreviewDomains.isPreview(domain.get())
                    && renderers.containsKey(PreviewDomains.siteOf(domain.get()))) {
                res.header("X-Robots-Tag", "noindex");
                throw ApiException.notFound("site " + PreviewDomains.siteOf(domain.get()) + " has no preview '"
                        + PreviewDomains.nameOf(domain.get()).orElse("") + "'");
            }
            // Not a site's host: on to the routes of server features (/observe/...), else Helidon's 404.
            res.next();
            return;
        }
        markPreview(res, domain.get());
        serve(req, res, domain.get(), SitePrefix.of(req), req.path().path(), false);
    }

    /**
     * The search page ({@code /_search?q=}) runs a full search per request with no key at all: it is
     * counted as the site's public traffic (the client address, then {@code limits.site-pages-per-hour}).
     * False when refused (a 429 was sent).
     */
    private boolean searchAllowed(ServerRequest req, ServerResponse res, String domain, String path) {
        if (!path.equals(SiteRenderer.SEARCH_PATH) || req.query().first("q").map(String::isBlank).orElse(true)) {
            return true;
        }
        AccessDecision decision = access.checkPublic(new AccessRequest(domain, null, ApiAccess.peer(req),
                ApiAccess.forwardedFor(req), null));
        if (decision.granted()) {
            return true;
        }
        res.header(HeaderNames.RETRY_AFTER, Long.toString(decision.quota().retryAfterSeconds()));
        Json.sendError(res, 429, decision.message());
        return false;
    }

    /**
     * Sends the site's file for agents at {@code path} (llms.txt, a page's Markdown, the sitemap, …)
     * if there is one; links in it start at the site's configured {@code url}, else at a host the
     * configuration names (the site's own, or the loopback or API name of a path-based request),
     * never at a Host the request merely claims.
     */
    private boolean agentFile(ServerRequest req, ServerResponse res, String domain, String path, boolean pathBased, AgentFiles files,
                              String cache) {
        String base = linkBase(req, domain, pathBased);
        boolean wantsMarkdown = req.headers().first(HeaderNames.ACCEPT).map(a -> a.contains("text/markdown")).orElse(false);
        Optional<AgentFiles.File> file = files.get(path, base, wantsMarkdown);
        if (file.isEmpty()) {
            return false;
        }
        if (path.endsWith("/llms.txt") || path.endsWith("/llms-full.txt")) {
            countRead(req, domain, path, Audience.MARKDOWN);
        } else if (path.endsWith(".md") || wantsMarkdown) {
            String page = path.endsWith(".md") ? path.substring(0, path.length() - 3) : path;
            countRead(req, domain, page.isEmpty() || page.equals("/index") ? "/" : page, Audience.MARKDOWN);
        }
        res.header(HeaderNames.CONTENT_TYPE, file.get().contentType())
                .header(HeaderNames.CACHE_CONTROL, cache)
                .header(HeaderNames.VARY, "Accept")
                .header("X-Content-Type-Options", "nosniff");
        body(req, res, file.get().body().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return true;
    }

    /** A page read counts for the site's traffic (the dashboard's Agents page); the page itself is passed on. */
    private SiteRenderer.Result counted(ServerRequest req, String domain, String path, SiteRenderer.Result result) {
        if (result instanceof SiteRenderer.HtmlPage page && page.status() == 200) {
            countRead(req, domain, path.isEmpty() ? "/" : path, Audience.BROWSER);
        }
        return result;
    }

    /** Counts a GET in memory (no store write on this path): by a known AI crawler's User-Agent first, else by route. */
    private void countRead(ServerRequest req, String domain, String path, Audience byRoute) {
        if (req.prologue().method() == Method.GET) {
            traffic.count(domain, path, Audience.ofRequest(req.headers().first(HeaderNames.USER_AGENT).orElse(null), byRoute));
        }
    }

    /** The site's address for links that leave it (llms.txt, the page menu's AI tools): never a Host merely claimed. */
    private String linkBase(ServerRequest req, String domain, boolean pathBased) {
        return hosts.linkBase(sites.get(domain).config(), req.authority(), req.isSecure(), pathBased);
    }

    /** @param vary the request headers a page answer depends on */
    private static void send(ServerRequest req, ServerResponse res, SiteRenderer.Result result, String pageCache, String vary) {
        switch (result) {
            case SiteRenderer.HtmlPage page -> {
                res.status(Status.create(page.status()))
                        .header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8")
                        .header(HeaderNames.CACHE_CONTROL, pageCache)
                        .header(HeaderNames.VARY, vary) // Accept: text/markdown gets the page's Markdown
                        .header("Content-Security-Policy", page.csp())
                        .header("X-Content-Type-Options", "nosniff")
                        .header("Referrer-Policy", "strict-origin-when-cross-origin");
                body(req, res, page.html().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            case SiteRenderer.Redirect redirect -> redirect(res, redirect.status(), redirect.location());
            case SiteRenderer.Generated made -> {
                res.header(HeaderNames.CONTENT_TYPE, made.contentType())
                        .header(HeaderNames.CACHE_CONTROL, SITE_FILE_CACHE)
                        .header("X-Content-Type-Options", "nosniff");
                body(req, res, made.bytes());
            }
            case SiteRenderer.SiteFile file -> {
                try {
                    res.header(HeaderNames.CONTENT_TYPE, file.contentType())
                            .header(HeaderNames.CACHE_CONTROL, pageCache.equals(PAGE_CACHE) ? SITE_FILE_CACHE : READER_CACHE)
                            .header("X-Content-Type-Options", "nosniff")
                            // An SVG opened directly must not run scripts on the site's origin.
                            .header("Content-Security-Policy", SITE_FILE_CSP);
                    body(req, res, Files.readAllBytes(file.path()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    /** The entity, or for HEAD only its length. */
    private static void body(ServerRequest req, ServerResponse res, byte[] bytes) {
        if (req.prologue().method() == Method.HEAD) {
            res.header(HeaderNames.CONTENT_LENGTH, String.valueOf(bytes.length)).send();
        } else {
            res.send(bytes);
        }
    }

    private static void redirect(ServerResponse res, int status, String location) {
        res.status(Status.create(status)).header(HeaderNames.LOCATION, location).send();
    }
}
