package dev.docsassistant.content;

import dev.docsassistant.content.mdx.FrontMatter;
import dev.docsassistant.content.mdx.ComponentCheck;
import dev.docsassistant.content.mdx.DiagramCheck;
import dev.docsassistant.content.mdx.MdxToMarkdown;
import dev.docsassistant.content.mdx.NestingLimits;
import dev.docsassistant.content.mdx.Placeholders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Reads a site folder: docs.json (with {@code $ref}s), every {@code .md}/{@code .mdx} page, front
 * matter, MDX, snippets, the API reference pages of OpenAPI and AsyncAPI descriptions (ApiPages,
 * ApiNavigation), and decides which pages search may return.
 * Problems are collected, never thrown: a broken page is skipped and the rest loads.
 */
public final class SiteReader {
    /** Repository files at the site root that are not pages of the site. */
    private static final Set<String> REPO_FILES = Set.of("README.md", "CONTRIBUTING.md", "CODE_OF_CONDUCT.md",
            "SECURITY.md", "LICENSE.md", "AGENTS.md", "CLAUDE.md");

    private final Path dir;
    private final List<SiteProblem> problems = Collections.synchronizedList(new ArrayList<>());
    private JsonNode docsJson;
    /** docs.json {@code variables}: name → the text {@code {{name}}} stands for. */
    private Map<String, String> variables = Map.of();
    /** Whether {@code $…$} is math (docs.json {@code styling.latex}, on unless false). */
    private boolean latex = true;
    private ApiPages api;
    /** The site's .mintignore: files left out of the build. */
    private final MintIgnore ignore;

    private SiteReader(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
        this.ignore = MintIgnore.of(this.dir, message -> problems.add(SiteProblem.error(".mintignore", "", message)));
    }

    public static SiteContent read(Path dir) {
        return new SiteReader(dir).read((SiteContent) null);
    }

    /**
     * {@code previous} after a change of docs.json: the docs.json and navigation read again, and only
     * the pages whose place in the navigation changed (or all of them, when the OpenAPI files or the
     * indexing rule changed) read again; the others are kept as they were, problems included.
     */
    public static SiteContent withDocsJson(SiteContent previous) {
        return new SiteReader(previous.dir()).read(previous);
    }

    /** @param previous the content to keep the pages of where the navigation leaves them in place, or null */
    private SiteContent read(SiteContent previous) {
        docsJson = DocsJson.read(dir, problems);
        if (docsJson != null) {
            DocsJsonLinks.check(docsJson, problems);
            SiteLanguage.check(docsJson, problems);
            ContextualOptions.read(docsJson, problems); // the renderer reads it again; reported here, once
            RelatedSettings.read(docsJson, problems); // the same
            Appearance.read(docsJson, problems); // the same
        }
        AssistantSettings assistant = AssistantSettingsReader.read(dir, docsJson, problems);
        if (docsJson == null && previous != null) {
            // Unreadable: nothing to place the pages by; they stay as they were beside the problem.
            Set<String> pageFiles = new java.util.HashSet<>();
            previous.pages().forEach(page -> pageFiles.add(page.file()));
            previous.problems().stream().filter(p -> pageFiles.contains(p.file())).forEach(problems::add);
            return new SiteContent(dir, MissingNode.getInstance(), previous.navigation(), previous.pagesByPath(),
                    sorted(JsonLines.place(dir, problems)), assistant);
        }
        api = new ApiPages(dir, docsJson);
        variables = variables(docsJson);
        latex = latex(docsJson);
        ApiNavigation.Expanded expanded = ApiNavigation.expand(docsJson == null ? null : docsJson.get("navigation"),
                docsJson == null ? MissingNode.getInstance() : docsJson, api, problems);
        Navigation nav = Navigation.of(expanded.navigation());
        boolean indexAll = docsJson != null && "all".equals(docsJson.path("seo").path("indexing").asText());
        List<Path> files = pageFiles();
        Map<String, Path> byPath = new LinkedHashMap<>();
        for (Path f : files) {
            byPath.putIfAbsent(PagePaths.normalize(DocsJson.relative(dir, f)), f);
        }
        for (String navPath : nav.pages().keySet()) {
            if (!byPath.containsKey(navPath) && !expanded.pages().containsKey(navPath)) {
                problems.add(missingPage(nav, navPath));
            }
        }
        Map<String, Page> loaded = new ConcurrentHashMap<>();
        boolean keepPages = previous != null && docsJson != null
                && docsJson.path("api").equals(previous.docsJson().path("api"))
                && docsJson.path("variables").equals(previous.docsJson().path("variables"))
                && indexAll == "all".equals(previous.docsJson().path("seo").path("indexing").asText());
        Set<String> kept = ConcurrentHashMap.newKeySet();
        byPath.entrySet().parallelStream().forEach(e -> {
            Page before = keepPages ? previous.pagesByPath().get(e.getKey()) : null;
            NavPlacement placement = nav.pages().get(e.getKey());
            if (before != null && before.file().equals(DocsJson.relative(dir, e.getValue()))
                    && java.util.Objects.equals(before.nav(), placement)) {
                loaded.put(before.path(), before);
                kept.add(before.file());
            } else {
                readPage(e.getKey(), e.getValue(), placement, indexAll).ifPresent(p -> loaded.put(p.path(), p));
            }
        });
        if (previous != null) {
            previous.problems().stream().filter(p -> kept.contains(p.file()) && !RelatedLinks.isUnknownPage(p)).forEach(problems::add);
        }
        for (ApiNavigation.Generated g : expanded.pages().values()) {
            if (!loaded.containsKey(g.path())) {
                loaded.put(g.path(), generatedPage(g, g.inNavigation() ? nav.pages().get(g.path()) : null, indexAll, variables));
            }
        }
        problems.addAll(api.problems());
        // Navigation order first (it is the reading order of the site), then the other pages.
        Map<String, Page> ordered = new LinkedHashMap<>();
        nav.pages().keySet().forEach(p -> Optional.ofNullable(loaded.get(p)).ifPresent(page -> ordered.put(p, page)));
        byPath.keySet().forEach(p -> Optional.ofNullable(loaded.get(p)).ifPresent(page -> ordered.putIfAbsent(p, page)));
        expanded.pages().keySet().forEach(p -> Optional.ofNullable(loaded.get(p)).ifPresent(page -> ordered.putIfAbsent(p, page)));
        checkRelated(ordered, problems);
        return new SiteContent(dir, docsJson == null ? MissingNode.getInstance() : docsJson, nav,
                Collections.unmodifiableMap(ordered), sorted(JsonLines.place(dir, problems)), assistant);
    }

