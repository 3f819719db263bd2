package dev.docsassistant.bench;

import dev.docsassistant.search.SentenceEmbedder;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;

import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What batching saves: the caller's CPU per question when n questions run as one padded batch, with
 * the server's session options (one thread, no arena), for batches of equal-length questions (no
 * padding) and of dev questions of mixed length (padded to the longest). Measured interleaved. Run:
 * {@code bench/run EmbeddingBatchCost [rounds [resource]]}.
 */
public final class EmbeddingBatchCost {
    private EmbeddingBatchCost() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        String model = args.length > 1 ? args[1] : "all-minilm-l6-v2-q";
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        Machine.header("batch cost, " + model + ", ONNX Runtime " + env.getVersion());
        OrtSession session = ModelSessions.open(env, model, false);
        HuggingFaceTokenizer tokenizer;
        try (InputStream in = EmbeddingBatchCost.class.getClassLoader().getResourceAsStream(model + "-tokenizer.json")) {
            tokenizer = HuggingFaceTokenizer.newInstance(in, Map.of("padding", "false"));
        }
        List<long[]> dev = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            // as the server's model reads a question: reduced first (QuestionReduction)
            DevSet.questions(corpus).forEach(q -> dev.add(tokenizer.encode(
                    SentenceEmbedder.questionReduction().apply(q.q())).getIds()));
        }
        long[] one = dev.get(0);
        int[] sizes = {1, 2, 4, 8, 16, 32};
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[][] equal = new double[sizes.length][rounds];
        double[][] mixed = new double[sizes.length][rounds];
        for (int pass = 0; pass < 2; pass++) {
            for (int r = 0; r < rounds; r++) {
                for (int s = 0; s < sizes.length; s++) {
                    int n = sizes[s];
                    List<long[]> same = java.util.Collections.nCopies(n, one);
                    List<long[]> various = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        various.add(dev.get((r * 7 + i * 13) % dev.size()));
                    }
                    long c0 = threads.getCurrentThreadCpuTime();
                    ModelSessions.run(env, session, same, hidden -> null);
                    long c1 = threads.getCurrentThreadCpuTime();
                    ModelSessions.run(env, session, various, hidden -> null);
                    long c2 = threads.getCurrentThreadCpuTime();
                    equal[s][r] = (c1 - c0) / 1e6 / n;
                    mixed[s][r] = (c2 - c1) / 1e6 / n;
                }
            }
        }
        System.out.printf(Locale.ROOT, "questions of %d tokens (equal) and dev questions (mixed, %d–%d tokens)%n", one.length,
                dev.stream().mapToInt(a -> a.length).min().orElse(0), dev.stream().mapToInt(a -> a.length).max().orElse(0));
        System.out.println("batch | CPU per question, equal length (p50) | CPU per question, mixed lengths padded (p50)");
        for (int s = 0; s < sizes.length; s++) {
            Arrays.sort(equal[s]);
            Arrays.sort(mixed[s]);
            System.out.printf(Locale.ROOT, "%d | %.3f ms | %.3f ms%n", sizes[s], equal[s][rounds / 2], mixed[s][rounds / 2]);
        }
    }
}
