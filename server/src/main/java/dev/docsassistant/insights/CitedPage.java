package dev.docsassistant.insights;

/** A page an answer named as its source: the site path (with anchor) and its title. */
public record CitedPage(String path, String title) {
    /** The page without its section anchor: citations count per page. */
    public String page() {
        int hash = path.indexOf('#');
        return hash < 0 ? path : path.substring(0, hash);
    }
}
