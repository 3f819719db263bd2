package dev.docsassistant.search;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

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
 *
 * <p>An index opened with {@linkplain SearchSettings#withBackground background embedding} serves as
 * soon as its text is indexed, with the vectors the caches held; the sections without one are
 * embedded afterwards, {@value #BATCH} per task on the background worker, each batch's documents
 * written again with their vectors and a new reader published, so searches handed out for the same
 * content read it from then on ({@link #newest}). Meanwhile hybrid search ranks the sections without a
 * vector by BM25 alone ({@link HybridFusion}). When more than half the vectors came late, the centre
 * the build took from the few cached ones is replaced by the mean of all and every vector written
 * again; then, unless {@link #apply} changed the content meanwhile, the vectors are committed, so a
 * restart reuses them (a restart before that finds the missing ones in the embedding cache).
 */
public final class LiveSiteIndex implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(LiveSiteIndex.class.getName());
    /** Sections embedded per background task: a reader is published after each. */
    static final int BATCH = 64;
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
    /** The ords of sections whose vectors are still to be embedded, in order, and how many there were. */
    private final java.util.ArrayDeque<Integer> unfilled = new java.util.ArrayDeque<>();
    private int toFill;
    private int filledCount;
    /** Sections the background embedding ran through the model, and the seconds it took. */
    private int embeddedLate;
    private double embedSecondsLate;
    /** Whether most vectors came late, so the centre is taken again from all of them once they are in. */
    private boolean recentre;
    /** Whether {@link #apply} changed the indexed content (the vectors added are then not committed). */
    private boolean changedContent;
    /** Whether the index only serves (no {@code dev} loop applies changes): its writer is closed once every vector is in. */
    private boolean servesAlone;
    private final CompletableFuture<Integer> vectorsFilled = new CompletableFuture<>();

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
        this.writer = new IndexWriter(directory, SiteIndex.writerConfig(IndexWriterConfig.OpenMode.APPEND));
        this.sections = new ArrayList<>(first.sections);
        for (int ord = 0; ord < sections.size(); ord++) {
            String path = sections.get(ord).page().path();
            long[] ords = ordsByPage.get(path);
            long[] grown = ords == null ? new long[1] : java.util.Arrays.copyOf(ords, ords.length + 1);
            grown[grown.length - 1] = ord;
            ordsByPage.put(path, grown);
        }
        SiteIndex live = new SiteIndex(List.copyOf(sections), DirectoryReader.open(writer), first.rebuilt, first.vectors, first.centre,
                first.embedded, first.embedSeconds, false);
        live.pagesIndexed = first.pagesIndexed;
        live.sectionsIndexed = first.sectionsIndexed;
        live.withoutVectors = first.scanWithoutVectors();
        this.current = new LuceneSiteSearch(opened.site(), live, this, false);
        first.reader.close(); // the directory stays open: the writer and the readers to come use it
    }

    /** Indexes (or reuses the index of) a site as {@link LuceneSiteSearch#open} does, and holds it open for changes. */
    public static LiveSiteIndex open(SiteContent site, Path indexDir, SearchSettings settings) {
        LuceneSiteSearch opened = LuceneSiteSearch.build(site, indexDir, settings);
        LiveSiteIndex live;
        try {
            live = new LiveSiteIndex(settings, opened);
        } catch (IOException e) {
            opened.close();
            throw new UncheckedIOException("cannot open the search index for changes: " + e.getMessage(), e);
        }
        live.startFilling();
        return live;
    }

    /**
     * A built index that lacks vectors, served at once while they are embedded in the background: the
     * search returned closes the live index with it. When the index cannot be held open for writing (another
     * process or version holds it), {@code built} is served as it is, its missing sections ranked by BM25.
     */
    static LuceneSiteSearch filling(LuceneSiteSearch built, SearchSettings settings) {
        LiveSiteIndex live;
        try {
            live = new LiveSiteIndex(settings, built);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "the search index of " + built.site().name() + " cannot be opened for writing; "
                    + built.index().withoutVectors.size() + " sections stay without vectors: " + e.getMessage(), e);
            return built;
        }
        LuceneSiteSearch served = live.owningSearch();
        live.servesAlone = true;
        live.startFilling();
        return served;
    }

    /** The first search of a live index made to serve alone: closing it closes the index. */
    private LuceneSiteSearch owningSearch() {
        LuceneSiteSearch first = current;
        if (!first.index().tryAcquire()) {
            throw new IllegalStateException("the live search index is closed");
        }
        return new LuceneSiteSearch(first.site(), first.index(), this, true);
    }

    /** The newest search (vectors added since a search was handed out show here first); its reference is the index's own. */
    LuceneSiteSearch newest() {
        return current;
    }

    /**
     * Completes once the background embedding has added every missing vector, with how many sections it ran
     * through the model; at once with 0 when nothing was missing or embedding is not in the background.
     */
    public CompletableFuture<Integer> vectorsFilled() {
        return vectorsFilled;
    }

    /** Queues the first batch of the sections without vectors, when embedding is in the background. */
    private synchronized void startFilling() {
        Set<IndexedSection> without = current.index().withoutVectors;
        java.util.concurrent.Executor executor = settings.embedLater();
        if (without.isEmpty() || executor == null) {
            vectorsFilled.complete(0);
            return;
        }
        int embeddable = 0;
        for (int ord = 0; ord < sections.size(); ord++) {
            if (without.contains(sections.get(ord))) {
                unfilled.add(ord);
            }
            embeddable += sections.get(ord).model().isPresent() ? 1 : 0;
        }
        toFill = unfilled.size();
        recentre = toFill * 2 > embeddable;
        settings.progress().update(0, toFill);
        LOG.info(String.format(Locale.ROOT, "site %s: searchable; %d of %d sections are embedded in the background", current.site().name(),
                toFill, embeddable));
        executor.execute(this::fillBatch);
    }

    /** One background task: embeds the next batch (outside the lock), adds its vectors, queues the next or finishes. */
    private void fillBatch() {
        List<Integer> ords = new ArrayList<>();
        List<IndexedSection> batch = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                vectorsFilled.cancel(false);
                return;
            }
            while (ords.size() < BATCH && !unfilled.isEmpty()) {
                int ord = unfilled.poll();
                ords.add(ord);
                batch.add(sections.get(ord));
            }
        }
        try {
            SectionVectors vectors = SectionVectors.of(batch, settings.embeddingCache(), settings.shared(), EmbeddingProgress.NONE);
            boolean more;
            synchronized (this) {
                if (closed) {
                    vectorsFilled.cancel(false);
                    return;
                }
                embeddedLate += vectors.computed();
                embedSecondsLate += vectors.seconds();
                writeVectors(ords, vectors.vectors(), current.index().centre);
                filledCount += ords.size();
                settings.progress().update(filledCount, toFill);
                more = !unfilled.isEmpty();
            }
            if (more) {
                settings.embedLater().execute(this::fillBatch);
            } else {
                finishFilling();
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "site " + current.site().name() + ": embedding in the background failed; the sections left are ranked"
                    + " by BM25 alone until the next start: " + e.getMessage(), e);
            vectorsFilled.completeExceptionally(e);
        }
    }

    /**
     * Writes the documents of {@code ords} again with their vectors (sections whose page changed meanwhile are
     * left: their new documents were embedded when applied) and publishes the new reader. The caller holds the lock.
     */
    private void writeVectors(List<Integer> ords, float[][] vectors, EmbeddingCentre centre) throws IOException {
        MessageDigest unused = SiteIndex.sha256();
        Set<IndexedSection> settled = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < ords.size(); i++) {
            int ord = ords.get(i);
            IndexedSection s = sections.get(ord);
            long[] live = ordsByPage.get(s.page().path());
            if (live == null || java.util.Arrays.stream(live).noneMatch(o -> o == ord)) {
                settled.add(s); // its page changed meanwhile: no document of it waits for a vector any more
                continue;
            }
            if (vectors[i] == null) {
                continue;
            }
            Document doc = SiteIndex.document(ord, s, unused);
            SiteIndex.addVectors(List.of(doc), List.of(s), new float[][] {vectors[i]}, centre);
            writer.updateDocuments(new Term(SiteIndex.KEY, SiteIndex.key(s)), List.of(doc));
            settled.add(s);
        }
        SiteIndex before = current.index();
        Set<IndexedSection> without = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        before.withoutVectors.stream().filter(s -> !settled.contains(s)).forEach(without::add);
        publish(before, centre, without);
    }

    /** A new reader over the writer's documents, served for the same content in place of {@code before}. */
    private void publish(SiteIndex before, EmbeddingCentre centre, Set<IndexedSection> without) throws IOException {
        DirectoryReader reader = DirectoryReader.openIfChanged(before.reader, writer);
        if (reader == null) {
            reader = DirectoryReader.open(writer);
        }
        SiteIndex next = new SiteIndex(List.copyOf(sections), reader, before.rebuilt, before.vectors, centre, before.embedded,
                before.embedSeconds, false);
        next.pagesIndexed = before.pagesIndexed;
        next.sectionsIndexed = before.sectionsIndexed;
        next.withoutVectors = without;
        swap(new LuceneSiteSearch(current.site(), next, this, false));
    }

    /** Every vector is in: centred again on the mean of all when most came late, then committed unless the content changed. */
    private synchronized void finishFilling() throws IOException {
        if (closed) {
            vectorsFilled.cancel(false);
            return;
        }
        if (recentre && !changedContent) {
            List<Integer> ords = new ArrayList<>();
            List<IndexedSection> embedded = new ArrayList<>();
            for (int ord = 0; ord < sections.size(); ord++) {
                if (sections.get(ord).model().isPresent()) {
                    ords.add(ord);
                    embedded.add(sections.get(ord));
                }
            }
            float[][] vectors = SectionVectors.of(embedded, settings.embeddingCache(), settings.shared(), EmbeddingProgress.NONE, false)
                    .vectors();
            EmbeddingCentre centre = EmbeddingCentre.of(embedded, vectors);
            writeVectors(ords, vectors, centre);
        }
        if (!changedContent) {
            Map<String, String> data = new HashMap<>();
            writer.getLiveCommitData().forEach(e -> data.put(e.getKey(), e.getValue()));
            data.put(SiteIndex.CENTRE, current.index().centre.encode());
            writer.setLiveCommitData(data.entrySet());
            Path folder = directory instanceof FSDirectory fs ? fs.getDirectory() : null;
            synchronized (IncrementalIndex.folderLock(folder)) { // a new version hard-linking these files waits for the commit
                writer.commit();
                if (servesAlone) {
                    writer.close(); // nothing more to write: the lock is free for another opening of this version (a rollback)
                }
            }
        }
        LOG.info(String.format(Locale.ROOT, "site %s: every section has its vector (%d embedded in the background in %.1f s)",
                current.site().name(), embeddedLate, embedSecondsLate));
        vectorsFilled.complete(embeddedLate);
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
                return new LuceneSiteSearch(newest.site(), newest.index(), this, false);
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
            swap(new LuceneSiteSearch(next, same, this, false));
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
            SiteIndex applied = new SiteIndex(List.copyOf(sections), reader, false, before.vectors, before.centre, vectors.computed(),
                    vectors.seconds(), false);
            applied.withoutVectors = before.withoutVectors; // the added sections were embedded; the background adds the rest
            changedContent = true;
            swap(new LuceneSiteSearch(next, applied, this, false));
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
        if (closed) {
            return;
        }
        closed = true;
        vectorsFilled.cancel(false);
        try {
            writer.rollback(); // a no-op once the writer is closed
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
