package dev.docsassistant.search;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A site's search index held open for writing, so that new content is applied in place (the
 * {@code dev} command's loop): only the pages that differ from the previous content have their
 * documents deleted and added again (section texts embedded before come from the embedding cache),
 * and a near-real-time reader sees them at once, with no rebuild and no commit.
 *
 * <p>Readers are shared by reference counting, as Lucene's {@code ReferenceManager} does: the index
 * holds a reference to the newest reader, every search it hands out ({@link #search}, {@link
 * Applied#search}) holds one of its own until it is closed, and every running query holds one while it
 * runs. A reader closes when the last of them lets go, so replacing a version never closes a reader
 * another version or a running query still reads; a version closed before a request that looked it
 * up could search answers from the newest one.
 *
 * <p>Closing rolls the writer back: the index on disk stays the last full build, whose fingerprint
 * says which content it holds, so the next start reuses it or rebuilds it as usual.
 */
public final class LiveSiteIndex implements AutoCloseable {
    private final SearchSettings settings;
    private final Directory directory;
    private final IndexWriter writer;
    private final LuceneSiteSearch opened;
    /** Sections by their {@code ord} doc value; the slots of deleted documents stay (no live document names them). */
    private final List<IndexedSection> sections;
    /** The ords of each indexed page's documents. */
    private final Map<String, long[]> ordsByPage = new HashMap<>();
    /** The content applied last and its reader, whose reference this index holds. */
    private volatile LuceneSiteSearch current;
    private volatile boolean closed;

    /**
     * What applying new content did.
     *
     * @param search   the search over the new content, holding its own reference: the caller closes it
     * @param pages    pages whose documents were replaced (added, changed or removed)
     * @param sections sections indexed for them
     * @param embedded sections embedded (not found in the embedding cache)
     * @param seconds  the time it took
     */
    public record Applied(LuceneSiteSearch search, int pages, int sections, int embedded, double seconds) {
    }

    private LiveSiteIndex(SearchSettings settings, LuceneSiteSearch opened) throws IOException {
        this.settings = settings;
        this.opened = opened;
        SiteIndex first = opened.index();
        this.directory = first.reader.directory();
        this.writer = new IndexWriter(directory, new IndexWriterConfig(SiteIndex.analyzer())
                .setOpenMode(IndexWriterConfig.OpenMode.APPEND)
                .setUseCompoundFile(false));
        this.sections = new ArrayList<>(first.sections);
        for (int ord = 0; ord < sections.size(); ord++) {
            String path = sections.get(ord).page().path();
            long[] ords = ordsByPage.get(path);
            long[] grown = ords == null ? new long[1] : java.util.Arrays.copyOf(ords, ords.length + 1);
            grown[grown.length - 1] = ord;
            ordsByPage.put(path, grown);
        }
        this.current = new LuceneSiteSearch(opened.site(), new SiteIndex(List.copyOf(sections),
                DirectoryReader.open(writer), false, first.vectors, first.centre, 0, 0, false), this::search);
        first.reader.close(); // the directory stays open: the writer and the readers to come use it
    }

    /** Indexes (or reuses the index of) a site as {@link LuceneSiteSearch#open} does, and holds it open for changes. */
    public static LiveSiteIndex open(SiteContent site, Path indexDir, SearchSettings settings) {
        LuceneSiteSearch opened = LuceneSiteSearch.open(site, indexDir, settings);
        try {
            return new LiveSiteIndex(settings, opened);
        } catch (IOException e) {
            opened.close();
            throw new UncheckedIOException("cannot open the search index for changes: " + e.getMessage(), e);
        }
    }

    /**
     * The search over the content applied last, holding a reference of its own to the reader (the
     * caller closes it). When the version read was replaced and its reader closed before the
     * reference was taken, the newer version is taken instead.
     */
    public LuceneSiteSearch search() {
        while (true) {
            if (closed) {
                throw new AlreadyClosedException("the live search index is closed");
            }
            LuceneSiteSearch newest = current;
            if (newest.index().tryAcquire()) {
                return new LuceneSiteSearch(newest.site(), newest.index(), this::search);
            }
        }
    }

    /** Whether opening rebuilt the index, and what it embedded then (for the load report). */
    public LuceneSiteSearch opened() {
        return opened;
    }

    /**
     * Makes the index hold {@code next}: pages that are new, gone or not {@linkplain Page#equals equal}
     * to the current content's are re-indexed, the others are left alone. The searches handed out
     * before keep their reader (and answer over the content they were made for) until they are closed.
     */
    public synchronized Applied apply(SiteContent next) {
        long start = System.nanoTime();
        PageChanges changes = PageChanges.between(current.site(), next);
        List<String> changed = changes.changed();
        List<Page> toIndex = changes.toIndex();
        if (changed.isEmpty()) {
            // The index is unchanged; the content (problems, docs.json) may not be. The same reader, one more reference.
            SiteIndex same = current.index();
            if (!same.tryAcquire()) {
                throw new IllegalStateException("the live search index is closed");
            }
            swap(new LuceneSiteSearch(next, same, this::search));
            return new Applied(search(), 0, 0, 0, (System.nanoTime() - start) / 1e9);
        }
        try {
            long[] stale = changed.stream().map(ordsByPage::remove).filter(Objects::nonNull)
                    .flatMapToLong(java.util.Arrays::stream).toArray();
            if (stale.length > 0) {
                writer.deleteDocuments(NumericDocValuesField.newSlowSetQuery(SiteIndex.ORD, stale));
            }
            List<IndexedSection> added = SiteIndex.sections(next, toIndex);
            MessageDigest unused = SiteIndex.sha256(); // the fingerprint of a full build; not kept here
            List<Document> docs = new ArrayList<>(added.size());
            for (IndexedSection s : added) {
                int ord = sections.size();
                sections.add(s);
                docs.add(SiteIndex.document(ord, s, unused));
                long[] ords = ordsByPage.get(s.page().path());
                long[] grown = ords == null ? new long[1] : java.util.Arrays.copyOf(ords, ords.length + 1);
                grown[grown.length - 1] = ord;
                ordsByPage.put(s.page().path(), grown);
            }
            SiteIndex before = current.index();
            SectionVectors vectors = SectionVectors.NONE;
            if (before.vectors && !added.isEmpty()) {
                vectors = SectionVectors.of(added, settings.embeddingCache(), settings.shared(), settings.progress());
                SiteIndex.addVectors(docs, added, vectors.vectors(), before.centre);
            }
            writer.addDocuments(docs);
            DirectoryReader reader = DirectoryReader.openIfChanged(before.reader, writer);
            if (reader == null) {
                reader = DirectoryReader.open(writer);
            }
            swap(new LuceneSiteSearch(next, new SiteIndex(List.copyOf(sections), reader, false,
                    before.vectors, before.centre, vectors.computed(), vectors.seconds(), false), this::search));
            return new Applied(search(), changed.size(), added.size(), vectors.computed(), (System.nanoTime() - start) / 1e9);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update the search index: " + e.getMessage(), e);
        }
    }

    /** Makes {@code newest} current and lets the previous one's reference go (its reader stays open for its other holders). */
    private void swap(LuceneSiteSearch newest) {
        LuceneSiteSearch replaced = current;
        current = newest;
        replaced.close();
    }

    /** Drops the uncommitted changes (the index on disk stays the last full build) and releases the index. */
    @Override
    public synchronized void close() {
        closed = true;
        try {
            writer.rollback();
            current.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the search index: " + e.getMessage(), e);
        } finally {
            try {
                directory.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }
}
