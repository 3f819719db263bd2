package dev.docsassistant.publish;

import dev.docsassistant.config.PreviewDomains;
import dev.docsassistant.content.NavItem;
import dev.docsassistant.content.Navigation;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteFiles;
import dev.docsassistant.sites.Site;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A site's files for agents and crawlers, made from its navigation and pages: {@code llms.txt} and
 * {@code llms-full.txt} (llmstxt.org; one pair per version and language, under
 * {@code /{version}/{language}/…} where they differ from the default), each page as Markdown at its
 * path + {@code .md}, {@code sitemap.xml} and {@code robots.txt}.
 *
 * <p>What is listed follows the site's indexing rules ({@link Page#searchable()}: hidden pages,
 * {@code noindex} and {@code seo.indexing}); pages of access groups are never listed nor served
 * here, since these files are public. A hidden page still has its {@code .md}, as it has its HTML.
 */
public final class AgentFiles {
    public static final String MARKDOWN = "text/markdown; charset=utf-8";

    /** A file to send. */
    public record File(String contentType, String body) {
    }

    /**
     * One version × language of the site (null: the site has none). The default one also holds the
     * pages outside any version or language; the others hold only their own.
     */
    private record Variant(String version, String language, boolean defaultVersion, boolean defaultLanguage, String prefix) {
        boolean includes(Page page) {
            return matches(version, defaultVersion, page.version()) && matches(language, defaultLanguage, page.language());
        }

        private static boolean matches(String wanted, boolean isDefault, String actual) {
            return wanted == null || wanted.equals(actual) || isDefault && actual == null;
        }
    }

    private final Site site;
    private final List<Variant> variants;
    private final boolean mcp;
    private final AgentDiscovery discovery;

    public AgentFiles(Site site) {
        this(site, true);
    }

    /** @param mcp whether the site serves MCP ({@code llms.txt} then names its server) */
    public AgentFiles(Site site, boolean mcp) {
        this.site = site;
        this.variants = variants(site);
        this.mcp = mcp;
        this.discovery = new AgentDiscovery(site.content(), mcp);
    }

    /**
     * The file at {@code path} (site-relative, starting with {@code /}), if it is one of these.
     *
     * @param baseUrl       the site's address ({@code https://docs.acme.dev}, {@code http://host/sites/acme}), no trailing slash
     * @param wantsMarkdown the client asked for {@code text/markdown} (a page path then answers with its Markdown)
     */
    public Optional<File> get(String path, String baseUrl, boolean wantsMarkdown) {
        switch (path) {
            case "/robots.txt" -> {
                return Optional.of(new File("text/plain; charset=utf-8", robots(baseUrl)));
            }
            case "/sitemap.xml" -> {
                return Optional.of(new File("application/xml; charset=utf-8", sitemap(baseUrl)));
            }
            case "/.well-known/llms.txt", "/.well-known/llms-full.txt" -> {
                return get(path.substring("/.well-known".length()), baseUrl, false);
            }
            default -> {
            }
        }
        Optional<File> agents = discovery.get(path, baseUrl);
        if (agents.isPresent()) {
            return agents;
        }
        if (path.equals("/llms.txt") || path.equals("/llms-full.txt")) {
            // A site's own file at its root replaces the generated one (ai/llmstxt "Custom files").
            Path own = site.content().dir().resolve(path.substring(1));
            if (SiteFiles.regularFileInside(site.content().dir(), own)) {
                try {
                    return Optional.of(new File("text/plain; charset=utf-8", Files.readString(own)));
                } catch (IOException e) {
                    // Unreadable (not UTF-8, gone): the generated one stands in.
                }
            }
        }
        for (Variant v : variants) {
            if (path.equals(v.prefix() + "/llms.txt")) {
                return Optional.of(new File("text/plain; charset=utf-8", llms(v, baseUrl)));
            }
            if (path.equals(v.prefix() + "/llms-full.txt")) {
                return Optional.of(new File("text/plain; charset=utf-8", llmsFull(v, baseUrl)));
            }
        }
        if (path.endsWith("/rss.xml")) {
            String pagePath = path.substring(0, path.length() - "/rss.xml".length());
            Optional<File> feed = site.content().page(pagePath.isEmpty() ? "/" : pagePath).filter(Page::isPublic)
                    .flatMap(page -> ChangelogFeed.of(page, site.content().dir(), baseUrl))
                    .map(xml -> new File("application/rss+xml; charset=utf-8", xml));
            if (feed.isPresent()) {
                return feed;
            }
        }
                if (path.endsWith(".md") || wantsMarkdown) {
            String pagePath = path.endsWith(".md") ? path.substring(0, path.length() - 3) : path;
            return site.content().page(pagePath.equals("/index") || pagePath.isEmpty() ? "/" : pagePath)
                    .filter(Page::isPublic)
                    .map(page -> new File(MARKDOWN, page.fullMarkdown().stripTrailing() + "\n\n" + feedbackLine("/" + page.path(), baseUrl)));
        }
        return Optional.empty();
    }

