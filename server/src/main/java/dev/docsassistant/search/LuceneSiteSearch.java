package dev.docsassistant.search;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.util.BytesRef;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * BM25 search over a site's sections with Lucene, one result per page (its best section).
 * Each query term is looked up in two fields, the "head" (page title, headings, keywords,
 * description) and the body, summed; questions are long and rarely echo a title, so the head
 * weighs less than the body. Results are then multiplied by the page's {@code boost} and by a
 * preference for the site's default version and language (or those of the page being read).
 */
public final class LuceneSiteSearch implements SiteSearch {
    /** Weight of the title/headings/keywords field against the body (1); tuned on the dev sets. */
    private static final float HEAD = 0.6f;
    /** Long pasted questions are cut here; later words rarely change the ranking. */
    private static final int MAX_TERMS = 64;
    private static final double SIZE_PRIOR = 0.3;
    private static final int SIZE_PRIOR_FROM = 30;
    /** Weight of results outside the preferred version or language when no filter names one. */
    private static final double OTHER_VERSION = 0.6;
    private static final double OTHER_LANGUAGE = 0.25;
    /**
     * Below this cosine similarity (of centred vectors) an embedding hit is treated as unrelated
     * text and left out; results vary little between 0.1 and 0.2 on the dev sets.
     */
    private static final double MIN_SIMILARITY = 0.2;
    private static final java.util.concurrent.atomic.LongAdder STATIC_FIRST_KEPT = new java.util.concurrent.atomic.LongAdder();
    private static final java.util.concurrent.atomic.LongAdder STATIC_FIRST_EMBEDDED = new java.util.concurrent.atomic.LongAdder();

    private final SiteContent site;
    private final SiteIndex index;
    private final IndexSearcher searcher;
    private final Set<LanguageAnalysis> analyses;
    /** Whether any indexed page is limited to access groups (else the access filter is skipped). */
    private final boolean restricted;
    /** The models whose vectors the index holds, and whether every section has one (else mixed-language queries are BM25 alone). */
    private final Set<EmbeddingModel> models;
    private final boolean allEmbedded;
    /** Whether this search gave its reference to the reader back. */
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * Answers in this search's place once it is closed, or null: a live index's newest search, for a
     * request that looked this version up just before it was replaced.
     */
    private final Supplier<LuceneSiteSearch> successor;
    /** The live index this search was handed out by, whose newer version of the same content it reads (vectors added), or null. */
    private final LiveSiteIndex live;
    /** Whether closing this search closes {@link #live} too (a served index filling its vectors, which nothing else holds). */
    private final boolean ownsLive;

