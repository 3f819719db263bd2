package dev.docsassistant.content;

import java.util.List;

/**
 * One published page of a site.
 *
 * @param path        normalised page path ({@code specification/2025-06-18/server/tools})
 * @param file        the source file, relative to the site folder
 * @param title       front matter title, else the first heading, else the file name
 * @param description front matter description, or empty
 * @param keywords    front matter keywords
 * @param groups      access groups that may see the page; empty = public
 * @param tag         front matter tag, or null
 * @param nav         its navigation placement, or null when the page is not in the navigation
 * @param searchable  whether search and the assistant may return it (the platform's hidden-page rules)
 * @param boost       search ranking multiplier (front matter, else inherited from the navigation)
 * @param markdown    the page body as Markdown
 * @param sections    the body split at headings
 * @param sidebarTitle front matter sidebarTitle (the shorter name navigation shows), or null
 * @param icon        front matter icon (an icon name of the site's set, a URL or a site path), or null
 * @param api         the API description's part the page shows, or null for a page of prose
 * @param open        front matter {@code public: true} or under a navigation item marked so: readable without
 *                    signing in where the site asks readers to sign in ({@link SiteContent#forReaders})
 * @param meta        front matter settings of its layout and head (mode, external url, meta tags…)
 */
public record Page(String path, String file, String title, String description, List<String> keywords,
                   List<String> groups, String tag, NavPlacement nav, boolean searchable, double boost,
                   String markdown, List<Section> sections, String sidebarTitle, String icon, PageApi api,
                   boolean open, PageMeta meta) {
    /**
     * The access group every signed-in reader of a site holds: where a site asks readers to sign in, a
     * page without groups of its own (and not {@link #open}) is read with this one. The {@code @} keeps
     * it apart from the groups pages and keys name.
     */
    public static final String SIGNED_IN = "@signed-in";

    public Page {
        meta = meta == null ? PageMeta.NONE : meta;
    }

    public Page(String path, String file, String title, String description, List<String> keywords,
                List<String> groups, String tag, NavPlacement nav, boolean searchable, double boost,
                String markdown, List<Section> sections, String sidebarTitle, String icon, PageApi api,
                boolean open) {
        this(path, file, title, description, keywords, groups, tag, nav, searchable, boost, markdown, sections,
                sidebarTitle, icon, api, open, PageMeta.NONE);
    }

    public Page(String path, String file, String title, String description, List<String> keywords,
                List<String> groups, String tag, NavPlacement nav, boolean searchable, double boost,
                String markdown, List<Section> sections, String sidebarTitle, String icon, PageApi api) {
        this(path, file, title, description, keywords, groups, tag, nav, searchable, boost, markdown, sections,
                sidebarTitle, icon, api, nav != null && nav.open());
    }

    /** This page read only by readers holding {@code readWith} (the access groups it is stored and indexed with). */
    public Page withGroups(List<String> readWith) {
        return new Page(path, file, title, description, keywords, List.copyOf(readWith), tag, nav, searchable, boost,
                markdown, sections, sidebarTitle, icon, api, open, meta);
    }

    public Page(String path, String file, String title, String description, List<String> keywords,
                List<String> groups, String tag, NavPlacement nav, boolean searchable, double boost,
                String markdown, List<Section> sections, String sidebarTitle, String icon) {
        this(path, file, title, description, keywords, groups, tag, nav, searchable, boost, markdown, sections,
                sidebarTitle, icon, null);
    }

    /** The name the navigation shows: the sidebar title, else the title. */
    public String navTitle() {
        return sidebarTitle != null ? sidebarTitle : title;
    }

    public String version() {
        return nav == null ? null : nav.version();
    }

    public String language() {
        return nav == null ? null : nav.language();
    }

    public boolean isPublic() {
        return groups.isEmpty();
    }

    /** Whether a caller holding these access groups may see the page. */
    public boolean visibleTo(List<String> callerGroups) {
        return groups.isEmpty() || callerGroups.stream().anyMatch(groups::contains);
    }

    /** The page as one Markdown document: title, description, body. */
    public String fullMarkdown() {
        StringBuilder s = new StringBuilder("# ").append(title).append("\n\n");
        if (!description.isEmpty()) {
            s.append(description).append("\n\n");
        }
        return s.append(markdown).toString();
    }
}