    /** The last line of every page's Markdown: how an agent tells the docs team whether the page helped. */
    String feedbackLine(String pagePath, String baseUrl) {
        String rest = "`POST /v1/feedback/" + site.domain() + "` with `{\"path\": \"" + pagePath + "\", \"helpful\": true}`";
        return "> Agents: send feedback on this page " + (mcp ? "with the MCP tool `feedback` (" + baseUrl + "/mcp) or " : "with ")
                + rest + ".\n";
    }

    /** The pages listed for agents and crawlers: public and indexable, in navigation order. */
    private List<Page> listed(Variant v) {
        return site.content().pages().stream().filter(p -> p.isPublic() && p.searchable())
                .filter(p -> v == null || v.includes(p)).toList();
    }

    private String llms(Variant v, String baseUrl) {
        StringBuilder s = new StringBuilder("# ").append(site.content().name()).append("\n\n");
        String description = site.content().docsJson() == null ? "" : site.content().docsJson().path("description").asText("");
        if (!description.isBlank()) {
            s.append("> ").append(description.strip().replace("\n", " ")).append("\n\n");
        }
        if (v.version() != null || v.language() != null) {
            s.append("Version: ").append(v.version() == null ? "-" : v.version())
                    .append(", language: ").append(v.language() == null ? "-" : v.language()).append("\n\n");
        }
        Map<String, List<Page>> sections = new LinkedHashMap<>();
        Set<String> placed = new LinkedHashSet<>();
        List<Page> pages = listed(v);
        Set<String> paths = new LinkedHashSet<>();
        pages.forEach(p -> paths.add(p.path()));
        collect(site.content().navigation().tree(), null, paths, sections, placed);
        List<Page> rest = pages.stream().filter(p -> !placed.contains(p.path())).toList();
        if (!rest.isEmpty()) {
            sections.computeIfAbsent("Other pages", k -> new ArrayList<>()).addAll(rest);
        }
        for (Map.Entry<String, List<Page>> section : sections.entrySet()) {
            s.append("## ").append(section.getKey()).append("\n\n");
            for (Page page : section.getValue()) {
                s.append("- [").append(page.navTitle()).append("](").append(baseUrl).append('/').append(page.path()).append(".md)");
                if (!page.description().isBlank()) {
                    s.append(": ").append(page.description().strip().replace("\n", " "));
                }
                s.append('\n');
            }
            s.append('\n');
        }
        List<Variant> others = variants.stream().filter(o -> o != v).toList();
        if (!others.isEmpty()) {
            s.append("## Optional\n\n");
            for (Variant o : others) {
                s.append("- [").append(label(o)).append("](").append(baseUrl).append(o.prefix()).append("/llms.txt)\n");
            }
            s.append('\n');
        }
        s.append("The whole documentation of this version and language as one Markdown file: ")
                .append(baseUrl).append(v.prefix()).append("/llms-full.txt\n");
        if (mcp) {
            // Agents that speak MCP search and read the site through its server rather than these files.
            s.append("\nMCP server (Streamable HTTP; tools to search and read these pages): ").append(baseUrl).append("/mcp\n");
        }
        return s.toString();
    }

