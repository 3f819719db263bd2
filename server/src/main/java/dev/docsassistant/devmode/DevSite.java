package dev.docsassistant.devmode;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.LoadStats;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.deploy.SiteCheck;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.search.LiveSiteIndex;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.sites.Site;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One site folder as {@code dev} serves it: the last good content with its live index, and the
 * changed files not applied yet because they are broken. Applying a set of changed files re-reads
 * only the changed pages (all pages when docs.json, a snippet or another included file changed),
 * re-indexes only pages that differ, and keeps the last good version when the change brings new
 * problems (invalid docs.json, a missing {@code $ref}, broken front matter, a missing snippet).
 */
public final class DevSite implements AutoCloseable {
    /** Files whose change can alter any page: included by docs.json or by pages. */
    private static final Set<String> SHARED = Set.of("json", "yaml", "yml", "md", "mdx");

    private final SiteConfig config;
    private final Integrations integrations;
    private final LiveSiteIndex index;
    private final Path dir;
    private Site site;
    /** Changed page files not applied yet (their change was broken), and whether a whole re-read is owed. */
    private final Set<Path> pendingPages = new LinkedHashSet<>();
    private boolean pendingAll;
    /** docs.json changed (alone: other shared files make {@link #pendingAll}). */
    private boolean pendingDocsJson;
    private List<SiteProblem> blocking = List.of();
    /** The broken links of the content served (warnings: they never hold a change back). */
    private List<SiteProblem> links;

    /**
     * What applying changed files did.
     *
     * @param site     the site now served (the last good one when {@code problems} is not empty)
     * @param problems the new problems that kept the change from being applied; empty when it was
     * @param warnings broken links the change brought, or in the files it saved (it was applied with them)
     * @param pages    pages re-indexed
     * @param sections sections re-indexed
     * @param embedded sections embedded (the others came from the embedding cache)
     * @param seconds  reading plus indexing time
     */
    public record Outcome(Site site, List<SiteProblem> problems, List<SiteProblem> warnings, int pages, int sections, int embedded,
                          double seconds) {
        public boolean applied() {
            return problems.isEmpty();
        }

        public String summary() {
            return applied()
                    ? String.format(Locale.ROOT, "%d page%s re-indexed (%d sections, %d embedded) in %.0f ms",
                    pages, pages == 1 ? "" : "s", sections, embedded, seconds * 1000)
                    : problems.size() + " problem" + (problems.size() == 1 ? "" : "s") + "; still serving the last good version";
        }
    }

    private DevSite(SiteConfig config, Integrations integrations, LiveSiteIndex index, Site site, List<SiteProblem> links) {
        this.config = config;
        this.integrations = integrations;
        this.index = index;
        this.dir = config.path().toAbsolutePath().normalize();
        this.site = site;
        this.links = links;
    }

    /** Reads and indexes the folder (reusing an up-to-date index), keeping the index open for changes. */
    public static DevSite open(SiteConfig config, Path dataDir, SearchSettings settings, Integrations integrations) {
        long start = System.nanoTime();
        SiteContent content = SiteReader.read(config.path());
        LiveSiteIndex index = LiveSiteIndex.open(content, dataDir.resolve("indexes").resolve(config.domain()), settings);
        List<SiteProblem> links = SiteCheck.brokenLinks(content);
        LoadStats stats = new LoadStats(config.domain(), content.pages().size(), searchable(content), sections(content),
                (System.nanoTime() - start) / 1e9, index.opened().rebuilt(), index.opened().embeddingsComputed(),
                index.opened().embeddingSeconds(), problems(content, integrations, links));
        return new DevSite(config, integrations, index, new Site(config, content, index.search(), stats), links);
    }

    /** The site served now. */
    public synchronized Site site() {
        return site;
    }

    /** The problems keeping the latest changes from being served (empty when all changes are applied). */
    public synchronized List<SiteProblem> blocking() {
        return blocking;
    }