    /** Gives this search's reference back; searches running on the reader finish on it (they hold their own). */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            index.release();
            if (ownsLive) {
                live.close();
            }
        }
    }

    /** Holds the one reference to {@code index}'s reader a new index comes with. */
    LuceneSiteSearch(SiteContent site, SiteIndex index) {
        this(site, index, null, false);
    }

    /**
     * Holds a reference to {@code index}'s reader the caller took for it ({@link SiteIndex#tryAcquire}): a
     * search of a live index: once closed, the live index's newest search answers; while open, a newer
     * version of the same content (vectors added since) answers in its place.
     *
     * @param ownsLive whether closing it closes {@code live}
     */
    LuceneSiteSearch(SiteContent site, SiteIndex index, LiveSiteIndex live, boolean ownsLive) {
        this.site = site;
        this.index = index;
        this.live = live;
        this.ownsLive = ownsLive;
        this.successor = live == null ? null : live::search;
        this.searcher = new IndexSearcher(InMemoryNorms.wrap(index.reader));
        // Sections are short and uneven; a stronger length normalisation keeps long ones from winning on volume.
        searcher.setSimilarity(new BM25Similarity(1.6f, 0.9f));
        this.analyses = EnumSet.noneOf(LanguageAnalysis.class);
        index.sections.forEach(s -> analyses.add(s.analysis()));
        this.restricted = index.sections.stream().anyMatch(s -> !s.page().isPublic());
        this.models = EnumSet.noneOf(EmbeddingModel.class);
        index.sections.forEach(s -> s.model().ifPresent(models::add));
        this.allEmbedded = index.sections.stream().allMatch(s -> s.model().isPresent());
    }

    /**
     * Starts loading the English model: nearly every site's questions need it. The model of another language
     * (BGE small zh, about 20 MiB of RSS in {@code bench/run ServeMemory}) loads on its first need instead — a section of that language
     * whose vector is not in the cache, or a question in it — so a server whose Chinese vectors are cached holds
     * it only once a Chinese question comes (which then waits for the load, once per process).
     */
    private static void preloadModels() {
        SentenceEmbedder.preload(SentenceEmbedder.englishModel());
    }

    /**
     * Indexes (or reuses the index of) a loaded site, with the index kept in {@code indexDir}. With
     * {@linkplain SearchSettings#withBackground background embedding} the search serves as soon as the text
     * is indexed, with the vectors the caches hold; the others are embedded afterwards and join it
     * ({@link LiveSiteIndex}; {@link #vectorsFilled}).
     */
    public static LuceneSiteSearch open(SiteContent site, Path indexDir, SearchSettings settings) {
        return fillingLater(build(site, indexDir, settings), settings);
    }

    /** As {@link #open}, its vectors all in when it returns unless background embedding leaves some for later. */
    static LuceneSiteSearch build(SiteContent site, Path indexDir, SearchSettings settings) {
        if (settings.mode() == SearchMode.HYBRID) {
            preloadModels(); // loads beside reading the index; queries need it too
        }
        return new LuceneSiteSearch(site, SiteIndex.open(site, indexDir, settings));
    }

    /** {@code built} itself when every section has its vector, else a live index over it that embeds the rest. */
    private static LuceneSiteSearch fillingLater(LuceneSiteSearch built, SearchSettings settings) {
        try {
            built.index.withoutVectors = built.index.scanWithoutVectors();
        } catch (IOException e) {
            built.close();
            throw new UncheckedIOException("cannot read the search index: " + e.getMessage(), e);
        }
        if (settings.embedLater() == null || built.index.withoutVectors.isEmpty()) {
            return built;
        }
        return LiveSiteIndex.filling(built, settings);
    }

    /**
     * Indexes {@code next} into {@code indexDir} starting from the index of the version before it
     * ({@link IncrementalIndex}: only changed pages are indexed again); builds in full (or reuses an
     * index already in {@code indexDir}) when that index cannot serve as a start.
     *
     * @param previous    the content {@code previousDir}'s index was built for
     * @param previousDir left untouched: it may be serving
     */
    public static LuceneSiteSearch openFrom(SiteContent previous, Path previousDir, SiteContent next, Path indexDir,
                                            SearchSettings settings) {
        if (settings.mode() == SearchMode.HYBRID) {
            preloadModels();
        }
        SiteIndex index = null;
        try {
            index = IncrementalIndex.open(previous, previousDir, next, indexDir, settings);
        } catch (RuntimeException e) {
            java.util.logging.Logger.getLogger(LuceneSiteSearch.class.getName()).log(java.util.logging.Level.WARNING,
                    "cannot update the index of the previous version; indexing " + indexDir + " in full", e);
        }
        return index != null ? fillingLater(new LuceneSiteSearch(next, index), settings) : open(next, indexDir, settings);
    }

    @Override
    public int sectionsWithoutVectors() {
        return reading(search -> search.index.withoutVectors.size());
    }

    /**
     * Completes once every section has its vector, with how many were embedded after the index began to
     * serve (0, at once, when none was missing or in keyword mode); exceptionally when embedding failed.
     */
    @Override
    public java.util.concurrent.CompletableFuture<Integer> vectorsFilled() {
        return live != null ? live.vectorsFilled() : java.util.concurrent.CompletableFuture.completedFuture(0);
    }

    /** Whether {@code section}'s document holds its vector (else hybrid search ranks it by BM25 alone). */
    private boolean embedded(IndexedSection section) {
        return !index.withoutVectors.contains(section);
    }

    /** Pages whose documents were written while opening: all searchable ones for a full build, none for a reuse. */
    public int pagesIndexed() {
        return index.pagesIndexed;
    }

    /** Sections whose documents were written while opening. */
    public int sectionsIndexed() {
        return index.sectionsIndexed;
    }

    SiteIndex index() {
        return index;
    }

    /** Sections embedded while opening (those missing from the embedding cache). */
    public int embeddingsComputed() {
        return index.embedded;
    }

    /** Seconds spent computing embeddings while opening. */
    public double embeddingSeconds() {
        return index.embedSeconds;
    }

    public SearchMode mode() {
        return index.vectors ? SearchMode.HYBRID : SearchMode.KEYWORD;
    }

    /** Number of indexed sections. */
    public int sectionCount() {
        return index.sections.size();
    }

    /** Whether opening rebuilt the index (false when an up-to-date one was reused). */
    public boolean rebuilt() {
        return index.rebuilt;
    }

    @Override
    public List<SearchHit> search(SearchRequest request) {
        return reading(search -> search.searchOpen(request));
    }

    /**
     * Runs {@code work} holding a reference to the reader, so closing this search meanwhile (a new
     * version served) leaves the reader open until it is done.
     */
    private <T> T reading(Function<LuceneSiteSearch, T> work) {
        LuceneSiteSearch filled = live == null ? null : live.newest();
        if (filled != null && filled != this && filled.site == site && filled.index != index && filled.index.tryAcquire()) {
            try {
                return work.apply(filled); // the same content with more vectors in
            } finally {
                filled.index.release();
            }
        }
        if (index.tryAcquire()) {
            try {
                return work.apply(this);
            } finally {
                index.release();
            }
        }
        if (successor == null) {
            throw new AlreadyClosedException("the search index of " + site.name() + " was closed");
        }
        try (LuceneSiteSearch newer = successor.get()) {
            return work.apply(newer);
        }
    }

    private List<SearchHit> searchOpen(SearchRequest request) {
        Preference preference = preference(request);
        if (request.filter().language() != null) {
            return search(request, EnumSet.of(LanguageAnalysis.of(request.filter().language())),
                    semanticModel(request.filter().language()), preference);
        }
        // Without a language filter the preferred language answers; the others only when it finds nothing
        // (searching every language's fields at once would multiply the cost for little gain).
        LanguageAnalysis preferred = LanguageAnalysis.of(preference.language());
        List<SearchHit> hits = analyses.contains(preferred)
                ? search(request, EnumSet.of(preferred), semanticModel(preference.language()), preference) : List.of();
        if (hits.isEmpty() && !(analyses.size() == 1 && analyses.contains(preferred))) {
            // Every language at once: the embedding side only when one model embedded every section.
            EmbeddingModel only = allEmbedded && models.size() == 1 ? models.iterator().next() : null;
            hits = search(request, analyses, index.vectors ? only : null, preference);
        }
        return hits;
    }

    /** @param model the model whose vectors take part (the embedding side), or null for BM25 alone */
    private List<SearchHit> search(SearchRequest request, Set<LanguageAnalysis> inPlay, EmbeddingModel model,
                                   Preference preference) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        Map<LanguageAnalysis, Double> maxScore = new LinkedHashMap<>();
        Map<LanguageAnalysis, Set<String>> queryTerms = new LinkedHashMap<>();
        int clauses = 0;
        for (LanguageAnalysis a : inPlay) {
            double max = 0;
            Set<String> terms = a.queryTerms(request.query());
            queryTerms.put(a, terms);
            for (String term : terms) {
                if (clauses >= MAX_TERMS) {
                    break;
                }
                clauses++;
                // Each term's statistics are looked up once, here, for its idf and for the query's scoring alike.
                Term headTerm = new Term(a.field("head"), term);
                Term bodyTerm = new Term(a.field("body"), term);
                TermStates head = termStates(headTerm);
                TermStates body = termStates(bodyTerm);
                query.add(new BoostQuery(new TermQuery(headTerm, head), HEAD), Occur.SHOULD);
                query.add(new TermQuery(bodyTerm, body), Occur.SHOULD);
                if (!a.pairsCharacters() || body.docFreq() > 0 || head.docFreq() > 0) {
                    max += idf(bodyTerm.field(), body.docFreq()) * (1 + HEAD);
                }
            }
            maxScore.put(a, max);
        }
        if (clauses == 0) {
            return List.of();
        }
        query.setMinimumNumberShouldMatch(1);
        Query filter = filter(request.filter(), restricted);
        if (filter != null) {
            query.add(filter, Occur.FILTER);
        }
        int depth = Math.max(40, request.pageSize() * 8);
        try {
            List<RankedPage> ranked;
            // A query of one or two words (a key, a flag, a name) is answered by its exact terms: no embedding.
            if (model != null && !QueryShape.keywordsSuffice(request.query())) {
                // BM25 first, on this thread: when its best page is decisive the model is not run at all (ModelGate).
                List<RankedPage> keyword = keywordRanking(query.build(), depth, maxScore, queryTerms, preference);
                if (ModelGate.decisive(keyword)) {
                    ranked = keyword;
                } else if (SentenceEmbedder.questionVectors() == QuestionVectors.STATIC_FIRST) {
                    ranked = staticFirst(model, request.query(), keyword, filter, depth, preference);
                } else {
                    float[] embedding = SentenceEmbedder.embedQuery(model, request.query());
                    ranked = HybridFusion.fuse(keyword, semanticRanking(model, embedding, filter, depth, preference),
                            page -> fusedWeight(page, preference), this::embedded);
                }
            } else {
                ranked = keywordRanking(query.build(), depth, maxScore, queryTerms, preference);
            }
            return ranked.stream()
                    .filter(c -> c.reportedScore() >= request.scoreThreshold())
                    .limit(request.pageSize())
                    .map(RankedPage::hit)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@link QuestionVectors#STATIC_FIRST}: the ranking with the static question vector when the static
     * vector's nearest page is BM25's best page too, else the model's. This keeps recall and spares the model
     * for few questions (8 of 228 on the dev sets); gating on the fused ranking's best page instead spared it
     * for 193 and lost recall (bench/RESULTS.md, "A static question vector").
     */
    private List<RankedPage> staticFirst(EmbeddingModel model, String question, List<RankedPage> keyword, Query filter, int depth,
                                         Preference preference) throws IOException {
        float[] cheap = SentenceEmbedder.staticQuery(model, question);
        if (cheap != null && !keyword.isEmpty()) {
            List<RankedPage> semantic = semanticRanking(model, cheap, filter, depth, preference);
            if (!semantic.isEmpty() && semantic.getFirst().pagePath().equals(keyword.getFirst().pagePath())) {
                STATIC_FIRST_KEPT.increment();
                return HybridFusion.fuse(keyword, semantic, page -> fusedWeight(page, preference), this::embedded);
            }
        }
        STATIC_FIRST_EMBEDDED.increment();
        return HybridFusion.fuse(keyword, semanticRanking(model, SentenceEmbedder.embedQuery(model, question), filter, depth, preference),
                page -> fusedWeight(page, preference), this::embedded);
    }

    /** For SearchEval: questions {@link QuestionVectors#STATIC_FIRST} ranked with the static vector, and with the model. */
    public static long[] staticFirstCounts() {
        return new long[] {STATIC_FIRST_KEPT.sum(), STATIC_FIRST_EMBEDDED.sum()};
    }

    /** The model of questions in {@code language} when the index holds its vectors (hybrid mode), else null. */
    private EmbeddingModel semanticModel(String language) {
        return index.vectors ? SentenceEmbedder.modelFor(language).filter(models::contains).orElse(null) : null;
    }

    /** The filters as one query (null when nothing filters), for BM25 and the vector search alike. */
    private static Query filter(SearchFilter filter, boolean restricted) {
        BooleanQuery.Builder query = new BooleanQuery.Builder();
        int clauses = 0;
        if (filter.version() != null) {
            query.add(anyOf(SiteIndex.VERSION, List.of(filter.version(), SiteIndex.NONE)), Occur.FILTER);
            clauses++;
        }
        if (filter.language() != null) {
            query.add(anyOf(SiteIndex.LANGUAGE, List.of(filter.language(), SiteIndex.NONE)), Occur.FILTER);
            clauses++;
        }
        if (filter.tag() != null) {
            query.add(new TermQuery(new Term(SiteIndex.TAG, filter.tag().toLowerCase(Locale.ROOT))), Occur.FILTER);
            clauses++;
        }
        if (restricted) {
            List<String> access = new ArrayList<>(filter.groups());
            access.add(SiteIndex.PUBLIC);
            query.add(anyOf(SiteIndex.ACCESS, access), Occur.FILTER);
            clauses++;
        }
        return clauses == 0 ? null : query.build();
    }

    private static Query anyOf(String field, List<String> values) {
        return new TermInSetQuery(field, values.stream().map(BytesRef::new).toList());
    }

    /** Whether any section holds the term, in its head or its body. */
    private boolean occurs(LanguageAnalysis a, String term) {
        try {
            return index.reader.docFreq(new Term(a.field("body"), term)) > 0
                    || index.reader.docFreq(new Term(a.field("head"), term)) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A term's statistics in this index, as its {@link TermQuery} would look them up. */
    private TermStates termStates(Term term) {
        try {
            return TermStates.build(searcher, term, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** BM25's idf of a term found in {@code freq} sections: what one fully matching field of weight 1 adds to a score. */
    private double idf(String field, long freq) {
        try {
            long docs = Math.max(1, index.reader.getDocCount(field));
            return Math.log(1 + (docs - freq + 0.5) / (freq + 0.5));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * BM25 hits as pages, best first; relevance is the share of the best conceivable match, lifted
     * when the section's heading is the query ({@link HeadingMatch}), and the rank score is that
     * relevance times the page's weight.
     */
    private List<RankedPage> keywordRanking(Query query, int depth, Map<LanguageAnalysis, Double> maxScore,
                                            Map<LanguageAnalysis, Set<String>> queryTerms, Preference preference) {
        try {
            ScoreDoc[] top = searcher.search(query, depth).scoreDocs;
            List<RankedPage> sections = new ArrayList<>(top.length);
            for (ScoreDoc hit : top) {
                int ord = ord(hit.doc);
                IndexedSection section = index.sections.get(ord);
                double share = hit.score / Math.max(1e-9, maxScore.getOrDefault(section.analysis(), 1.0));
                double relevance = HeadingMatch.lifted(share,
                        HeadingMatch.of(index.headingTerms.of(ord), queryTerms.getOrDefault(section.analysis(), Set.of())));
                sections.add(new RankedPage(section, relevance * weight(section.page(), preference), Math.min(1.0, relevance)));
            }
            return bestPerPage(sections);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The sections nearest the query's embedding, found by HNSW inside the same filters as BM25
     * (the filter runs in the graph search, so a filtered query still gets {@code depth} hits),
     * as pages best first. Relevance is the cosine similarity; hits below {@link #MIN_SIMILARITY}
     * are unrelated text and left out.
     */
    private List<RankedPage> semanticRanking(EmbeddingModel model, float[] embedding, Query filter, int depth,
                                             Preference preference) throws IOException {
        float[] target = index.centre.apply(model, embedding);
        ScoreDoc[] top = searcher.search(new KnnFloatVectorQuery(SiteIndex.vectorField(model), target, depth, filter), depth).scoreDocs;
        List<RankedPage> sections = new ArrayList<>(top.length);
        for (ScoreDoc hit : top) {
            double cosine = 2 * hit.score - 1; // Lucene scores a dot product d as (1 + d) / 2
            if (cosine >= MIN_SIMILARITY) {
                IndexedSection section = section(hit.doc);
                // No size prior here: centring already keeps generic sections from matching everything.
                Page page = section.page();
                sections.add(new RankedPage(section, cosine * Math.sqrt(page.boost()) * preference.factor(page), cosine));
            }
        }
        return bestPerPage(sections);
    }

    /**
     * The page's boost, the version/language preference and the size prior. The boost is the
     * author's multiplier on relevance; raw scores spread wider than the similarity scores it was
     * designed for, so its square root keeps a ×5 page from outranking far better matches.
     */
    private static double weight(Page page, Preference preference) {
        return Math.sqrt(page.boost()) * preference.factor(page) * sizePrior(page.sections().size());
    }

    /**
     * The page's weight on a fused score. Fused scores sit close together (0 to about 1), so the
     * boost counts as its fourth root there (×3 → ×1.32): sites boost whole navigation groups (a
     * third of one corpus carries ×3), and a boost should order comparable matches, not lift a group
     * over far better ones.
     */
    private static double fusedWeight(Page page, Preference preference) {
        return Math.pow(page.boost(), 0.25) * preference.factor(page) * sizePrior(page.sections().size());
    }

    /** Sections to pages: each page once, with its best section, ordered by rank score. */
    private static List<RankedPage> bestPerPage(List<RankedPage> sections) {
        Map<String, RankedPage> best = new LinkedHashMap<>();
        for (RankedPage s : sections) {
            best.merge(s.pagePath(), s, (a, b) -> b.rankScore() > a.rankScore() ? b : a);
        }
        return best.values().stream().sorted(Comparator.comparingDouble(RankedPage::rankScore).reversed()).toList();
    }

    /**
     * A page's best section is the maximum over all its sections, so a page with hundreds of them
     * (a generated reference) wins by chance on loosely related questions; this evens the odds.
     */
    static double sizePrior(int sections) {
        return 1 / (1 + SIZE_PRIOR * Math.log(Math.max(1.0, sections / (double) SIZE_PRIOR_FROM)));
    }

    private IndexedSection section(int doc) {
        return index.section(doc);
    }

    /** The {@code ord} of a document: its section's position in {@link SiteIndex#sections}. */
    private int ord(int doc) {
        return index.ord(doc);
    }

    /** Which version and language rank first: the filter's, else the current page's, else the site defaults. */
    private Preference preference(SearchRequest request) {
        Optional<Page> current = request.currentPath() == null ? Optional.empty() : site.page(request.currentPath());
        String version = request.filter().version() != null ? null
                : current.map(Page::version).orElse(site.navigation().defaultVersion());
        String language = request.filter().language() != null ? null
                : current.map(Page::language).orElse(site.navigation().defaultLanguage());
        return new Preference(version, language, current.map(Page::path).orElse(null));
    }

    private record Preference(String version, String language, String currentPath) {
        double factor(Page page) {
            double f = 1;
            if (version != null && page.version() != null && !version.equals(page.version())) {
                f *= OTHER_VERSION;
            }
            if (language != null && page.language() != null && !language.equals(page.language())) {
                f *= OTHER_LANGUAGE;
            }
            if (currentPath != null) {
                f *= 1 + 0.05 * Math.min(3, sharedFolders(currentPath, page.path()));
            }
            return f;
        }

        private static int sharedFolders(String a, String b) {
            String[] x = a.split("/");
            String[] y = b.split("/");
            int n = 0;
            while (n < x.length - 1 && n < y.length - 1 && x[n].equals(y[n])) {
                n++;
            }
            return n;
        }
    }

    @Override
    public Optional<PageContent> page(String path, List<String> groups) {
        return site.page(path)
                .filter(p -> p.visibleTo(groups))
                .map(p -> new PageContent("/" + p.path(), p.title(), p.fullMarkdown()));
    }

    @Override
    public boolean mentions(String word) {
        return reading(search -> search.mentionsOpen(word));
    }

    private boolean mentionsOpen(String word) {
        for (LanguageAnalysis a : analyses) {
            Set<String> terms = a.terms(word);
            if (terms.isEmpty()) {
                return true; // a stop word: nothing to look for
            }
            for (String term : terms) {
                if (occurs(a, term)) {
                    return true;
                }
            }
        }
        return false;
    }

    public SiteContent site() {
        return site;
    }
}
