package dev.docsassistant.render;

import dev.docsassistant.content.NavItem;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The sidebar of each navigation section, rendered once per place the site is served and kept: a
 * section of a thousand generated endpoint pages would otherwise be written link by link, and its
 * page order walked, for every request. A kept sidebar knows where each page's link and each
 * sub-group's disclosure sit, so a page only marks its own link active and opens the groups on its way.
 */
final class Sidebars {
    private static final String ACTIVE = " class=\"active\" aria-current=\"page\"";
    private static final String OPEN = " open";

    /** A section's entries as HTML, with where the per-page marks go, and its pages in order (for the pager). */
    static final class Sidebar {
        private final String html;
        private final Map<String, List<Integer>> links;
        private final Map<NavItem, Integer> groups;
        private final List<String> pages;

        private Sidebar(String html, Map<String, List<Integer>> links, Map<NavItem, Integer> groups, List<String> pages) {
            this.html = html;
            this.links = links;
            this.groups = groups;
            this.pages = pages;
        }

        /** The readable, shown pages of the section, in order, each once. */
        List<String> pages() {
            return pages;
        }

        /**
         * The entries for one page: its links marked current, the sub-groups on its way open.
         *
         * @param pagePath the page's path, or null (the 404 and search pages)
         * @param trail    the entries from the root to the page
         */
        void appendTo(StringBuilder h, String pagePath, List<NavItem> trail) {
            List<int[]> marks = new ArrayList<>(); // {offset, 0 = active, 1 = open}
            if (pagePath != null) {
                links.getOrDefault(pagePath, List.of()).forEach(at -> marks.add(new int[] {at, 0}));
            }
            for (NavItem item : trail) {
                Integer at = groups.get(item);
                if (at != null) {
                    marks.add(new int[] {at, 1});
                }
            }
            marks.sort((a, b) -> Integer.compare(a[0], b[0]));
            int from = 0;
            for (int[] mark : marks) {
                h.append(html, from, mark[0]).append(mark[1] == 0 ? ACTIVE : OPEN);
                from = mark[0];
            }
            h.append(html, from, html.length());
        }
    }

    /** Writes a section's sidebar, telling the writer where marks go. */
    interface Writer {
        /** Marks the place, in {@code h}, of a link to {@code pagePath} (where its active class goes). */
        void link(String pagePath, int at);

        /** Marks the place, in {@code h}, of a sub-group's disclosure (where {@code open} goes). */
        void group(NavItem group, int at);
    }

    private record Key(String base, NavItem root) {
        // A section by identity: two sections of equal content (the same groups under two versions) are still two.
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.root == root && k.base.equals(base);
        }

        @Override
        public int hashCode() {
            return base.hashCode() * 31 + System.identityHashCode(root);
        }
    }

    private final Map<Key, Sidebar> kept = new ConcurrentHashMap<>();

    /**
     * The sidebar of a section where the site is served at {@code base}, rendered by {@code render} the
     * first time: it writes the entries into the builder and returns the section's pages in order.
     */
    Sidebar of(String base, NavItem root, Function<Writer, RenderedEntries> render) {
        return kept.computeIfAbsent(new Key(base, root), k -> {
            Map<String, List<Integer>> links = new java.util.HashMap<>();
            Map<NavItem, Integer> groups = new IdentityHashMap<>();
            RenderedEntries entries = render.apply(new Writer() {
                @Override
                public void link(String pagePath, int at) {
                    links.computeIfAbsent(pagePath, p -> new ArrayList<>()).add(at);
                }

                @Override
                public void group(NavItem group, int at) {
                    groups.put(group, at);
                }
            });
            links.replaceAll((p, at) -> List.copyOf(at));
            return new Sidebar(entries.html(), Map.copyOf(links), groups, List.copyOf(new LinkedHashSet<>(entries.pages())));
        });
    }

    /** What rendering a section's entries gave: their HTML and its pages in order. */
    record RenderedEntries(String html, List<String> pages) {
    }
}
