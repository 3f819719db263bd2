package dev.docsassistant.search;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The index of a new version of a site made from the index of the version before it, in a folder of
 * its own: Lucene's files are written once and never changed, so the previous folder's files are
 * hard-linked (copied where links are not possible) into the new one, and a writer on the copy
 * deletes the documents of the pages that changed or went ({@link PageChanges}, as the {@code dev}
 * loop does) and adds those of the pages that changed or came; the other sections keep their
 * documents, their {@code ord} renumbered in place when pages before them grew or shrank.
 *
 * <p>The result is the index a full build of the new content writes (same documents, same
 * {@code ord}s, same fingerprint), so a restart or a rollback reuses it as any other. One difference
 * in hybrid mode: the embedding centre stays the previous version's (re-centring would rewrite every
 * vector), so semantic scores may differ very slightly from a full build's; more than
 * {@link #MAX_SHARE} of the sections changed builds in full (which re-centres).
 */
final class IncrementalIndex {
    /** Beyond this share of re-indexed sections a full build costs about the same and re-centres the vectors. */
    static final double MAX_SHARE = 0.5;

    private IncrementalIndex() {
    }

    /**
     * @param previous    the content the index in {@code previousDir} was built for
     * @param previousDir its index, left untouched
     * @return the index of {@code next} in {@code dir}; {@code null} when it cannot be made incrementally
     *         (no usable previous index, another search mode, too much changed): the caller builds in full
     */
    static SiteIndex open(SiteContent previous, Path previousDir, SiteContent next, Path dir, SearchSettings settings) {
        boolean hybrid = settings.mode() == SearchMode.HYBRID;
        try {
            if (Files.isDirectory(dir) || !Files.isDirectory(previousDir)) {
                return null; // an index already there (a rollback, a restart) is reused or rebuilt as usual
            }
            SiteIndex.Documents prev = SiteIndex.documents(previous, hybrid);
            Map<String, String> prevCommit;
            try (Directory d = FSDirectory.open(previousDir)) {
                prevCommit = SiteIndex.commitData(d);
            }
            if (!prev.fingerprint().equals(prevCommit.get(SiteIndex.FINGERPRINT))) {
                return null; // not the index of that content
            }
            SiteIndex.Documents built = SiteIndex.documents(next, hybrid);
            PageChanges changes = PageChanges.between(previous, next);
            Set<String> changed = new HashSet<>(changes.changed());
            List<Integer> added = new ArrayList<>();
            for (int ord = 0; ord < built.sections().size(); ord++) {
                if (changed.contains(built.sections().get(ord).page().path())) {
                    added.add(ord);
                }
            }
            if (added.size() > MAX_SHARE * Math.max(1, built.sections().size())) {
                return null;
            }
            link(previousDir, dir);
            Directory directory = FSDirectory.open(dir);
            try {
                return update(directory, prev, prevCommit, built, changed, added, next, hybrid, settings);
            } catch (IOException | RuntimeException e) {
                directory.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot update the search index in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static SiteIndex update(Directory directory, SiteIndex.Documents prev, Map<String, String> prevCommit,
                                    SiteIndex.Documents built, Set<String> changed, List<Integer> added, SiteContent next,
                                    boolean hybrid, SearchSettings settings) throws IOException {
        Map<String, Integer> prevOrd = new HashMap<>();
        List<Long> stale = new ArrayList<>();
        for (int ord = 0; ord < prev.sections().size(); ord++) {
            IndexedSection s = prev.sections().get(ord);
            if (changed.contains(s.page().path())) {
                stale.add((long) ord);
            } else {
                prevOrd.put(SiteIndex.key(s), ord);
            }
        }
        EmbeddingCentre centre = EmbeddingCentre.decode(prevCommit.get(SiteIndex.CENTRE));
        List<IndexedSection> addedSections = added.stream().map(built.sections()::get).toList();
        List<Document> addedDocs = added.stream().map(built.docs()::get).toList();
        SectionVectors vectors = SectionVectors.NONE;
        if (hybrid && !addedSections.isEmpty()) {
            vectors = SectionVectors.of(addedSections, settings.embeddingCache(), settings.shared(), settings.progress(),
                    settings.embedLater() == null);
            SiteIndex.addVectors(addedDocs, addedSections, vectors.vectors(), centre);
        }
        try (IndexWriter writer = new IndexWriter(directory, SiteIndex.writerConfig(IndexWriterConfig.OpenMode.APPEND).setRAMBufferSizeMB(256))) {
            if (!stale.isEmpty()) {
                writer.deleteDocuments(NumericDocValuesField.newSlowSetQuery(SiteIndex.ORD,
                        stale.stream().mapToLong(Long::longValue).toArray()));
            }
            // Sections after a page that grew or shrank moved: their ord follows, as a full build numbers them.
            for (int ord = 0; ord < built.sections().size(); ord++) {
                IndexedSection s = built.sections().get(ord);
                if (!changed.contains(s.page().path())) {
                    String key = SiteIndex.key(s);
                    Integer before = prevOrd.get(key);
                    if (!Objects.equals(before, ord)) {
                        writer.updateNumericDocValue(new Term(SiteIndex.KEY, key), SiteIndex.ORD, ord);
                    }
                }
            }
            writer.addDocuments(addedDocs);
            writer.setLiveCommitData(SiteIndex.commitData(built.fingerprint(), centre).entrySet());
            writer.commit();
        }
        SiteIndex index = new SiteIndex(List.copyOf(built.sections()), DirectoryReader.open(directory), true, hybrid,
                centre, vectors.computed(), vectors.seconds(), true);
        index.pagesIndexed = (int) next.pages().stream().filter(p -> changed.contains(p.path())).filter(Page::searchable).count();
        index.sectionsIndexed = addedSections.size();
        return index;
    }

    private static final java.util.concurrent.ConcurrentHashMap<Path, Object> FOLDER_LOCKS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Held while an index folder is committed to (a served version adding its vectors, {@link LiveSiteIndex}) and
     * while its files are linked into a new version's, so the link never takes half of a commit's files.
     */
    static Object folderLock(Path folder) {
        return folder == null ? new Object() : FOLDER_LOCKS.computeIfAbsent(folder.toAbsolutePath().normalize(), f -> new Object());
    }

    /** Hard-links (or copies) every file of the previous index into a new folder; the writer's lock is its own. */
    private static void link(Path from, Path to) throws IOException {
        synchronized (folderLock(from)) {
            linkFiles(from, to);
        }
    }

    private static void linkFiles(Path from, Path to) throws IOException {
        Path tmp = Files.createTempDirectory(to.getParent() == null ? Path.of(".") : Files.createDirectories(to.getParent()), "index-");
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.equals(IndexWriter.WRITE_LOCK_NAME) || !Files.isRegularFile(f)) {
                    continue;
                }
                try {
                    Files.createLink(tmp.resolve(name), f);
                } catch (IOException | UnsupportedOperationException e) {
                    Files.copy(f, tmp.resolve(name));
                }
            }
        }
        Files.move(tmp, to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
