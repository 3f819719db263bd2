package dev.docsassistant.deploy;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.Redirects;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.sites.SiteLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a deployment is checked for, the same on the server and in {@code docs-assistant check}:
 * everything reading the site reports ({@link SiteProblem} says which are errors), its docs.json
 * integrations, a site without pages (an error), and internal links that lead nowhere (warnings).
 */
public final class SiteCheck {
    /** Markdown links {@code [text](target)} and HTML/JSX {@code href="target"}. */
    private static final Pattern LINK = Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)|\\bhref=[\"']([^\"']+)[\"']");

    private SiteCheck() {
    }

    /** A site read and checked. */
    public record Result(SiteContent content, List<SiteProblem> problems) {
        public boolean hasErrors() {
            return problems.stream().anyMatch(SiteProblem::isError);
        }
    }

    /** Reads and checks the site folder {@code dir}. */
    public static Result check(Path dir, Integrations integrations) {
        return check(SiteReader.read(dir), integrations);
    }

    /** Checks a site read already (in full, or as a new version of one read before: {@link SiteReader#withPagesIn}). */
    public static Result check(SiteContent content, Integrations integrations) {
        List<SiteProblem> problems = new ArrayList<>(SiteLoader.problems(content, integrations));
        if (content.pages().isEmpty() && problems.stream().noneMatch(SiteProblem::isError)) {
            problems.add(SiteProblem.error(".", "", "the site has no pages (.mdx or .md files)"));
        }
        problems.addAll(brokenLinks(content));
        return new Result(content, List.copyOf(problems));
    }

    /**
     * Links from a page to a path of this site that is neither a page, a file, nor a redirect's source,
     * each placed at its target in the page's file (unplaced when it came from a snippet the page imports).
     */
    public static List<SiteProblem> brokenLinks(SiteContent content) {
        Redirects redirects = Redirects.read(content.docsJson().path("redirects"), new ArrayList<>());
        List<SiteProblem> problems = new ArrayList<>();
        for (Page page : content.pages()) {
            Set<String> reported = new LinkedHashSet<>();
            String source = null;
            Matcher m = LINK.matcher(page.markdown());
            while (m.find()) {
                String target = m.group(1) != null ? m.group(1) : m.group(2);
                String path = internalPath(page, target);
                if (path != null && !exists(content, redirects, path) && reported.add(target)) {
                    source = source != null ? source : source(content, page);
                    problems.add(new SiteProblem(page.file(), "", "broken link: " + target + " is not a page or file of the site")
                            .placedAt(source, position(source, target)));
                }
            }
        }
        return problems;
    }

    /** The page's file as written (its markdown is converted: front matter gone, snippets inlined). */
    private static String source(SiteContent content, Page page) {
        try {
            return Files.readString(content.dir().resolve(page.file()));
        } catch (IOException | RuntimeException e) {
            return ""; // gone or unreadable since it was read: the problem stays unplaced
        }
    }

    /** Where the link's target first shows in the file: as a Markdown link's, an href's, or anywhere; -1 if not at all. */
    private static int position(String source, String target) {
        for (String before : List.of("](", "](<", "href=\"", "href='")) {
            int at = source.indexOf(before + target);
            if (at >= 0) {
                return at + before.length();
            }
        }
        return source.indexOf(target);
    }

    /** The site path a link names, or null for an external link, an anchor or a template expression. */
    private static String internalPath(Page page, String target) {
        if (target.isEmpty() || target.startsWith("#") || target.startsWith("//") || target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")
                || target.contains("{") || target.contains("$")) {
            return null;
        }
        String path = target.replaceAll("[?#].*$", "");
        if (path.isEmpty()) {
            return null;
        }
        if (!path.startsWith("/")) {
            String base = page.path().contains("/") ? page.path().substring(0, page.path().lastIndexOf('/') + 1) : "";
            path = "/" + base + path;
        }
        List<String> parts = new ArrayList<>();
        for (String part : path.split("/")) {
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else if (!part.isEmpty() && !part.equals(".")) {
                parts.add(part);
            }
        }
        return "/" + String.join("/", parts);
    }

    private static boolean exists(SiteContent content, Redirects redirects, String path) {
        if (content.page(path).isPresent() || redirects.match(path).isPresent()) {
            return true;
        }
        Path file = content.dir().resolve(path.substring(1)).normalize();
        return file.startsWith(content.dir()) && Files.exists(file);
    }
}
