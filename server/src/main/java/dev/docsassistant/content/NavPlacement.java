package dev.docsassistant.content;

/**
 * Where a page sits in the site's navigation.
 *
 * @param version    the enclosing {@code versions[].version} label, or null
 * @param language   the enclosing {@code languages[].language} code, or null
 * @param tab        the enclosing tab name, or null
 * @param group      the innermost group name, or null
 * @param hidden     under a hidden tab, group or other item, or {@code hidden: true} itself (not shown in the sidebar)
 * @param excluded   kept out of search by a hidden ancestor that is not marked {@code searchable: true}
 * @param boost      the search boost inherited from the nearest ancestor that sets one (1 if none)
 * @param open       under an item marked {@code "public": true}: readable without signing in to a private site
 */
public record NavPlacement(String version, String language, String tab, String group,
                           boolean hidden, boolean excluded, double boost, boolean open) {
    static final NavPlacement ROOT = new NavPlacement(null, null, null, null, false, false, 1, false);

    public NavPlacement(String version, String language, String tab, String group, boolean hidden, boolean excluded,
                        double boost) {
        this(version, language, tab, group, hidden, excluded, boost, false);
    }

    /** The same place, for a page that keeps itself out of the sidebar. */
    NavPlacement hiddenToo() {
        return new NavPlacement(version, language, tab, group, true, excluded, boost, open);
    }
}
