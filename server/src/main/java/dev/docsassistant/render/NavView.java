package dev.docsassistant.render;

import dev.docsassistant.content.NavItem;
import dev.docsassistant.content.NavItem.Kind;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where a page sits in its site's navigation, as the layout needs it: the chain of entries from
 * the root down to the page, the sidebar of its innermost section, the tabs and the version and
 * language switchers around it. A page outside the navigation (hidden) gets the first section's sidebar.
 */
final class NavView {
    private final SiteContent content;
    private final List<NavItem> trail;

    NavView(SiteContent content, String pagePath) {
        this.content = content;
        NavItem root = content.navigation().tree();
        List<NavItem> found = new ArrayList<>();
        if (!pathTo(root, pagePath, found)) {
            found.clear();
            root.firstPage(this::listed).ifPresent(first -> pathTo(root, first, found));
        }
        if (found.isEmpty()) {
            found.add(root);
        }
        this.trail = List.copyOf(found);
    }

    private static boolean pathTo(NavItem item, String pagePath, List<NavItem> out) {
        out.add(item);
        if (pagePath.equals(item.page())) {
            return true;
        }
        for (NavItem child : item.children()) {
            if (pathTo(child, pagePath, out)) {
                return true;
            }
        }
        out.remove(out.size() - 1);
        return false;
    }

    /** A page that exists and anyone may read. */
    boolean listed(String path) {
        return content.page(path).filter(Page::isPublic).isPresent();
    }

    /** A page the sidebar and previous/next list: readable and not hidden. */
    boolean shown(String path) {
        return content.page(path).filter(p -> p.isPublic() && (p.nav() == null || !p.nav().hidden())).isPresent();
    }

    /** The innermost section (tab, version, language, anchor…) holding the page, or the root. */
    NavItem sidebarRoot() {
        for (int i = trail.size() - 1; i >= 0; i--) {
            NavItem item = trail.get(i);
            if (item.isSection() || item.kind() == Kind.ROOT) {
                return item;
            }
        }
        return trail.get(0);
    }

    /** The entries from the root down to the current page (or to the first page, for a page outside the navigation). */
    List<NavItem> trail() {
        return trail;
    }

    /** The choices at the level where the trail passes through an entry of this kind; empty if none. */
    Optional<Choice> choice(Kind kind) {
        for (int i = 1; i < trail.size(); i++) {
            NavItem item = trail.get(i);
            if (item.kind() == kind) {
                List<NavItem> siblings = trail.get(i - 1).children().stream()
                        .filter(c -> c.kind() == kind && (!c.hidden() || c == item)).toList();
                return Optional.of(new Choice(item, siblings));
            }
        }
        return Optional.empty();
    }

    /** The current page's counterpart under another entry: the page sharing the longest path ending, else its first page. */
    Optional<String> counterpart(NavItem target, String currentPath) {
        if (target.href() != null && target.children().isEmpty()) {
            return Optional.empty();
        }
        List<String> pages = new ArrayList<>();
        collect(target, pages);
        String[] mine = currentPath.split("/");
        String best = null;
        int bestScore = 0;
        for (String p : pages) {
            int score = commonSuffix(mine, p.split("/"));
            if (score > bestScore) {
                bestScore = score;
                best = p;
            }
        }
        return best != null ? Optional.of(best) : target.firstPage(this::listed);
    }

    private void collect(NavItem item, List<String> pages) {
        if (item.page() != null && listed(item.page())) {
            pages.add(item.page());
        }
        item.children().forEach(c -> collect(c, pages));
    }

    private static int commonSuffix(String[] a, String[] b) {
        int n = 0;
        while (n < a.length && n < b.length && a[a.length - 1 - n].equals(b[b.length - 1 - n])) {
            n++;
        }
        return n;
    }

    /** The readable pages of the sidebar, in order, for previous/next links. */
    List<String> sidebarPages() {
        java.util.Set<String> pages = new java.util.LinkedHashSet<>();
        collectVisible(sidebarRoot(), pages);
        return List.copyOf(pages);
    }

    private void collectVisible(NavItem item, java.util.Set<String> pages) {
        if (item.hidden()) {
            return;
        }
        if (item.page() != null && shown(item.page())) {
            pages.add(item.page());
        }
        for (NavItem c : item.children()) {
            if (!c.isSection()) {
                collectVisible(c, pages);
            }
        }
    }

    /** The entry the trail passes through and the entries it could be switched for. */
    record Choice(NavItem current, List<NavItem> options) {
        boolean isSwitch() {
            return options.size() > 1;
        }
    }

    static String label(NavItem item) {
        return item.label() != null ? item.label() : item.kind().name().toLowerCase();
    }

    static List<Kind> switchKinds() {
        return Arrays.asList(Kind.PRODUCT, Kind.DROPDOWN, Kind.ANCHOR, Kind.MENU);
    }
}
