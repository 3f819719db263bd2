package dev.docsassistant.search;


import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The sentence-embedding model, run in process on the CPU with ONNX Runtime: all-MiniLM-L6-v2
 * (quantised, 384 dimensions), shipped inside its jar, so nothing is fetched at run time. It was
 * trained on English; other languages are searched by BM25 alone (see {@link #covers}).
 *
 * <p>Loading takes seconds, so the model loads once per process, in the background as soon as
 * a hybrid site asks for it, and every site shares it.
 */
public final class SentenceEmbedder {
    /** Names the model in cache keys and index fingerprints: a new model never reuses old vectors. */
    public static final String MODEL_ID = "all-minilm-l6-v2-q";
    public static final int DIMENSION = 384;
    /**
     * Texts are cut here: the model was trained on inputs of at most 128–256 word pieces, and a
     * section's heading and first paragraphs say what it is about; longer input costs time and
     * blurs the vector.
     */
    static final int MAX_CHARS = 1000;

    private static final CompletableFuture<MiniLmModel> MODEL = new CompletableFuture<>();
    /** Its own small pool: embedding a corpus must not take every core of a serving process. */
    private static final ExecutorService CORPUS = Executors.newFixedThreadPool(
            Math.max(1, Runtime.getRuntime().availableProcessors()), Thread.ofPlatform().daemon().name("embedding-", 0).factory());
    private static volatile boolean loading;

    private SentenceEmbedder() {
    }

    /** Starts loading the model in the background (once per process). */
    public static void preload() {
        if (loading) {
            return;
        }
        synchronized (SentenceEmbedder.class) {
            if (!loading) {
                loading = true;
                Thread.ofPlatform().daemon().name("embedding-model-load").start(() -> {
                    try {
                        MODEL.complete(new MiniLmModel());
                    } catch (Throwable e) {
                        MODEL.completeExceptionally(e);
                    }
                });
            }
        }
    }

    private static MiniLmModel model() {
        preload();
        return MODEL.join();
    }

    /** Whether the model understands text of this analysis (English only). */
    static boolean covers(LanguageAnalysis analysis) {
        return analysis == LanguageAnalysis.EN;
    }

    /** The unit-length vector of one text (a query). */
    public static float[] embed(String text) {
        return normalise(model().embed(clip(text)));
    }

    /** Unit-length vectors of many texts, in order; spread over the model's threads. */
    public static List<float[]> embedAll(List<String> texts) {
        MiniLmModel model = model();
        List<CompletableFuture<float[]>> parts = texts.stream()
                .map(t -> CompletableFuture.supplyAsync(() -> normalise(model.embed(clip(t))), CORPUS)).toList();
        List<float[]> out = new ArrayList<>(texts.size());
        parts.forEach(p -> out.add(p.join()));
        return out;
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
