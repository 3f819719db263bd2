package dev.docsassistant.search;


import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The sentence-embedding models, run in process on the CPU with ONNX Runtime and shipped inside their
 * jars, so nothing is fetched at run time: one model for English ({@link #englishModel}, chosen by
 * measurement, see bench/RESULTS.md) and one for Chinese. Pages in other languages are searched by
 * BM25 alone ({@link #modelFor}).
 *
 * <p>Loading a model takes seconds, so each loads once per process and every site shares it: the English
 * model in the background as soon as a hybrid site opens, the Chinese one on its first need (a Chinese
 * section missing from the embedding cache, or a Chinese question), so its native memory is held only by
 * servers that use it.
 */
public final class SentenceEmbedder {
    /** The English model unless the server is configured otherwise ({@code search.embedding-model}). */
    public static final EmbeddingModel DEFAULT_ENGLISH = EmbeddingModel.MINILM;
    /** The dimension of the English model's vectors (the one questions from insights are embedded with). */
    public static final int DIMENSION = 384;
    /**
     * Texts are cut here: the models were trained on inputs of at most 128–512 word pieces, and a
     * section's heading and first paragraphs say what it is about; longer input costs time and
     * blurs the vector.
     */
    static final int MAX_CHARS = 1000;

    private static final Map<EmbeddingModel, CompletableFuture<OnnxSentenceModel>> MODELS = new ConcurrentHashMap<>();
    /** Its own small pool: embedding a corpus must not take every core of a serving process. */
    private static final ExecutorService CORPUS = Executors.newFixedThreadPool(
            Math.max(1, Runtime.getRuntime().availableProcessors()), Thread.ofPlatform().daemon().name("embedding-", 0).factory());
    /** Texts per model run when embedding a corpus: padding to the longest costs less than it saves here. */
    private static final int PASSAGE_BATCH = 8;
    private static volatile EmbeddingModel english = DEFAULT_ENGLISH;
    private static volatile boolean otherLanguagesInEnglish = false;
    /** Questions embedded at once per model: concurrent questions queue and run as one batch (see QueryBatcher). */
    private static final Map<EmbeddingModel, QueryBatcher<long[]>> QUESTION_BATCHES = new ConcurrentHashMap<>();
    /**
     * Runs of the question model at the same time, beyond which questions queue and run in batches of about
     * one length. Unbounded by default ({@code search.question-batching} false): on the 2-core AVX2 machine
     * measured, batches of mixed length cost more CPU per question than separate runs; on the AVX-512 VNNI one,
     * batches by length cut a search's CPU at 50 clients by a fifth, but a batch's other questions move a
     * question's vector a little (the int8 model quantises a whole run's input with one scale: cosine 0.98–0.99
     * to its vector alone), and in batches of four or eight one dev-set page left the top 5 (bench/RESULTS.md,
     * "Batching questions by length"). A search's results then depend on what else is asked at that moment.
     */
    private static final int DEFAULT_QUESTION_SLOTS = Integer.MAX_VALUE;
    /** {@code search.question-batching}'s default. */
    public static final boolean DEFAULT_QUESTION_BATCHING = false;
    private static volatile int questionSlots = DEFAULT_QUESTION_SLOTS;
    /**
     * Questions per batch at most: on the AVX-512 VNNI machine measured, a run of eight questions of one length
     * costs 1.5 ms each against 2.7 alone (two 1.8, four 1.6, 32 1.4; bench/RESULTS.md, "Batching questions by
     * length").
     */
    private static final int QUESTION_BATCH = 8;
    /**
     * How many word pieces a batched question may differ from its batch's first: a batch is padded to its
     * longest question, and a padded piece costs as much as a real one.
     */
    private static volatile int questionSpread = 1;
    private static final QuestionVectorCache QUESTIONS = new QuestionVectorCache(QuestionVectorCache.DEFAULT_BYTES);
    private static volatile boolean cacheQuestions = true;
    private static final java.util.concurrent.atomic.LongAdder QUESTION_NANOS = new java.util.concurrent.atomic.LongAdder();
    private static volatile QuestionVectors questionVectors = QuestionVectors.MODEL;
    private static volatile java.nio.file.Path staticTables;
    private static final Map<EmbeddingModel, StaticTokenVectors> STATIC_TABLES = new ConcurrentHashMap<>();
    private static volatile QuestionReduction questionReduction = QuestionReduction.DEFAULT;

    private SentenceEmbedder() {
    }

    /**
     * Chooses the English model for this process; call before any site is indexed (the server does at
     * start-up). Indexes and caches are keyed by model, so switching re-embeds once.
     */
    public static void useEnglishModel(EmbeddingModel model) {
        if (model.dimension() != DIMENSION) {
            throw new IllegalArgumentException(model.id() + " has " + model.dimension() + " dimensions; English models need " + DIMENSION);
        }
        english = model;
    }

    /**
     * Whether languages without a model of their own (es, fr, de…) are embedded with the English
     * model too, beside BM25; off (the server's way): BM25 alone for them. For {@code SearchEval
     * --other-languages=english}: measured and not adopted (bench/RESULTS.md, "Tried after the choice").
     */
    public static void embedOtherLanguagesInEnglish(boolean on) {
        otherLanguagesInEnglish = on;
    }

    /**
     * For {@code SearchEval --question-vectors=…}: where question (and, with {@link QuestionVectors#STATIC_BOTH},
     * section) vectors come from from now on; the static word-piece tables are kept in {@code tables}.
     * Measured and not adopted (bench/RESULTS.md): the server runs the model.
     */
    public static void useQuestionVectors(QuestionVectors how, java.nio.file.Path tables) {
        staticTables = tables;
        questionVectors = how;
    }

    private static final Map<EmbeddingModel, float[][]> QUESTION_MAPS = new ConcurrentHashMap<>();
    private static final Map<EmbeddingModel, OnnxSentenceModel> LAYERS = new ConcurrentHashMap<>();

    /**
     * For benches: the linear map ({@code dimension + 1} rows, the last the bias, of {@code dimension} columns)
     * that {@link QuestionVectors#STATIC_MAPPED} and {@link QuestionVectors#LAYERS_MAPPED} put a cheaper question
     * vector of {@code model} through; {@code null}: none, the cheaper vector as it is.
     */
    public static void mapQuestions(EmbeddingModel model, float[][] map) {
        if (map == null) {
            QUESTION_MAPS.remove(model);
        } else {
            QUESTION_MAPS.put(model, map);
        }
        QUESTIONS.clear();
    }

    /**
     * For benches: {@link QuestionVectors#LAYERS_MAPPED} runs {@code graph} (the model cut after its first layers,
     * same inputs and output name) for {@code model}'s questions.
     */
    public static void layersForQuestions(EmbeddingModel model, java.nio.file.Path graph) {
        LAYERS.computeIfAbsent(model, m -> new OnnxSentenceModel(m, graph));
        QUESTIONS.clear();
    }

    /**
     * For benches ({@link QuestionVectors} other than the model): the question's vector from the static table or
     * the model's first layers, through the fitted map where the mode says; null where the model is to run.
     */
    private static float[] cheaperQuestionVector(EmbeddingModel model, String text) {
        float[] v = switch (questionVectors) {
            case STATIC, STATIC_BOTH, STATIC_MAPPED -> staticQuery(model, text);
            case LAYERS_MAPPED -> {
                OnnxSentenceModel layers = LAYERS.get(model);
                yield layers == null ? null
                        : normalise(layers.embedTokens(new long[][] {layers.tokens(model.query(modelText(model, clip(text))))})[0]);
            }
            case MODEL, STATIC_FIRST -> null;
        };
        float[][] map = QUESTION_MAPS.get(model);
        boolean mapped = questionVectors == QuestionVectors.STATIC_MAPPED || questionVectors == QuestionVectors.LAYERS_MAPPED;
        return v != null && mapped && map != null ? normalise(mapped(map, v)) : v;
    }

    private static float[] mapped(float[][] map, float[] v) {
        float[] out = map[v.length].clone(); // the bias row
        for (int i = 0; i < v.length; i++) {
            float x = v[i];
            float[] row = map[i];
            for (int d = 0; d < out.length; d++) {
                out[d] += x * row[d];
            }
        }
        return out;
    }

    static QuestionVectors questionVectors() {
        return questionVectors;
    }

    /**
     * The question's unit-length vector from {@code model}'s static word-piece table (distilled on
     * first use), or null when none of its pieces is in the table.
     */
    static float[] staticQuery(EmbeddingModel model, String text) {
        return staticVector(model, model.query(clip(text)));
    }

    private static float[] staticVector(EmbeddingModel model, String text) {
        OnnxSentenceModel onnx = model(model);
        return STATIC_TABLES.computeIfAbsent(model, m -> StaticTokenVectors.of(onnx, staticTables)).embed(onnx.tokens(text));
    }

    public static EmbeddingModel englishModel() {
        return english;
    }

    /**
     * The model for text in a navigation language ({@code en}, {@code zh-Hans}; null for a site
     * without languages), or empty when no model covers it: such pages are searched by BM25 alone.
     */
    public static Optional<EmbeddingModel> modelFor(String language) {
        String base = language == null ? "en" : LanguageAnalysis.baseLanguage(language);
        return switch (base) {
            case "en" -> Optional.of(english);
            case "zh", "cn" -> Optional.of(EmbeddingModel.BGE_SMALL_ZH);
            default -> otherLanguagesInEnglish ? Optional.of(english) : Optional.empty();
        };
    }

    /** Starts loading a model in the background (once per process). */
    public static void preload(EmbeddingModel model) {
        MODELS.computeIfAbsent(model, m -> {
            CompletableFuture<OnnxSentenceModel> loaded = new CompletableFuture<>();
            Thread.ofPlatform().daemon().name("embedding-model-load").start(() -> {
                try {
                    loaded.complete(new OnnxSentenceModel(m));
                } catch (Throwable e) {
                    loaded.completeExceptionally(e);
                }
            });
            return loaded;
        });
    }

    /** Whether {@code model} is loaded or loading in this process. */
    static boolean loaded(EmbeddingModel model) {
        return MODELS.containsKey(model);
    }

    /** For tests: forgets a loaded model, as if this process had never needed it (the next need loads it again). */
    static void unload(EmbeddingModel model) {
        QUESTION_BATCHES.remove(model);
        CompletableFuture<OnnxSentenceModel> loading = MODELS.remove(model);
        if (loading != null) {
            loading.join().close();
        }
    }

    private static OnnxSentenceModel model(EmbeddingModel model) {
        preload(model);
        return MODELS.get(model).join();
    }

    /**
     * The unit-length vector of a question, as {@code model} expects questions: from the cache of
     * recent questions, else embedded with whatever other questions wait for the same model.
     */
    public static float[] embedQuery(EmbeddingModel model, String text) {
        long start = System.nanoTime();
        try {
            float[] cheaper = questionVectors == QuestionVectors.MODEL ? null : cheaperQuestionVector(model, text);
            if (cheaper != null) {
                return cheaper;
            }
            OnnxSentenceModel onnx = model(model);
            String question = clip(text);
            float[] cached = cacheQuestions ? QUESTIONS.get(model, onnx.uncased(), question) : null;
            if (cached != null) {
                return cached;
            }
            long[] pieces = onnx.tokens(model.query(modelText(model, question))); // on the caller's thread, before any queue
            float[] v = batchedWith == null
                    ? normalise(QUESTION_BATCHES.computeIfAbsent(model, m -> new QueryBatcher<long[]>(
                            batch -> onnx.embedTokens(batch.toArray(long[][]::new)), ids -> ids.length, questionSpread,
                            questionSlots, QUESTION_BATCH)).embed(pieces))
                    : normalise(onnx.embedTokens(batchedWith.batch(model, onnx, pieces))[0]);
            if (cacheQuestions) {
                QUESTIONS.put(model, onnx.uncased(), question, v);
            }
            return v;
        } finally {
            QUESTION_NANOS.add(System.nanoTime() - start);
        }
    }

    /**
     * For benches: each question is embedded in one run with {@code size - 1} others from {@code pool} whose word
     * pieces are within the batcher's spread of its own, as the batcher groups questions under load (the int8
     * model quantises a run's input with one scale, so a batch's other questions move a question's vector a
     * little); {@code null} pool: alone again. Deterministic: the others are taken in pool order from a place
     * chosen by the question. Clears the question cache.
     */
    public static void batchEachQuestionWith(List<String> pool, int size) {
        batchedWith = pool == null ? null : new Companions(pool, size);
        QUESTIONS.clear();
    }

    private static volatile Companions batchedWith;

    private record Companions(List<String> pool, int size, Map<EmbeddingModel, List<long[]>> pieces) {
        Companions(List<String> pool, int size) {
            this(List.copyOf(pool), size, new ConcurrentHashMap<>());
        }

        long[][] batch(EmbeddingModel model, OnnxSentenceModel onnx, long[] own) {
            List<long[]> all = pieces.computeIfAbsent(model, m -> pool.stream().map(q -> onnx.tokens(m.query(modelText(m, q)))).toList());
            List<long[]> batch = new java.util.ArrayList<>(List.of(own));
            int start = Math.floorMod(java.util.Arrays.hashCode(own), all.size());
            for (int i = 0; i < all.size() && batch.size() < size; i++) {
                long[] other = all.get((start + i) % all.size());
                if (Math.abs(other.length - own.length) <= questionSpread && !java.util.Arrays.equals(other, own)) {
                    batch.add(other);
                }
            }
            return batch.toArray(long[][]::new);
        }
    }

    /** What of a question {@code model} reads: English questions reduced ({@link QuestionReduction}), others as asked. */
    static String modelText(EmbeddingModel model, String question) {
        String spaced = QuestionVectorCache.embeddable(question);
        return model == EmbeddingModel.BGE_SMALL_ZH ? spaced : questionReduction.apply(spaced);
    }

    /** The reduction English questions get before the model. */
    public static QuestionReduction questionReduction() {
        return questionReduction;
    }

    /** For benches: the reduction English questions get from now on; clears the question cache. */
    public static void reduceQuestions(QuestionReduction reduction) {
        questionReduction = reduction;
        QUESTIONS.clear();
    }

    /**
     * For benches and tests: how questions are embedded from now on ({@code slots} concurrent model
     * runs, unbounded by default, or {@code 0} for that default; {@code cache} on by default).
     * Clears the question cache.
     */
    public static void configureQuestions(int slots, boolean cache) {
        configureQuestions(slots, questionSpread, cache);
    }

    /** As {@link #configureQuestions(int, boolean)}, and how far in word pieces a batched question's length may be from its batch's first. */
    public static void configureQuestions(int slots, int spread, boolean cache) {
        if (slots < 0 || spread < 0) {
            throw new IllegalArgumentException("slots must be 0 (the default) or more, spread 0 or more");
        }
        questionSpread = spread;
        questionSlots = slots == 0 ? DEFAULT_QUESTION_SLOTS : slots;
        cacheQuestions = cache;
        QUESTION_BATCHES.clear();
        QUESTIONS.clear();
    }

    /**
     * Whether question-model runs are bounded to one per core, questions arriving meanwhile batched by length
     * ({@code search.question-batching}); off, every question runs at once on its own. Empties the queues' state.
     */
    public static void batchQuestions(boolean on) {
        // One core fewer than the machine has: a run pins its carrier thread (a native call), so with a run on
        // every core no request could even reach the queue; the spare core gathers the next batch.
        configureQuestions(on ? Math.max(1, Runtime.getRuntime().availableProcessors() - 1) : 0, questionSpread, cacheQuestions);
    }

    /** Whether question-model runs are bounded and questions batched ({@code search.question-batching}). */
    public static boolean questionsBatched() {
        return questionSlots != DEFAULT_QUESTION_SLOTS;
    }

    /** Whether recently asked questions keep their vectors ({@code search.question-cache}); off empties the cache. */
    public static void cacheQuestions(boolean on) {
        cacheQuestions = on;
        if (!on) {
            QUESTIONS.clear();
        }
    }

    public static boolean questionsCached() {
        return cacheQuestions;
    }

    /** For benches: question-cache hits, misses, entries and bytes since the last {@link #configureQuestions}. */
    public static long[] questionCacheStats() {
        long[] c = QUESTIONS.counts();
        return new long[] {c[0], c[1], QUESTIONS.size(), QUESTIONS.bytes()};
    }

    /** For benches: nanoseconds spent in {@link #embedQuery} since the process started, over all threads. */
    public static long questionEmbeddingNanos() {
        return QUESTION_NANOS.sum();
    }

    /** The unit-length vector of a question with the English model (how insights compare questions). */
    public static float[] embed(String text) {
        return embedQuery(english, text);
    }

    /** Unit-length vectors of many questions with the English model, in order. */
    public static List<float[]> embedAll(List<String> questions) {
        return embedMany(english, questions.stream().map(q -> english.query(clip(q))).toList());
    }

    /** Unit-length vectors of sections, in order; spread over the embedding threads. */
    static List<float[]> embedPassages(EmbeddingModel model, List<String> texts) {
        if (questionVectors == QuestionVectors.STATIC_BOTH) {
            float[] none = new float[model.dimension()]; // a section of special tokens only: similar to nothing
            return texts.stream().map(t -> java.util.Objects.requireNonNullElse(staticVector(model, model.passage(clip(t))), none)).toList();
        }
        return embedMany(model, texts.stream().map(t -> model.passage(clip(t))).toList());
    }

    /** Texts of similar length run together (sorted by length), so little of a batch is padding. */
    private static List<float[]> embedMany(EmbeddingModel spec, List<String> inputs) {
        OnnxSentenceModel model = model(spec);
        Integer[] order = new Integer[inputs.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingInt(i -> inputs.get(i).length()));
        List<CompletableFuture<Void>> parts = new ArrayList<>();
        float[][] out = new float[inputs.size()][];
        for (int from = 0; from < order.length; from += PASSAGE_BATCH) {
            List<Integer> batch = List.of(order).subList(from, Math.min(order.length, from + PASSAGE_BATCH));
            parts.add(CompletableFuture.runAsync(() -> {
                float[][] vectors = model.embed(batch.stream().map(inputs::get).toList());
                for (int j = 0; j < vectors.length; j++) {
                    out[batch.get(j)] = normalise(vectors[j]);
                }
            }, CORPUS));
        }
        parts.forEach(CompletableFuture::join);
        return List.of(out);
    }

    static String clip(String text) {
        String t = text.isBlank() ? "-" : text; // the model refuses empty input
        return t.length() <= MAX_CHARS ? t : t.substring(0, MAX_CHARS);
    }

    /** Scales {@code v} to unit length in place (dot products of unit vectors are cosines) and returns it. */
    static float[] normalise(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += x * x;
        }
        float norm = (float) Math.sqrt(sum);
        if (norm > 0) {
            for (int i = 0; i < v.length; i++) {
                v[i] /= norm;
            }
        }
        return v;
    }
}
