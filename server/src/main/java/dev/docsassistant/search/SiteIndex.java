package dev.docsassistant.search;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.Section;
import dev.docsassistant.content.SiteContent;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.KnnVectorValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The Lucene index of one site's searchable sections, kept in the data directory. It is rebuilt
 * only when the indexed text (or the index layout) changes, so a restart reuses it.
 */
final class SiteIndex {
    /** Bump when fields or analysis change, so existing indexes are rebuilt. */
    private static final String LAYOUT = "sections-v5";
    static final String FINGERPRINT = "fingerprint";
    static final String CENTRE = "embedding-centre";
    static final String ORD = "ord";
    /** A section's own term ({@code page path + NUL + its position in the page}), so its {@code ord} can be renumbered in place. */
    static final String KEY = "key";
    static final String LANGUAGE = "language";
    static final String VERSION = "version";
    static final String ACCESS = "access";
    static final String TAG = "tag";
    static final String NONE = "\u0000none";
    static final String PUBLIC = "\u0000public";
    /** The section's sentence embedding (unit length, so dot product is cosine similarity), searched with HNSW; one field per model. */
    static final String VECTOR = "vector";
    /** Term frequencies without positions: ranking is BM25 over terms, with no phrase queries to feed. */
    private static final FieldType TEXT = textType();

    final List<IndexedSection> sections;
    /** The sections' heading terms, by {@code ord}, as searches hit them. */
    final HeadingTerms headingTerms;
    final DirectoryReader reader;
    final boolean rebuilt;
    /** Whether sections carry vectors (hybrid mode); false in keyword mode. */
    final boolean vectors;
    /** What section vectors were centred on; queries are centred the same way. */
    final EmbeddingCentre centre;
    /** Sections embedded while opening (not found in the embedding cache), and the seconds it took. */
    final int embedded;
    final double embedSeconds;
    /** False for the readers of a {@link LiveSiteIndex}: its writer holds the directory open and closes it. */
    private final boolean ownsDirectory;
    /**
     * Each document's section ord, by the reader's document id, read once: every hit of every query looks
     * its section up, and a doc-values iterator per hit cost more than the lookup itself.
     */
    private final int[] ordByDoc;
    /** Pages and sections whose documents were written while opening (all of them for a full build, none for a reuse). */
    int pagesIndexed;
    int sectionsIndexed;
    /**
     * Sections a model covers whose document has no vector yet (by identity; empty once every vector is in):
     * hybrid search ranks them by BM25 alone ({@link HybridFusion}) until {@link LiveSiteIndex} adds them.
     */
    Set<IndexedSection> withoutVectors = Set.of();

    private SiteIndex(List<IndexedSection> sections, DirectoryReader reader, boolean rebuilt, boolean vectors,
                      int embedded, double embedSeconds) throws IOException {
        this(sections, reader, rebuilt, vectors, EmbeddingCentre.decode(reader.getIndexCommit().getUserData().get(CENTRE)),
                embedded, embedSeconds, true);
    }

    SiteIndex(List<IndexedSection> sections, DirectoryReader reader, boolean rebuilt, boolean vectors,
              EmbeddingCentre centre, int embedded, double embedSeconds, boolean ownsDirectory) {
        this.sections = sections;
        this.headingTerms = new HeadingTerms(sections);
        this.reader = reader;
        this.rebuilt = rebuilt;
        this.vectors = vectors;
        this.centre = centre;
        this.embedded = embedded;
        this.embedSeconds = embedSeconds;
        this.ownsDirectory = ownsDirectory;
        this.ordByDoc = ords(reader);
    }