    /**
     * Applies changed files (absolute paths; existing, new or deleted). Files outside the site's
     * pages and included files (images, downloads) need no re-read: the next request serves them.
     */
    public synchronized Outcome apply(Collection<Path> changed) {
        long start = System.nanoTime();
        Set<String> saved = new LinkedHashSet<>();
        for (Path f : changed) {
            Path file = f.toAbsolutePath().normalize();
            if (!file.startsWith(dir) || ignored(dir.relativize(file).toString().replace('\\', '/'))) {
                continue;
            }
            String rel = dir.relativize(file).toString().replace('\\', '/');
            saved.add(rel);
            String name = file.getFileName().toString();
            String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT) : "";
            if (SiteReader.isPageFile(rel, name)) {
                // A page another page imports as a snippet changes that page too: not followed (pages keep no import list).
                pendingPages.add(file);
            } else if (rel.equals("docs.json")) {
                pendingDocsJson = true; // the navigation: pages it moves are read again, the others kept
            } else if (SHARED.contains(ext) || ext.isEmpty() && !Files.isRegularFile(file)) {
                pendingAll = true; // a $ref'd or OpenAPI file, a snippet, or a folder gone with its pages
            }
        }
        if (!pendingAll && !pendingDocsJson && pendingPages.isEmpty()) {
            return new Outcome(site, blocking, List.of(), 0, 0, 0, (System.nanoTime() - start) / 1e9);
        }
        SiteContent previous = site.content();
        SiteContent next;
        if (pendingAll) {
            next = SiteReader.read(dir);
        } else {
            next = pendingDocsJson ? SiteReader.withDocsJson(previous) : previous;
            next = pendingPages.isEmpty() ? next : SiteReader.withPages(next, pendingPages);
        }
        List<SiteProblem> added = newProblems(previous.problems(), next.problems());
        if (!added.isEmpty()) {
            blocking = added;
            return new Outcome(site, added, List.of(), 0, 0, 0, (System.nanoTime() - start) / 1e9);
        }
        LiveSiteIndex.Applied applied = index.apply(next);
        List<SiteProblem> nextLinks = SiteCheck.brokenLinks(next);
        Set<String> known = keys(links);
        List<SiteProblem> warnings = nextLinks.stream().filter(p -> saved.contains(p.file()) || !known.contains(key(p))).toList();
        links = nextLinks;
        double seconds = (System.nanoTime() - start) / 1e9;
        LoadStats stats = new LoadStats(config.domain(), next.pages().size(), searchable(next), sections(next), seconds,
                false, applied.embedded(), applied.seconds(), problems(next, integrations, nextLinks));
        site = new Site(config, next, applied.search(), stats);
        pendingPages.clear();
        pendingAll = false;
        pendingDocsJson = false;
        blocking = List.of();
        return new Outcome(site, List.of(), warnings, applied.pages(), applied.sections(), applied.embedded(), seconds);
    }

    /**
     * Problems of {@code next} that {@code previous} did not have, compared by file and message (a
     * problem that only moved lines is the same problem).
     */
    static List<SiteProblem> newProblems(List<SiteProblem> previous, List<SiteProblem> next) {
        Set<String> known = keys(previous);
        return next.stream().filter(p -> !known.contains(key(p))).toList();
    }

    /** A problem's file and message: the same problem on another line is the same problem. */
    private static String key(SiteProblem p) {
        return p.file() + "\u0000" + p.message();
    }

    private static Set<String> keys(List<SiteProblem> problems) {
        return problems.stream().map(DevSite::key).collect(Collectors.toSet());
    }

    static boolean ignored(String rel) {
        if (rel.equals(".mintlify") || rel.startsWith(".mintlify/") && !rel.substring(".mintlify/".length()).contains("/")) {
            return false; // the assistant's instructions (.mintlify/Assistant.md): a change reads the site again
        }
        return rel.startsWith(".") || rel.contains("/.") || rel.contains("node_modules/") || rel.isEmpty();
    }

    private static int searchable(SiteContent content) {
        return (int) content.pages().stream().filter(Page::searchable).count();
    }

    private static int sections(SiteContent content) {
        return content.pages().stream().filter(Page::searchable).mapToInt(p -> p.sections().size()).sum();
    }

    private static List<SiteProblem> problems(SiteContent content, Integrations integrations, List<SiteProblem> links) {
        List<SiteProblem> all = new ArrayList<>(integrations.siteProblems(content.docsJson()));
        all.addAll(content.problems());
        all.addAll(links);
        return List.copyOf(all);
    }

    @Override
    public synchronized void close() {
        index.close();
    }
}
