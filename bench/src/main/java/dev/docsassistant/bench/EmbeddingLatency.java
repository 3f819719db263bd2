package dev.docsassistant.bench;

import dev.docsassistant.search.EmbeddingModel;
import dev.docsassistant.search.SentenceEmbedder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The question embedding alone, per model, in process and warm: p50/p99 of one question on one
 * thread over every dev question of both corpora (the question cache off: each is run through the model). Run:
 * {@code bench/run EmbeddingLatency [rounds] [model ...]}.
 */
public final class EmbeddingLatency {
    private EmbeddingLatency() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        List<EmbeddingModel> models = args.length > 1
                ? Arrays.stream(args).skip(1).map(EmbeddingModel::parse).toList() : List.of(EmbeddingModel.values());
        List<String> questions = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            DevSet.all(corpus).forEach(q -> questions.add(q.q()));
        }
        Machine.header("question embedding per model");
        SentenceEmbedder.configureQuestions(0, false); // every question through the model: no question cache
        for (EmbeddingModel model : models) {
            for (String q : questions) {
                SentenceEmbedder.embedQuery(model, q); // load and warm up
            }
            long[] nanos = new long[rounds * questions.size()];
            int n = 0;
            for (int r = 0; r < rounds; r++) {
                for (String q : questions) {
                    long start = System.nanoTime();
                    SentenceEmbedder.embedQuery(model, q);
                    nanos[n++] = System.nanoTime() - start;
                }
            }
            Arrays.sort(nanos);
            System.out.printf(Locale.ROOT, "%-20s %d questions: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms%n", model.id(), nanos.length,
                    nanos[nanos.length / 2] / 1e6, nanos[(int) (nanos.length * 0.9)] / 1e6, nanos[(int) (nanos.length * 0.99)] / 1e6);
        }
    }
}
