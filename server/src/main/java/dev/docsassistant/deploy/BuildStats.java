package dev.docsassistant.deploy;

import java.util.Locale;

/**
 * Where one deployment's build (or load on another server) spent its time, and how much it indexed:
 * logged with every build, kept for the last build of each site ({@link Deployments#lastBuild}).
 *
 * @param deployment      the deployment's id
 * @param filesMs         materialising its files (linked from the version before it, the rest read from the store)
 * @param filesLinked     files linked or copied from the previous version's folder instead of read from the store
 * @param filesRead       files read from the store
 * @param checkMs         reading, parsing and checking every page ({@link SiteCheck})
 * @param indexMs         indexing (and embedding what the cache lacks)
 * @param incremental     whether the index was made from the previous version's (else built in full or reused)
 * @param pagesIndexed    pages whose documents were written (all searchable ones for a full build)
 * @param sectionsIndexed sections whose documents were written
 * @param embedded        sections embedded (missing from the embedding cache)
 */
public record BuildStats(String deployment, long filesMs, int filesLinked, int filesRead, long checkMs, long indexMs,
                         boolean incremental, int pagesIndexed, int sectionsIndexed, int embedded) {

    public String summary() {
        return String.format(Locale.ROOT, "files %d ms (%d linked, %d read from the store), check %d ms, index %d ms (%s: %d pages,"
                        + " %d sections written, %d embedded)", filesMs, filesLinked, filesRead, checkMs, indexMs,
                incremental ? "incremental" : "full or reused", pagesIndexed, sectionsIndexed, embedded);
    }
}
