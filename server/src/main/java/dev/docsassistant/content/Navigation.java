package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Walks a docs.json {@code navigation} of any shape (tabs, anchors, dropdowns, products, menu,
 * versions, languages, nested groups, group roots) and places every page reference in it.
 * A page listed twice keeps its first placement.
 */
public final class Navigation {
    /** Child lists a navigation item may hold, in the order they are walked. */
    private static final List<String> CHILDREN = List.of(
            "languages", "versions", "products", "tabs", "anchors", "dropdowns", "menu", "groups", "pages");

    /** The values of {@code directory} (organize/navigation "Directory listings"). */
    public static final List<String> DIRECTORY = List.of("none", "accordion", "card");

    private final Map<String, NavPlacement> pages = new LinkedHashMap<>();
    private final Map<String, String> pointers = new LinkedHashMap<>();
    private final List<String> versions = new ArrayList<>();
    private final List<String> languages = new ArrayList<>();
    private String defaultVersion;
    private String defaultLanguage;
    private NavItem tree = NavItem.root(List.of());

    private Navigation() {
    }

    public static Navigation of(JsonNode navigation) {
        Navigation nav = new Navigation();
        if (navigation != null && navigation.isObject()) {
            nav.tree = nav.walk(navigation, NavPlacement.ROOT, "/navigation", "none");
        }
        return nav;
    }

    /** @param directory the {@code directory} listing inherited from the items above */
    private NavItem walk(JsonNode item, NavPlacement parent, String pointer, String directory) {
        NavPlacement here = place(item, parent);
        String listing = item.path("directory").isTextual() && DIRECTORY.contains(item.path("directory").textValue())
                ? item.path("directory").textValue() : directory;
        JsonNode root = item.get("root");
        String rootPage = null;
        if (root != null && root.isTextual()) {
            addPage(root.textValue(), here, pointer + "/root");
            rootPage = PagePaths.normalize(root.textValue());
        }
        List<NavItem> items = new ArrayList<>();
        for (String key : CHILDREN) {
            JsonNode children = item.get(key);
            if (children == null || !children.isArray()) {
                continue;
            }
            for (int i = 0; i < children.size(); i++) {
                JsonNode child = children.get(i);
                String childPointer = pointer + "/" + key + "/" + i;
                if (child.isTextual()) {
                    addPage(child.textValue(), here, childPointer);
                    items.add(NavItem.page(child.textValue()));
                } else if (child.isObject()) {
                    items.add(walk(child, here, childPointer, listing));
                }
            }
        }
        return NavItem.of(item, rootPage, items, listing);
    }

    private NavPlacement place(JsonNode item, NavPlacement parent) {
        String version = parent.version();
        String language = parent.language();
        String tab = parent.tab();
        String group = parent.group();
        if (text(item, "version") != null) {
            version = text(item, "version");
            remember(versions, version, item, true);
        }
        if (text(item, "language") != null) {
            language = text(item, "language");
            remember(languages, language, item, false);
        }
        if (text(item, "tab") != null) {
            tab = text(item, "tab");
        }
        if (text(item, "group") != null) {
            group = text(item, "group");
        }
        boolean hidden = parent.hidden();
        boolean excluded = parent.excluded();
        if (item.path("hidden").asBoolean(false)) {
            hidden = true;
            // A hidden item keeps its pages out of search unless it says searchable: true;
            // a hidden descendant without it excludes again.
            excluded = !item.path("searchable").asBoolean(false);
        }
        double boost = item.path("boost").isNumber() && item.path("boost").asDouble() > 0
                ? item.path("boost").asDouble() : parent.boost();
        // "public": true on a group (any navigation item) opens its pages to readers who have not signed in.
        boolean open = parent.open() || item.path("public").asBoolean(false);
        return new NavPlacement(version, language, tab, group, hidden, excluded, boost, open);
    }

    private void remember(List<String> list, String value, JsonNode item, boolean isVersion) {
        if (!list.contains(value)) {
            list.add(value);
        }
        if (item.path("default").asBoolean(false)) {
            if (isVersion && defaultVersion == null) {
                defaultVersion = value;
            } else if (!isVersion && defaultLanguage == null) {
                defaultLanguage = value;
            }
        }
    }

    private void addPage(String ref, NavPlacement placement, String pointer) {
        String path = PagePaths.normalize(ref);
        if (!path.isEmpty() && !ref.startsWith("http://") && !ref.startsWith("https://")
                && pages.putIfAbsent(path, placement) == null) {
            pointers.put(path, pointer);
        }
    }

    private static String text(JsonNode item, String key) {
        JsonNode v = item.get(key);
        return v != null && v.isTextual() && !v.textValue().isBlank() ? v.textValue() : null;
    }

    /** Page path (normalised, no leading slash or extension) → its first placement, in navigation order. */
    public Map<String, NavPlacement> pages() {
        return pages;
    }

    /** The JSON Pointer (into docs.json) of a page's first navigation entry. */
    public String pointer(String path) {
        return pointers.getOrDefault(path, "/navigation");
    }

    /** The navigation as a tree, in docs.json order, for sidebars, tabs and switchers. */
    public NavItem tree() {
        return tree;
    }

    public List<String> versions() {
        return versions;
    }

    public List<String> languages() {
        return languages;
    }

    /** The version marked {@code default: true}, else the first one, else null. */
    public String defaultVersion() {
        return defaultVersion != null ? defaultVersion : versions.isEmpty() ? null : versions.get(0);
    }

    /** The language marked {@code default: true}, else the first one, else null. */
    public String defaultLanguage() {
        return defaultLanguage != null ? defaultLanguage : languages.isEmpty() ? null : languages.get(0);
    }
}
