package dev.docsassistant.content;

/** Receives loading progress (for a progress bar on a terminal). */
public interface Progress {
    Progress NONE = (site, phase, done, total) -> {
    };

    /**
     * @param site  the site's domain
     * @param phase what is happening ("reading", "indexing")
     * @param done  units finished so far
     * @param total units in all
     */
    void update(String site, String phase, int done, int total);
}
