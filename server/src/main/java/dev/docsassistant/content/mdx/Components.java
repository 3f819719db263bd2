package dev.docsassistant.content.mdx;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The MDX components pages may use, each with the attributes it reads: Mintlify's documented
 * components (its {@code components/} and {@code create/} pages) and a few more the renderer
 * knows. A tag or attribute outside this list is reported when the site is read (its content is
 * still shown); {@code docs/mintlify.md} says what each one does here.
 */
public final class Components {
    /** Attributes any component takes. */
    private static final Set<String> COMMON = Set.of("className", "id", "key");
    private static final Set<String> ICON = Set.of("icon", "iconType");
    private static final Set<String> CALLOUT = Set.of("icon", "iconType", "color");

    private static final Map<String, Set<String>> ATTRIBUTES = Map.ofEntries(
            Map.entry("Note", CALLOUT), Map.entry("Info", CALLOUT), Map.entry("Tip", CALLOUT),
            Map.entry("Warning", CALLOUT), Map.entry("Check", CALLOUT), Map.entry("Danger", CALLOUT),
            Map.entry("Callout", CALLOUT), Map.entry("Caution", CALLOUT), Map.entry("Important", CALLOUT),
            Map.entry("Accordion", with(ICON, "title", "description", "defaultOpen")),
            Map.entry("AccordionGroup", Set.of()),
            Map.entry("Badge", with(ICON, "color", "size", "shape", "stroke", "disabled")),
            Map.entry("Card", with(ICON, "title", "color", "href", "horizontal", "img", "cta", "arrow", "type")),
            Map.entry("CardGroup", Set.of("cols")), Map.entry("Columns", Set.of("cols")), Map.entry("Column", Set.of()),
            Map.entry("CodeGroup", Set.of("dropdown")),
            Map.entry("RequestExample", Set.of("dropdown")), Map.entry("ResponseExample", Set.of("dropdown")),
            Map.entry("CodeBlock", Set.of("language", "filename", "icon", "lines", "wrap", "nocopy", "expandable", "highlight", "focus")),
            Map.entry("Color", Set.of("variant")), Map.entry("Color.Row", Set.of("title")),
            Map.entry("Color.Item", Set.of("name", "value")),
            Map.entry("Expandable", Set.of("title", "defaultOpen")),
            Map.entry("ParamField", Set.of("path", "query", "body", "header", "type", "required", "deprecated", "default", "placeholder")),
            Map.entry("ResponseField", Set.of("name", "type", "default", "required", "deprecated", "pre", "post")),
            Map.entry("Frame", Set.of("caption", "hint")),
            Map.entry("GitHub.Repo", Set.of("repo", "variant")),
            Map.entry("Icon", with(ICON, "src", "color", "size")),
            Map.entry("Kbd", Set.of()),
            Map.entry("Mermaid", Set.of("chart", "actions", "placement")),
            Map.entry("Panel", Set.of()),
            Map.entry("Prompt", with(ICON, "description", "actions")),
            Map.entry("Steps", Set.of("titleSize")),
            Map.entry("Step", with(ICON, "title", "stepNumber", "titleSize", "noAnchor")),
            Map.entry("Tabs", Set.of("defaultTabIndex", "sync", "borderBottom")),
            Map.entry("Tab", with(ICON, "title")),
            Map.entry("Tiles", Set.of("cols")),
            Map.entry("Tile", Set.of("href", "title", "description")),
            Map.entry("Tooltip", Set.of("tip", "headline", "cta", "href")),
            Map.entry("Tree", Set.of()), Map.entry("FileTree", Set.of()),
            Map.entry("Tree.Folder", Set.of("name", "defaultOpen", "openable", "highlight")),
            Map.entry("Tree.File", Set.of("name", "highlight")),
            Map.entry("Update", Set.of("label", "description", "tags", "rss")),
            Map.entry("View", with(ICON, "title")),
            Map.entry("Visibility", Set.of("for")));

    private Components() {
    }

    private static Set<String> with(Set<String> base, String... more) {
        return Stream.concat(base.stream(), Stream.of(more)).collect(Collectors.toUnmodifiableSet());
    }

    /** Whether pages may use this component. */
    public static boolean known(String name) {
        return ATTRIBUTES.containsKey(name);
    }

    /** Whether the component reads this attribute. */
    public static boolean reads(String name, String attribute) {
        Set<String> own = ATTRIBUTES.get(name);
        return own != null && (own.contains(attribute) || COMMON.contains(attribute));
    }

    /** Every component's name. */
    public static Set<String> names() {
        return ATTRIBUTES.keySet();
    }
}
