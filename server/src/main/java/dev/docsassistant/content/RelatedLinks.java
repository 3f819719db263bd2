package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.content.mdx.FrontMatter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A page's front matter {@code related} (Mintlify's {@code organize/related-pages}): the pages its
 * "Related topics" section lists, in place of the automatic ones, or {@code false} for no section.
 * Each entry is a root-relative path of a page of the site, an absolute URL, or a {@code Title: link}
 * object; an internal entry without a title takes the page's.
 *
 * @param state whether the page lists its own pages, hides the section, or leaves it to the site
 * @param links the listed entries, in the page's order
 */
public record RelatedLinks(State state, List<Link> links) {
    /** What the page says. */
    public enum State { UNSET, LISTED, HIDDEN }

    public static final RelatedLinks UNSET = new RelatedLinks(State.UNSET, List.of());
    public static final RelatedLinks HIDDEN = new RelatedLinks(State.HIDDEN, List.of());
    /** The start of every problem {@link #check} reports, so a partial re-read can drop the old ones. */
    static final String UNKNOWN = "related: ";

    public RelatedLinks {
        links = List.copyOf(links);
    }

    /**
     * One entry.
     *
     * @param title  the entry's own title, or null (an internal entry takes the page's)
     * @param target an absolute URL checked by {@link SafeUrl}, or the page path as written ({@code /guides/x#part})
     * @param line   where the entry is written in the page's file (1-based), for problems
     * @param column its column there
     */
    public record Link(String title, String target, boolean external, int line, int column) {
        /** The normalised path of the page an internal entry names. */
        public String pagePath() {
            return PagePaths.normalize(target);
        }
    }

    /**
     * The page's {@code related}; an entry of another shape or a refused URL is reported to
     * {@code problem} (at its line and column in {@code text}) and left out.
     */
    public static RelatedLinks of(FrontMatter fm, String text, FrontMatter.Problems problem) {
        JsonNode node = fm.fields().get("related");
        if (node == null || node.isNull()) {
            return UNSET;
        }
        int key = Math.max(0, text.indexOf("related:"));
        if (node.isBoolean() && !node.booleanValue() || node.isTextual() && node.asText().strip().equals("false")) {
            return HIDDEN;
        }
        if (!node.isArray()) {
            place(text, key, (line, column) -> problem.at(line, column,
                    "related must be a list of pages (a path, a URL or Title: link) or false; ignored"));
            return UNSET;
        }
        List<Link> links = new ArrayList<>();
        int from = key;
        for (JsonNode item : node) {
            String title = null;
            JsonNode value = item;
            if (item.isObject() && item.size() == 1) {
                Map.Entry<String, JsonNode> only = item.properties().iterator().next();
                title = only.getKey().strip();
                value = only.getValue();
            }
            String raw = value.isTextual() ? value.asText().strip() : null;
            int at = raw == null || raw.isEmpty() ? -1 : text.indexOf(raw, from);
            at = at < 0 ? from : at;
            from = at;
            if (raw == null || raw.isEmpty() || title != null && title.isEmpty()) {
                place(text, at, (line, column) -> problem.at(line, column,
                        "a related entry is a path, a URL or a Title: link object; left out"));
                continue;
            }
            Optional<String> checked = SafeUrl.link(raw);
            if (checked.isEmpty() || checked.get().startsWith("#") || checked.get().startsWith("?")) {
                place(text, at, (line, column) -> problem.at(line, column, "related link '" + raw + "' is refused; left out"));
                continue;
            }
            String t = title;
            place(text, at, (line, column) -> links.add(new Link(t, checked.get(), SafeUrl.hasScheme(checked.get()), line, column)));
        }
        return new RelatedLinks(State.LISTED, links);
    }

    /**
     * Reports every internal entry that names no page of the site ({@code page} looks one up by any
     * spelling), at the entry's line and column in its page's file.
     */
    public static void check(Iterable<Page> pages, Function<String, Optional<Page>> page, Consumer<SiteProblem> problems) {
        for (Page p : pages) {
            for (Link link : p.meta().related().links()) {
                if (!link.external() && page.apply(link.pagePath()).isEmpty()) {
                    problems.accept(SiteProblem.at(p.file(), link.line(), link.column(), UNKNOWN + "'" + link.target()
                            + "' is not a page of the site; left out of Related topics"));
                }
            }
        }
    }

    /** Whether {@code problem} is one {@link #check} reports (checked again whenever pages change). */
    static boolean isUnknownPage(SiteProblem problem) {
        return problem.message().startsWith(UNKNOWN) && problem.message().endsWith("left out of Related topics");
    }

    private interface At {
        void at(int line, int column);
    }

    private static void place(String text, int offset, At at) {
        SiteProblem placed = new SiteProblem("", "", "").placedAt(text, offset);
        at.at(placed.line(), placed.column());
    }
}