    /** docs.json's problems first, then by file. */
    private static List<SiteProblem> sorted(List<SiteProblem> problems) {
        List<SiteProblem> sorted = new ArrayList<>(new java.util.LinkedHashSet<>(problems)); // a description read again reports again
        sorted.sort((a, b) -> a.file().equals(b.file()) ? 0 : a.file().equals("docs.json") ? -1
                : b.file().equals("docs.json") ? 1 : a.file().compareTo(b.file()));
        return List.copyOf(sorted);
    }

    /**
     * {@code previous} with some page files read again (changed, added or deleted), everything else
     * kept as it was: the docs.json, the navigation and the other pages (the same objects). For
     * changes to anything else (docs.json, a snippet, an OpenAPI file) read the whole site again.
     *
     * @param files page files of the site ({@code .md}/{@code .mdx}), existing or not any more
     */
    public static SiteContent withPages(SiteContent previous, Collection<Path> files) {
        SiteReader reader = new SiteReader(previous.dir());
        reader.docsJson = previous.docsJson().isMissingNode() ? null : previous.docsJson();
        return reader.rereadPages(previous, files);
    }

    /**
     * The content of {@code dir}, a copy of {@code previous}'s folder in which only the page files
     * {@code files} differ (changed, added or deleted; docs.json, snippets and every other file the
     * same): as {@link #withPages}, with the pages in the order a full read gives them (navigation
     * first, then the other pages by file), so that it equals what {@link #read} returns.
     */
    public static SiteContent withPagesIn(SiteContent previous, Path dir, Collection<Path> files) {
        Path to = dir.toAbsolutePath().normalize();
        SiteContent moved = new SiteContent(to, previous.docsJson(), previous.navigation(), previous.pagesByPath(),
                previous.problems(), previous.assistant());
        SiteContent next = withPages(moved, files);
        Map<String, Page> ordered = new LinkedHashMap<>();
        next.navigation().pages().keySet().forEach(p -> Optional.ofNullable(next.pagesByPath().get(p)).ifPresent(page -> ordered.put(p, page)));
        next.pagesByPath().values().stream().filter(page -> !ordered.containsKey(page.path()))
                .sorted(java.util.Comparator.comparing(page -> to.resolve(page.file())))
                .forEach(page -> ordered.put(page.path(), page));
        return new SiteContent(to, next.docsJson(), next.navigation(), Collections.unmodifiableMap(ordered), next.problems(),
                next.assistant());
    }

