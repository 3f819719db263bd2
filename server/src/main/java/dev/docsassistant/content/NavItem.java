package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One entry of a site's navigation tree: a division (language, version, product, tab, anchor,
 * dropdown, menu item, group), a page reference or an external link.
 *
 * @param kind     what the entry is
 * @param label    its name as shown (the version label, the language code, the group name); null for pages
 * @param page     the normalised page path of a page entry, or a group's {@code root} page; else null
 * @param href     an external or relative link ({@code href} of a division, or a page entry that is a URL)
 * @param icon     the icon name given in docs.json, or null
 * @param hidden   {@code hidden: true} on this entry
 * @param isDefault {@code default: true} on a version or language
 * @param children the entries under it, in order
 * @param tag       a badge beside its name ({@code tag} of a group or a version), or null
 * @param expanded  {@code expanded: true}: a nested group shown open
 * @param directory the listing a group's root page shows of its pages ({@code directory}, inherited down
 *                  the tree): none, accordion or card
 */
public record NavItem(Kind kind, String label, String page, String href, String icon, boolean hidden,
                      boolean isDefault, List<NavItem> children, String tag, boolean expanded, String directory) {

    public NavItem(Kind kind, String label, String page, String href, String icon, boolean hidden,
                   boolean isDefault, List<NavItem> children) {
        this(kind, label, page, href, icon, hidden, isDefault, children, null, false, "none");
    }

    public enum Kind { ROOT, LANGUAGE, VERSION, PRODUCT, TAB, ANCHOR, DROPDOWN, MENU, GROUP, PAGE, LINK }

    static NavItem root(List<NavItem> children) {
        return new NavItem(Kind.ROOT, null, null, null, null, false, false, children);
    }

    static NavItem page(String ref) {
        if (ref.startsWith("http://") || ref.startsWith("https://")) {
            return new NavItem(Kind.LINK, ref, null, ref, null, false, false, List.of());
        }
        return new NavItem(Kind.PAGE, null, PagePaths.normalize(ref), null, null, false, false, List.of());
    }

    static NavItem of(JsonNode item, String rootPage, List<NavItem> children, String directory) {
        Kind kind = Kind.ROOT;
        String label = null;
        for (var k : List.of(Kind.LANGUAGE, Kind.VERSION, Kind.PRODUCT, Kind.TAB, Kind.ANCHOR, Kind.DROPDOWN, Kind.GROUP)) {
            String v = text(item, k.name().toLowerCase());
            if (v != null) {
                kind = k;
                label = v;
                break;
            }
        }
        if (kind == Kind.ROOT && text(item, "item") != null) {
            kind = Kind.MENU;
            label = text(item, "item");
        }
        if (kind == Kind.PRODUCT && text(item, "name") != null) {
            label = text(item, "name");
        }
        return new NavItem(kind, label, rootPage, text(item, "href"), text(item, "icon"),
                item.path("hidden").asBoolean(false), item.path("default").asBoolean(false), List.copyOf(children),
                text(item, "tag"), item.path("expanded").asBoolean(false), directory);
    }

    private static String text(JsonNode item, String key) {
        JsonNode v = item.get(key);
        return v != null && v.isTextual() && !v.textValue().isBlank() ? v.textValue() : null;
    }

    /** Whether this entry is a division that switches the whole sidebar (not a group or a page). */
    public boolean isSection() {
        return kind != Kind.GROUP && kind != Kind.PAGE && kind != Kind.LINK && kind != Kind.ROOT;
    }

    /** The first page under this entry (its own page first) that passes the test, depth first. */
    public Optional<String> firstPage(Predicate<String> test) {
        if (page != null && test.test(page)) {
            return Optional.of(page);
        }
        for (NavItem child : children) {
            if (!child.hidden()) {
                Optional<String> p = child.firstPage(test);
                if (p.isPresent()) {
                    return p;
                }
            }
        }
        return Optional.empty();
    }

    /** Whether the page sits anywhere under this entry (or is its root page). */
    public boolean contains(String pagePath) {
        if (pagePath.equals(page)) {
            return true;
        }
        for (NavItem child : children) {
            if (child.contains(pagePath)) {
                return true;
            }
        }
        return false;
    }
}
