package dev.docsassistant.render;

import dev.docsassistant.content.NavItem;
import dev.docsassistant.content.NavItem.Kind;
import dev.docsassistant.content.Page;
import dev.docsassistant.integrations.spi.HtmlEncoder;

import java.util.Optional;

/**
 * The listing a group's root page shows of the group's pages and groups (docs.json {@code directory},
 * organize/navigation "Directory listings"): {@code accordion} lists them, nested groups folded;
 * {@code card} shows each as a card with its description. Hidden and unreadable pages are left out.
 */
final class DirectoryListing {
    private DirectoryListing() {
    }

    static void append(StringBuilder h, SiteLayout.Frame frame, NavView nav, String pagePath) {
        Optional<NavItem> group = rootedAt(nav.sidebarRoot(), pagePath);
        if (group.isEmpty() || group.get().directory().equals("none")) {
            return;
        }
        boolean cards = group.get().directory().equals("card");
        h.append("<nav class=\"directory\" aria-label=\"").append(HtmlEncoder.attr(group.get().label())).append("\">\n")
                .append(cards ? "<div class=\"card-group cols-2\">\n" : "<ul>\n");
        for (NavItem child : group.get().children()) {
            item(h, frame, nav, child, cards, pagePath);
        }
        h.append(cards ? "</div>\n" : "</ul>\n").append("</nav>\n");
    }

    private static Optional<NavItem> rootedAt(NavItem item, String pagePath) {
        if (item.kind() == Kind.GROUP && pagePath.equals(item.page())) {
            return Optional.of(item);
        }
        for (NavItem child : item.children()) {
            Optional<NavItem> found = rootedAt(child, pagePath);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    private static void item(StringBuilder h, SiteLayout.Frame frame, NavView nav, NavItem item, boolean cards, String self) {
        if (item.hidden()) {
            return;
        }
        if (item.kind() == Kind.GROUP) {
            Optional<String> first = item.firstPage(nav::listed);
            if (cards) {
                first.ifPresent(p -> card(h, frame.links().page(p), item.label(), ""));
                return;
            }
            h.append("<li><details class=\"accordion\"><summary>").append(HtmlEncoder.attr(item.label())).append("</summary><ul>\n");
            item.children().forEach(c -> item(h, frame, nav, c, false, self));
            h.append("</ul></details></li>\n");
            return;
        }
        if (item.kind() != Kind.PAGE || item.page().equals(self) || !nav.shown(item.page())) {
            return;
        }
        Page page = frame.site().page(item.page()).orElseThrow();
        String href = frame.links().page(page.path());
        if (cards) {
            card(h, href, page.navTitle(), page.description());
        } else {
            h.append("<li><a href=\"").append(HtmlEncoder.attr(href)).append("\">").append(HtmlEncoder.attr(page.navTitle())).append("</a>");
            if (!page.description().isEmpty()) {
                h.append(" <span class=\"directory-description\">").append(HtmlEncoder.attr(page.description())).append("</span>");
            }
            h.append("</li>\n");
        }
    }

    private static void card(StringBuilder h, String href, String title, String description) {
        h.append("<div class=\"card card-linked\"><a class=\"card-title card-link\" href=\"").append(HtmlEncoder.attr(href)).append("\">")
                .append(HtmlEncoder.attr(title)).append("</a>");
        if (!description.isEmpty()) {
            h.append("<p>").append(HtmlEncoder.attr(description)).append("</p>");
        }
        h.append("</div>\n");
    }
}