    private SiteContent rereadPages(SiteContent previous, Collection<Path> files) {
        Navigation nav = previous.navigation();
        api = new ApiPages(dir, docsJson);
        variables = variables(docsJson);
        latex = latex(docsJson);
        boolean indexAll = docsJson != null && "all".equals(docsJson.path("seo").path("indexing").asText());
        Set<String> rels = new java.util.HashSet<>();
        Map<String, Page> loaded = new LinkedHashMap<>(previous.pagesByPath());
        for (Path f : files) {
            Path file = f.toAbsolutePath().normalize();
            String rel = DocsJson.relative(dir, file);
            rels.add(rel);
            String path = PagePaths.normalize(rel);
            loaded.values().removeIf(p -> p.file().equals(rel));
            if (SiteFiles.regularFileInside(dir, file) && isPageFile(rel, file.getFileName().toString()) && !ignore.ignored(rel)
                    && !loaded.containsKey(path)) {
                readPage(path, file, nav.pages().get(path), indexAll).ifPresent(p -> loaded.put(p.path(), p));
            }
        }
        List<SiteProblem> kept = new ArrayList<>(previous.problems().stream()
                .filter(p -> !rels.contains(p.file()) && !isMissingPage(p) && !RelatedLinks.isUnknownPage(p)).toList());
        kept.addAll(problems);
        kept.addAll(api.problems());
        for (String navPath : nav.pages().keySet()) {
            if (!loaded.containsKey(navPath)) {
                kept.add(missingPage(nav, navPath));
            }
        }
        Map<String, Page> ordered = new LinkedHashMap<>();
        nav.pages().keySet().forEach(p -> Optional.ofNullable(loaded.get(p)).ifPresent(page -> ordered.put(p, page)));
        loaded.forEach(ordered::putIfAbsent);
        checkRelated(ordered, kept);
        return new SiteContent(dir, previous.docsJson(), nav, Collections.unmodifiableMap(ordered),
                sorted(JsonLines.place(dir, kept)), previous.assistant());
    }

    /** Front matter {@code related} entries naming no page: checked over every page whenever any changed. */
    private void checkRelated(Map<String, Page> pages, List<SiteProblem> into) {
        SiteContent lookup = new SiteContent(dir, MissingNode.getInstance(), Navigation.of(null), pages, List.of(), null);
        RelatedLinks.check(pages.values(), lookup::page, into::add);
    }

    private static boolean isMissingPage(SiteProblem p) {
        return p.file().equals("docs.json") && p.message().startsWith("page '") && p.message().contains("' has no file ");
    }

    private static SiteProblem missingPage(Navigation nav, String navPath) {
        return SiteProblem.error("docs.json", nav.pointer(navPath),
                "page '" + navPath + "' has no file " + navPath + ".mdx or " + navPath + ".md");
    }