    private static int[] ords(DirectoryReader reader) {
        int[] ords = new int[reader.maxDoc()];
        try {
            for (LeafReaderContext leaf : reader.leaves()) {
                NumericDocValues values = leaf.reader().getNumericDocValues(ORD);
                if (values == null) {
                    continue;
                }
                for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
                    ords[leaf.docBase + doc] = (int) values.longValue();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the search index: " + e.getMessage(), e);
        }
        return ords;
    }

    /** The section of a document of {@link #reader} (a hit: a live document). */
    IndexedSection section(int doc) {
        return sections.get(ordByDoc[doc]);
    }

    /** The {@code ord} of a document of {@link #reader}: its section's position in {@link #sections}. */
    int ord(int doc) {
        return ordByDoc[doc];
    }

    /**
     * Takes a reference to the reader (Lucene's reference counting, as a {@code ReferenceManager}
     * acquires): it stays open until every reference is {@linkplain #release released}.
     *
     * @return false when the last reference was released already (the reader is closed)
     */
    boolean tryAcquire() {
        return reader.tryIncRef();
    }

    /**
     * Gives a reference back; the last one closes the reader and, unless a live index shares it,
     * the index directory it holds open.
     */
    void release() {
        try {
            reader.decRef();
            if (ownsDirectory && reader.getRefCount() == 0) {
                reader.directory().close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the search index: " + e.getMessage(), e);
        }
    }

    /**
     * @param settings the search mode and, in hybrid mode, where section vectors are cached and who is
     *                 told how embedding goes
     */
    static SiteIndex open(SiteContent site, Path dir, SearchSettings settings) {
        boolean hybrid = settings.mode() == SearchMode.HYBRID;
        Documents built = documents(site, hybrid);
        List<IndexedSection> sections = built.sections();
        List<Document> docs = built.docs();
        String fingerprint = built.fingerprint();
        try {
            Files.createDirectories(dir);
            Directory directory = FSDirectory.open(dir);
            boolean rebuild = !fingerprint.equals(storedFingerprint(directory));
            SectionVectors embedded = SectionVectors.NONE;
            if (rebuild) {
                EmbeddingCentre centre = EmbeddingCentre.NONE;
                if (hybrid) {
                    embedded = SectionVectors.of(sections, settings.embeddingCache(), settings.shared(), settings.progress(),
                            settings.embedLater() == null);
                    centre = EmbeddingCentre.of(sections, embedded.vectors());
                    addVectors(docs, sections, embedded.vectors(), centre);
                }
                write(directory, docs, Map.of(FINGERPRINT, fingerprint, CENTRE, centre.encode()));
            }
            SiteIndex index = new SiteIndex(List.copyOf(sections), DirectoryReader.open(directory), rebuild, hybrid,
                    embedded.computed(), embedded.seconds());
            if (rebuild) {
                index.pagesIndexed = (int) site.pages().stream().filter(Page::searchable).count();
                index.sectionsIndexed = sections.size();
            }
            return index;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the search index in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The sections a model covers whose live document holds no vector, found in the index itself (built, reused or updated). */
    Set<IndexedSection> scanWithoutVectors() throws IOException {
        if (!vectors) {
            return Set.of();
        }
        java.util.BitSet has = new java.util.BitSet(sections.size());
        for (LeafReaderContext leaf : reader.leaves()) {
            Bits live = leaf.reader().getLiveDocs();
            for (EmbeddingModel model : EmbeddingModel.values()) {
                FloatVectorValues values = leaf.reader().getFloatVectorValues(vectorField(model));
                NumericDocValues ords = leaf.reader().getNumericDocValues(ORD);
                if (values == null || ords == null) {
                    continue;
                }
                KnnVectorValues.DocIndexIterator it = values.iterator();
                for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
                    if ((live == null || live.get(doc)) && ords.advanceExact(doc)) {
                        has.set((int) ords.longValue());
                    }
                }
            }
        }
        Set<IndexedSection> without = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int ord = 0; ord < sections.size(); ord++) {
            if (!has.get(ord) && sections.get(ord).model().isPresent()) {
                without.add(sections.get(ord));
            }
        }
        return without;
    }

    /** A site's sections, their documents ({@code ord} = position) and the fingerprint of what they index. */
    record Documents(List<IndexedSection> sections, List<Document> docs, String fingerprint) {
    }

    static Documents documents(SiteContent site, boolean hybrid) {
        List<IndexedSection> sections = sections(site, site.pages());
        List<Document> docs = new ArrayList<>(sections.size());
        MessageDigest digest = sha256();
        String models = hybrid ? "+" + SentenceEmbedder.englishModel().id() + "+" + EmbeddingModel.BGE_SMALL_ZH.id() + "-centred" : "";
        digest.update((LAYOUT + models).getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < sections.size(); i++) {
            docs.add(document(i, sections.get(i), digest));
        }
        return new Documents(sections, docs, HexFormat.of().formatHex(digest.digest()));
    }

    /** The indexed sections of {@code pages} (the searchable ones), in page order. */
    static List<IndexedSection> sections(SiteContent site, Iterable<Page> pages) {
        List<IndexedSection> sections = new ArrayList<>();
        for (Page page : pages) {
            if (page.searchable()) {
                String language = page.language() != null ? page.language() : site.navigation().defaultLanguage();
                LanguageAnalysis analysis = LanguageAnalysis.of(language);
                for (Section section : page.sections()) {
                    sections.add(new IndexedSection(page, section, analysis, language));
                }
            }
        }
        return sections;
    }

    static String storedFingerprint(Directory directory) throws IOException {
        return commitData(directory).get(FINGERPRINT);
    }

    /** The last commit's user data (fingerprint, embedding centre); empty without an index. */
    static Map<String, String> commitData(Directory directory) throws IOException {
        if (!DirectoryReader.indexExists(directory)) {
            return Map.of();
        }
        try (DirectoryReader r = DirectoryReader.open(directory)) {
            return r.getIndexCommit().getUserData();
        }
    }

    static Map<String, String> commitData(String fingerprint, EmbeddingCentre centre) {
        return Map.of(FINGERPRINT, fingerprint, CENTRE, centre.encode());
    }

    /** Adds each embedded section's vector, centred, to its document, in the field of its model. */
    static void addVectors(List<Document> docs, List<IndexedSection> sections, float[][] vectors, EmbeddingCentre centre) {
        for (int i = 0; i < docs.size(); i++) {
            if (vectors[i] != null) {
                EmbeddingModel model = sections.get(i).model().orElseThrow();
                docs.get(i).add(new KnnFloatVectorField(vectorField(model), centre.apply(model, vectors[i]),
                        VectorSimilarityFunction.DOT_PRODUCT));
            }
        }
    }

    /**
     * How every writer of a site's index is set up: the site's analyzer, files kept apart (not compound), and the
     * codec, Lucene's own with section vectors also kept quantised to a byte per dimension, which the HNSW graph
     * is built and searched on (a quarter of the float vectors' pages resident).
     */
    static IndexWriterConfig writerConfig(IndexWriterConfig.OpenMode mode) {
        return new IndexWriterConfig(analyzer()).setCodec(CODEC).setOpenMode(mode).setUseCompoundFile(false);
    }

    private static final org.apache.lucene.codecs.Codec CODEC = new org.apache.lucene.codecs.lucene104.Lucene104Codec() {
        private final org.apache.lucene.codecs.KnnVectorsFormat vectors =
                new org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat();

        @Override
        public org.apache.lucene.codecs.KnnVectorsFormat getKnnVectorsFormatForField(String field) {
            return vectors;
        }
    };

    /** The field holding the vectors of one model (models differ in dimension and meaning). */
    static String vectorField(EmbeddingModel model) {
        return VECTOR + "-" + model.id();
    }

    private static void write(Directory directory, List<Document> docs, Map<String, String> commitData) throws IOException {
        IndexWriterConfig config = writerConfig(IndexWriterConfig.OpenMode.CREATE).setRAMBufferSizeMB(512);
        try (IndexWriter writer = new IndexWriter(directory, config)) {
            // One thread and a buffer larger than the site: the index is flushed as a single segment,
            // so queries walk one posting list per term and no merge is needed.
            writer.addDocuments(docs);
            writer.setLiveCommitData(commitData.entrySet());
            writer.commit();
        }
    }

    static Document document(int ord, IndexedSection s, MessageDigest digest) {
        Page page = s.page();
        Section section = s.section();
        LanguageAnalysis a = s.analysis();
        Document doc = new Document();
        doc.add(new NumericDocValuesField(ORD, ord));
        doc.add(new StringField(KEY, key(s), Field.Store.NO));
        doc.add(new StringField(LANGUAGE, keyword(page.language()), Field.Store.NO));
        doc.add(new StringField(VERSION, keyword(page.version()), Field.Store.NO));
        doc.add(new StringField(TAG, keyword(page.tag() == null ? null : page.tag().toLowerCase(Locale.ROOT)), Field.Store.NO));
        if (page.groups().isEmpty()) {
            doc.add(new StringField(ACCESS, PUBLIC, Field.Store.NO));
        }
        for (String group : page.groups()) {
            doc.add(new StringField(ACCESS, group, Field.Store.NO));
        }
        boolean lead = section.heading() == null;
        String meta = String.join(" ", page.keywords()) + (lead ? " " + page.description() : "");
        String body = s.body();
        String heading = section.headingPath() == null ? "" : section.headingPath();
        text(doc, a.field("head"), page.title() + "\n" + heading + "\n" + meta, digest);
        text(doc, a.field("body"), body, digest);
        digest.update((keyword(page.language()) + keyword(page.version()) + page.groups() + page.tag() + page.path()
                + section.anchor()).getBytes(StandardCharsets.UTF_8));
        return doc;
    }

    /** The section's {@link #KEY}: its page and its position among the page's sections. */
    static String key(IndexedSection s) {
        List<Section> all = s.page().sections();
        int n = 0;
        while (n < all.size() && all.get(n) != s.section()) {
            n++;
        }
        return s.page().path() + "\u0000" + n;
    }

    private static void text(Document doc, String field, String value, MessageDigest digest) {
        doc.add(new Field(field, value, TEXT));
        digest.update(field.getBytes(StandardCharsets.UTF_8));
        digest.update(value.getBytes(StandardCharsets.UTF_8));
    }

    private static FieldType textType() {
        FieldType type = new FieldType(TextField.TYPE_NOT_STORED);
        type.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
        type.freeze();
        return type;
    }

    static String keyword(String value) {
        return value == null ? NONE : value;
    }

    static Analyzer analyzer() {
        Map<String, Analyzer> perField = new HashMap<>();
        for (LanguageAnalysis a : LanguageAnalysis.values()) {
            for (String base : List.of("head", "body")) {
                perField.put(a.field(base), a.analyzer());
            }
        }
        return new PerFieldAnalyzerWrapper(LanguageAnalysis.STD.analyzer(), perField);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