    /** Pages under each navigation group, by the group's name (a page listed twice stays in its first group). */
    private void collect(NavItem item, String group, Set<String> wanted, Map<String, List<Page>> sections, Set<String> placed) {
        String here = item.kind() == NavItem.Kind.GROUP ? item.label() : group;
        if (item.page() != null && wanted.contains(item.page()) && placed.add(item.page())) {
            sections.computeIfAbsent(here == null ? "Pages" : here, k -> new ArrayList<>())
                    .add(site.content().pagesByPath().get(item.page()));
        }
        for (NavItem child : item.children()) {
            collect(child, here, wanted, sections, placed);
        }
    }

    private String llmsFull(Variant v, String baseUrl) {
        StringBuilder s = new StringBuilder();
        for (Page page : listed(v)) {
            String md = page.fullMarkdown();
            int firstLine = md.indexOf('\n');
            // Title line, then where the page lives, then the rest (the llms-full.txt convention).
            s.append(md, 0, firstLine).append("\nSource: ").append(baseUrl).append('/').append(page.path()).append('\n')
                    .append(md.substring(firstLine)).append("\n\n");
        }
        return s.toString();
    }

    private String sitemap(String baseUrl) {
        StringBuilder s = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        for (Page page : listed(null)) {
            s.append("  <url><loc>").append(xml(baseUrl + "/" + (page.path().equals("index") ? "" : page.path())))
                    .append("</loc></url>\n");
        }
        return s.append("</urlset>\n").toString();
    }

    /**
     * Crawlers may read everything listed; pages kept out of the index are disallowed by path. A
     * preview ({@link PreviewDomains}) disallows everything: it is a draft, never to be indexed.
     */
    private String robots(String baseUrl) {
        StringBuilder s = new StringBuilder("User-agent: *\n");
        if (PreviewDomains.isPreview(site.domain())) {
            return s.append("Disallow: /\n").toString();
        }
        List<String> kept = site.content().pages().stream().filter(p -> p.isPublic() && !p.searchable())
                .map(p -> "/" + p.path()).sorted().toList();
        String prefix = prefixOf(baseUrl);
        if (kept.isEmpty()) {
            s.append("Allow: /\n");
        }
        for (String path : kept) {
            s.append("Disallow: ").append(prefix).append(path).append('\n');
        }
        return s.append("\nSitemap: ").append(baseUrl).append("/sitemap.xml\n").toString();
    }

    /** The path part of the base URL ({@code /sites/acme}, or empty). */
    static String prefixOf(String baseUrl) {
        int scheme = baseUrl.indexOf("://");
        int slash = scheme < 0 ? -1 : baseUrl.indexOf('/', scheme + 3);
        return slash < 0 ? "" : baseUrl.substring(slash);
    }

    private static List<Variant> variants(Site site) {
        Navigation nav = site.content().navigation();
        List<String> versions = nav.versions().isEmpty() ? Collections.singletonList(null) : nav.versions();
        List<String> languages = nav.languages().isEmpty() ? Collections.singletonList(null) : nav.languages();
        List<Variant> out = new ArrayList<>();
        for (String version : versions) {
            for (String language : languages) {
                boolean defaultVersion = version == null || version.equals(nav.defaultVersion());
                boolean defaultLanguage = language == null || language.equals(nav.defaultLanguage());
                Variant v = new Variant(version, language, defaultVersion, defaultLanguage,
                        (defaultVersion ? "" : "/" + slug(version)) + (defaultLanguage ? "" : "/" + slug(language)));
                boolean any = site.content().pages().stream().anyMatch(p -> p.isPublic() && p.searchable() && v.includes(p));
                if (any || v.prefix().isEmpty()) {
                    out.add(v);
                }
            }
        }
        // The default variant first: it is /llms.txt.
        out.sort((a, b) -> Boolean.compare(!a.prefix().isEmpty(), !b.prefix().isEmpty()));
        return out;
    }

    private static String label(Variant v) {
        List<String> parts = new ArrayList<>();
        if (v.version() != null) {
            parts.add(v.version());
        }
        if (v.language() != null) {
            parts.add("language " + v.language());
        }
        return String.join(", ", parts);
    }

    static String slug(String label) {
        return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-").replaceAll("^-+|-+$", "");
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