    private List<Path> pageFiles() {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> {
                        if (SiteFiles.linkOutside(dir, p)) {
                            SiteProblem problem = new SiteProblem(DocsJson.relative(dir, p), "", SiteFiles.LINK_OUTSIDE);
                            if (problems.stream().noneMatch(p2 -> p2.file().equals(problem.file()) && p2.message().equals(problem.message()))) {
                                // docs.json itself has been reported already (as an error)
                                problems.add(problem);
                            }
                            return false;
                        }
                        return Files.isRegularFile(p);
                    })
                    .filter(p -> isPageFile(DocsJson.relative(dir, p), p.getFileName().toString()))
                    .filter(p -> !ignore.ignored(DocsJson.relative(dir, p)))
                    .sorted()
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            problems.add(SiteProblem.error(".", "", "cannot list the site folder: " + e.getMessage()));
            return List.of();
        }
    }

    /** Whether a file (its path relative to the site folder, and its name) is a page of the site. */
    public static boolean isPageFile(String rel, String name) {
        return (name.endsWith(".mdx") || name.endsWith(".md"))
                && !rel.startsWith("snippets/") && !rel.contains("/.") && !rel.startsWith(".")
                && !rel.contains("node_modules/")
                && !(rel.equals(name) && REPO_FILES.contains(name));
    }

    private Optional<Page> readPage(String path, Path file, NavPlacement nav, boolean indexAll) {
        String rel = DocsJson.relative(dir, file);
        String text;
        try {
            text = Files.readString(file);
        } catch (MalformedInputException e) {
            problems.add(SiteProblem.error(rel, "", "not UTF-8 text; page skipped"));
            return Optional.empty();
        } catch (IOException e) {
            problems.add(SiteProblem.error(rel, "", "unreadable: " + e.getMessage()));
            return Optional.empty();
        }
        FrontMatter fm = FrontMatter.parse(text, (line, column, message) -> problems.add(SiteProblem.errorAt(rel, line, column, message)));
        NestingLimits.check(fm.body(), fm.bodyLine(), (line, column, message) -> problems.add(SiteProblem.errorAt(rel, line, column, message)));
        String body = Placeholders.variables(fm.body(), variables, name -> problems.add(placed(rel, text, "variables",
                "{{" + name, "{{" + name + "}} is not among docs.json variables; shown as written")));
        ComponentCheck.check(fm.body(), fm.bodyLine(), (line, column, message) -> problems.add(SiteProblem.at(rel, line, column, message)));
        DiagramCheck.check(fm.body(), fm.bodyLine(), latex, (line, column, message) -> problems.add(SiteProblem.at(rel, line, column, message)));
        String markdown = MdxToMarkdown.convertReporting(body, importPath -> snippet(dir, file, importPath,
                message -> problems.add(placed(rel, text, "import", importPath, message).asError())),
                (tag, prop) -> problems.add(placed(rel, text, "", "<" + tag.name(),
                        "<" + tag.name() + "> does not pass {" + prop + "}, which the snippet shows; shown as written")));
        PageApi pageApi = api.of(fm, (key, message) -> problems.add(placed(rel, text, key, key + ":", message))).orElse(null);
        String description = fm.string("description").orElse("");
        if (pageApi != null) {
            markdown = (markdown.isBlank() ? "" : markdown + "\n") + ApiPages.markdown(pageApi, true);
        }
        List<Section> sections = SectionSplitter.split(markdown);
        String title = fm.string("title").orElseGet(() -> pageApi instanceof PageApi.Operation op ? op.endpoint().title()
                : firstHeading(sections).orElse(fileTitle(path)));
        List<String> keywords = new ArrayList<>(fm.strings("keywords"));
        if (pageApi != null) {
            keywords.addAll(ApiPages.keywords(pageApi));
        }
        fm.string("sidebarTitle").filter(s -> !s.equals(title)).ifPresent(keywords::add);
        double boost = fm.number("boost").filter(b -> b > 0).orElse(nav == null ? 1.0 : nav.boost());
        if (nav != null && fm.bool("hidden").orElse(false)) {
            // Served by its URL, but neither the sidebar nor previous/next lists it.
            nav = nav.hiddenToo();
        }
        return Optional.of(new Page(path, rel, title, description, List.copyOf(keywords),
                List.copyOf(fm.strings("groups")), fm.string("tag").orElse(null), nav,
                searchable(fm, nav, indexAll), boost, markdown, sections, fm.string("sidebarTitle").orElse(null),
                fm.string("icon").filter(s -> !s.isBlank()).orElse(null), pageApi,
                fm.bool("public").orElse(nav != null && nav.open()),
                PageMeta.of(fm, RelatedLinks.of(fm, text, (line, column, message) -> problems.add(SiteProblem.at(rel, line, column, message))),
                        message -> problems.add(placed(rel, text, "mode", "mode:", message)))));
    }

    /**
     * A page made from an API description alone: {@code x-mint.metadata} is its front matter; a
     * one-paragraph description of the operation becomes the page's description, a longer one stays in the body.
     */
    private static Page generatedPage(ApiNavigation.Generated g, NavPlacement nav, boolean indexAll, Map<String, String> variables) {
        Map<String, Object> metadata = g.api() instanceof PageApi.Operation op ? op.endpoint().metadata() : Map.of();
        String title = metadata.get("title") instanceof String t ? t : switch (g.api()) {
            case PageApi.Operation op -> op.endpoint().title();
            case PageApi.Channel c -> c.channel().title();
            default -> g.path();
        };
        String own = g.api() instanceof PageApi.Operation op ? op.endpoint().description() : "";
        boolean shortDescription = !own.contains("\n\n") && own.length() <= 300;
        String description = metadata.get("description") instanceof String d ? d : shortDescription ? own : "";
        String content = g.api() instanceof PageApi.Operation op ? ApiPages.content(op.content(), variables) : "";
        String markdown = content + ApiPages.markdown(g.api(), !shortDescription || metadata.get("description") != null);
        List<String> keywords = ApiPages.keywords(g.api());
        List<String> groups = metadata.get("groups") instanceof List<?> l
                ? l.stream().filter(String.class::isInstance).map(String.class::cast).toList() : List.of();
        boolean searchable = indexAll || nav != null && !nav.excluded();
        String sidebarTitle = metadata.get("sidebarTitle") instanceof String s ? s : null;
        String file = switch (g.api()) {
            case PageApi.Operation op -> op.endpoint().file();
            case PageApi.Channel c -> c.spec().file();
            case PageApi.Schema s -> s.spec().file();
            case PageApi.Manual m -> "docs.json";
        };
        return new Page(g.path(), file, title, description, keywords, groups, null, nav, searchable,
                nav == null ? 1.0 : nav.boost(), markdown, SectionSplitter.split(markdown), sidebarTitle, null, g.api(),
                metadata.get("public") instanceof Boolean open ? open : nav != null && nav.open());
    }

    /** docs.json {@code styling.latex}: math is read unless it is {@code false}. */
    public static boolean latex(JsonNode docsJson) {
        return docsJson == null || docsJson.path("styling").path("latex").asBoolean(true);
    }

    /** docs.json {@code variables}: name → the text {@code {{name}}} stands for in pages. */
    public static Map<String, String> variables(JsonNode docsJson) {
        Map<String, String> values = new HashMap<>();
        if (docsJson != null) {
            docsJson.path("variables").fields().forEachRemaining(e -> {
                if (e.getValue().isValueNode()) {
                    values.put(e.getKey(), e.getValue().asText());
                }
            });
        }
        return Map.copyOf(values);
    }

    /**
     * The platform's rules: navigation pages are searchable; a hidden page or one under a hidden
     * item (unless that item is {@code searchable: true}, or the page says {@code hidden: false}) is
     * not, nor is a page outside the navigation, unless {@code seo.indexing} is "all".
     * {@code noindex: true} and {@code searchable: false} always keep a page out.
     */
    static boolean searchable(FrontMatter fm, NavPlacement nav, boolean indexAll) {
        if (fm.bool("noindex").orElse(false) || !fm.bool("searchable").orElse(true)) {
            return false;
        }
        if (indexAll) {
            return true;
        }
        Optional<Boolean> hidden = fm.bool("hidden");
        if (nav == null || hidden.orElse(false)) {
            return false;
        }
        return !nav.excluded() || hidden.isPresent();
    }

    /** A problem of a page, placed where {@code needle} (an import path, a front matter key) first shows in its text. */
    private static SiteProblem placed(String file, String text, String location, String needle, String message) {
        return new SiteProblem(file, location, message).placedAt(text, text.indexOf(needle));
    }

    /**
     * The body of an {@code .md}/{@code .mdx} snippet a page imports, or null when there is no text to
     * inline: a package import, a React component, or a missing file (reported to {@code problem}).
     */
    public static String snippet(Path siteDir, Path page, String importPath, Consumer<String> problem) {
        Path dir = siteDir.toAbsolutePath().normalize();
        if (importPath.startsWith("http:") || importPath.startsWith("https:") || !importPath.contains("/")
                && !importPath.startsWith(".")) {
            return null; // a package import such as "react": nothing to inline
        }
        Path target = (importPath.startsWith("/") ? dir.resolve(importPath.substring(1))
                : page.toAbsolutePath().getParent().resolve(importPath)).normalize();
        if (!target.startsWith(dir) || !Files.isRegularFile(target)) {
            problem.accept("snippet not found: " + importPath);
            return null;
        }
        if (!SiteFiles.resolvesInside(dir, target)) {
            problem.accept("snippet is a symbolic link leading outside the site folder: " + importPath);
            return null;
        }
        String name = target.getFileName().toString();
        if (!name.endsWith(".mdx") && !name.endsWith(".md")) {
            return null; // a React component: renders in the browser, has no text to index
        }
        try {
            return FrontMatter.parse(Files.readString(target), (line, column, message) -> { }).body();
        } catch (IOException e) {
            problem.accept("snippet unreadable: " + importPath);
            return null;
        }
    }

    private static Optional<String> firstHeading(List<Section> sections) {
        return sections.stream().map(Section::heading).filter(h -> h != null && !h.isBlank()).findFirst();
    }

    private static String fileTitle(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1).replace('-', ' ').replace('_', ' ');
        return name.isEmpty() ? "Home" : Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
