package dev.docsassistant.bench;

import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scores search on the dev sets (shared and the project's own, by part) in both modes side by side: recall@1/3/5/10 and MRR@10 per
 * corpus, per kind and per language, plus how much generic pages crowd the top 3. A search
 * "abstains" when no result reaches {@link #ABSTAIN_BELOW}. Run:
 * {@code bench/run SearchEval [-v] [--parts=dev,tune,aside] [--model=bge-small-en-v15-q]
 * [--question-vectors=static|static-both|static-first|static-mapped|layers-mapped --layers-graph=F] [--model-always] [--batched-questions=N]} ({@code -v} lists
 * each question's results, never those of the aside part).
 * Embeddings are cached in {@code bench/target/embedding-cache}, so only the first run computes them.
 */
public final class SearchEval {
    static final double ABSTAIN_BELOW = 0.09;
    static final Path EMBEDDINGS = Path.of("bench", "target", "embedding-cache");
    /** Where this run's section vectors are cached: {@link #EMBEDDINGS}, or beside it for static section vectors. */
    private static Path embeddings = EMBEDDINGS;

    private SearchEval() {
    }

    public static void main(String[] args) throws Exception {
        boolean verbose = List.of(args).contains("-v");
        List<String> parts = DevSet.parts(args);
        List<String> models = List.of(args).stream().filter(a -> a.startsWith("--model=")).map(a -> a.substring(8)).toList();
        if (!models.isEmpty()) {
            dev.docsassistant.search.SentenceEmbedder.useEnglishModel(dev.docsassistant.search.EmbeddingModel.parse(models.get(0)));
        }
        if (List.of(args).contains("--other-languages=english")) {
            dev.docsassistant.search.SentenceEmbedder.embedOtherLanguagesInEnglish(true);
        }
        dev.docsassistant.search.QuestionVectors questionVectors = List.of(args).stream().filter(a -> a.startsWith("--question-vectors="))
                .map(a -> dev.docsassistant.search.QuestionVectors.valueOf(a.substring(19).toUpperCase(Locale.ROOT).replace('-', '_')))
                .findFirst().orElse(dev.docsassistant.search.QuestionVectors.MODEL);
        dev.docsassistant.search.SentenceEmbedder.useQuestionVectors(questionVectors, EMBEDDINGS);
        if (questionVectors == dev.docsassistant.search.QuestionVectors.STATIC_MAPPED) {
            StaticMapFit.fitAndInstall(EMBEDDINGS);
        }
        if (questionVectors == dev.docsassistant.search.QuestionVectors.LAYERS_MAPPED) {
            StaticMapFit.fitLayersAndInstall(EMBEDDINGS, Path.of(List.of(args).stream().filter(a -> a.startsWith("--layers-graph="))
                    .map(a -> a.substring(15)).findFirst().orElseThrow(() -> new IllegalArgumentException("--layers-graph=<onnx file> is needed"))));
        }
        for (String a : args) {
            if (a.startsWith("--batched-questions=")) { // each question embedded with others of its length, as under load
                List<String> pool = new java.util.ArrayList<>();
                for (String corpus : DevSet.CORPORA) {
                    DevSet.all(corpus).forEach(q -> pool.add(q.q()));
                }
                dev.docsassistant.search.SentenceEmbedder.batchEachQuestionWith(pool, Integer.parseInt(a.substring(20)));
                System.out.println("each question embedded with others of its length, batches of " + a.substring(20));
            }
        }
        if (List.of(args).contains("--model-always")) { // every hybrid question embedded, as before the model gate
            dev.docsassistant.search.ModelGate.useDecisiveRelevance(Double.POSITIVE_INFINITY);
        }
        // Sections from the static table must not land in the cache of the model's section vectors.
        embeddings = questionVectors == dev.docsassistant.search.QuestionVectors.STATIC_BOTH
                ? EMBEDDINGS.resolveSibling("embedding-cache-static") : EMBEDDINGS;
        System.out.println("English model: " + dev.docsassistant.search.SentenceEmbedder.englishModel().id() + "; question vectors: "
                + questionVectors.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        for (String corpus : DevSet.CORPORA) {
            Map<String, Map<SearchMode, Scores>> groups = new TreeMap<>();
            Map<SearchMode, Crowding> crowding = new HashMap<>();
            for (SearchMode mode : SearchMode.values()) {
                LuceneSiteSearch search = open(corpus, mode);
                Crowding crowd = crowding.computeIfAbsent(mode, m -> new Crowding());
                for (DevSet.Question q : DevSet.all(corpus).stream().filter(q -> parts.contains(q.part())).toList()) {
                    List<SearchHit> hits = search.search(request(q, 10));
                    List<String> ranked = hits.stream().map(SearchHit::path).toList();
                    boolean abstain = hits.stream().mapToDouble(SearchHit::score).max().orElse(0) < ABSTAIN_BELOW;
                    for (String group : List.of("all", "part " + q.part(), "kind " + q.kind(),
                            "language " + (q.language() == null ? "en" : q.language()),
                            "part " + q.part() + " kind " + q.kind())) {
                        groups.computeIfAbsent(group, k -> new TreeMap<>()).computeIfAbsent(mode, m -> new Scores())
                                .add(q, ranked, abstain);
                    }
                    crowd.add(q, ranked);
                    if (verbose && !q.part().equals("aside")) { // the aside part is scored, never looked at
                        System.out.printf(Locale.ROOT, "%s %s [%s] top=%.3f expect=%s%n    got=%s%n", mode, q.q(), q.kind(),
                                hits.isEmpty() ? 0 : hits.get(0).score(), q.expect(),
                                ranked.stream().limit(5).map(DevSet::norm).toList());
                    }
                }
            }
            System.out.println("== " + corpus);
            groups.forEach((group, byMode) -> byMode.forEach((mode, scores) ->
                    System.out.println(scores.row(String.format(Locale.ROOT, "%-8s %s", mode.name().toLowerCase(Locale.ROOT), group)))));
            crowding.forEach((mode, c) -> System.out.println(mode.name().toLowerCase(Locale.ROOT) + " " + c.summary()));
        }
        long[] gate = dev.docsassistant.search.ModelGate.counts();
        System.out.printf(Locale.ROOT, "model gate: %d hybrid questions ranked by BM25 alone, %d went on to the model%n", gate[0], gate[1]);
        if (questionVectors == dev.docsassistant.search.QuestionVectors.STATIC_FIRST) {
            long[] counts = LuceneSiteSearch.staticFirstCounts();
            System.out.printf(Locale.ROOT, "static first: %d questions ranked with the static vector, %d embedded by the model%n",
                    counts[0], counts[1]);
        }
    }

    static SearchRequest request(DevSet.Question q, int pageSize) {
        return new SearchRequest(q.q(), pageSize, 0, new SearchFilter(q.version(), q.language(), null, List.of()), null);
    }

    /** Reads and indexes a corpus into a fresh temporary index, printing the time it took. */
    static LuceneSiteSearch open(String corpus, SearchMode mode) throws Exception {
        Path indexDir = Files.createTempDirectory("docs-assistant-bench-");
        long start = System.nanoTime();
        SiteContent site = SiteReader.read(DevSet.corpus(corpus));
        long read = System.nanoTime();
        LuceneSiteSearch search = LuceneSiteSearch.open(site, indexDir, mode == SearchMode.HYBRID
                ? SearchSettings.hybrid(embeddings) : SearchSettings.KEYWORD);
        long done = System.nanoTime();
        System.out.printf(Locale.ROOT, "%s (%s): %d pages, %d sections; read %.2f s, indexed %.2f s (%d embedded in %.1f s), "
                        + "total %.2f s%n", corpus, mode.name().toLowerCase(Locale.ROOT), site.pages().size(),
                search.sectionCount(), (read - start) / 1e9, (done - read) / 1e9, search.embeddingsComputed(),
                search.embeddingSeconds(), (done - start) / 1e9);
        return search;
    }
}
