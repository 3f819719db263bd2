package dev.docsassistant.bench;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What one question costs by its length: runs of the int8 MiniLM with the server's session options (one
 * thread, no arena, no memory pattern; {@code arena} turns ONNX Runtime's arena on) on a made-up question of
 * n word pieces ([CLS], n − 2 copies of one piece, [SEP]), 300 runs after 100 of warm-up per length, twice
 * over all lengths (the second pass reported). The line through these points splits a run into what every
 * run pays (its fixed part) and what each word piece adds. Run: {@code bench/run EmbeddingByLength [arena]
 * [--graph=<onnx file>]} (another graph of the same inputs, e.g. the model cut after its first layers).
 */
public final class EmbeddingByLength {
    private static final int[] LENGTHS = {3, 4, 6, 8, 10, 12, 14, 16, 18, 20, 24, 32, 48, 64};
    private static final int RUNS = 300;
    private static final int WARM_UP = 100;

    private EmbeddingByLength() {
    }

    public static void main(String[] args) throws Exception {
        boolean arena = Arrays.asList(args).contains("arena");
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        String graph = Arrays.stream(args).filter(a -> a.startsWith("--graph=")).map(a -> a.substring(8)).findFirst().orElse(null);
        Machine.header("question cost by length, " + (graph == null ? "all-minilm-l6-v2-q" : graph) + ", arena " + arena
                + ", ONNX Runtime " + env.getVersion());
        OrtSession session = graph == null ? ModelSessions.open(env, "all-minilm-l6-v2-q", arena)
                : env.createSession(graph, ModelSessions.options(arena));
        for (int pass = 0; pass < 2; pass++) {
            for (int n : LENGTHS) {
                long[] ids = new long[n];
                Arrays.fill(ids, 2000);
                ids[0] = 101; // [CLS]
                ids[n - 1] = 102; // [SEP]
                long[] times = new long[RUNS];
                for (int r = 0; r < WARM_UP + RUNS; r++) {
                    long start = System.nanoTime();
                    ModelSessions.run(env, session, List.of(ids), hidden -> null);
                    if (r >= WARM_UP) {
                        times[r - WARM_UP] = System.nanoTime() - start;
                    }
                }
                Arrays.sort(times);
                if (pass == 1) {
                    System.out.printf(Locale.ROOT, "%d word pieces: p50 %.3f ms, p10 %.3f ms%n", n, times[RUNS / 2] / 1e6, times[RUNS / 10] / 1e6);
                }
            }
        }
        session.close();
    }
}
