package dev.docsassistant.bench;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.docsassistant.search.SentenceEmbedder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * How much a question's vector moves when it runs in a batch instead of alone: the int8 model quantises each
 * product's input with one scale per run (dynamic quantisation), so the other questions of a batch change a
 * question's rounding. Every English dev question, reduced as the server reduces it, is embedded alone and then
 * with five others of lengths within one word piece of it (as the server batches) and of any length; reported:
 * the cosine between its vector alone and in the batch. Run: {@code bench/run BatchDrift}.
 */
public final class BatchDrift {
    private static final int DIMENSION = 384;
    private static final int OTHERS = 5;

    private BatchDrift() {
    }

    public static void main(String[] args) throws Exception {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        Machine.header("batch drift, all-minilm-l6-v2-q, ONNX Runtime " + env.getVersion());
        OrtSession session = ModelSessions.open(env, "all-minilm-l6-v2-q", false);
        HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(
                BatchDrift.class.getClassLoader().getResourceAsStream("all-minilm-l6-v2-q-tokenizer.json"), Map.of("padding", "false"));
        List<long[]> questions = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (DevSet.Question q : DevSet.all(corpus)) {
                if (q.language() == null || q.language().startsWith("en")) {
                    questions.add(tokenizer.encode(SentenceEmbedder.questionReduction().apply(q.q())).getIds());
                }
            }
        }
        Random random = new Random(7);
        List<Double> sameLength = new ArrayList<>();
        List<Double> anyLength = new ArrayList<>();
        for (int i = 0; i < questions.size(); i++) {
            long[] own = questions.get(i);
            float[] alone = run(env, session, List.of(own))[0];
            List<long[]> near = new ArrayList<>(List.of(own));
            List<long[]> any = new ArrayList<>(List.of(own));
            List<Integer> order = new ArrayList<>();
            for (int j = 0; j < questions.size(); j++) {
                order.add(j);
            }
            Collections.shuffle(order, random);
            for (int j : order) {
                if (j == i) {
                    continue;
                }
                if (near.size() <= OTHERS && Math.abs(questions.get(j).length - own.length) <= 1) {
                    near.add(questions.get(j));
                }
                if (any.size() <= OTHERS) {
                    any.add(questions.get(j));
                }
            }
            sameLength.add(cosine(alone, run(env, session, near)[0]));
            anyLength.add(cosine(alone, run(env, session, any)[0]));
        }
        Collections.sort(sameLength);
        Collections.sort(anyLength);
        System.out.printf(Locale.ROOT, "%d questions; cosine of a question's vector alone and batched with %d others:%n"
                        + "  lengths within one piece: min %.5f, p10 %.5f, p50 %.5f%n  any length: min %.5f, p10 %.5f, p50 %.5f%n",
                questions.size(), OTHERS, sameLength.get(0), sameLength.get(sameLength.size() / 10), sameLength.get(sameLength.size() / 2),
                anyLength.get(0), anyLength.get(anyLength.size() / 10), anyLength.get(anyLength.size() / 2));
    }

    /** Unit-length mean-pooled vectors of one padded batch. */
    private static float[][] run(OrtEnvironment env, OrtSession session, List<long[]> ids) throws Exception {
        int longest = ids.stream().mapToInt(a -> a.length).max().orElse(1);
        return ModelSessions.run(env, session, ids, hidden -> {
            float[][] out = new float[ids.size()][DIMENSION];
            for (int i = 0; i < ids.size(); i++) {
                for (int t = 0; t < ids.get(i).length; t++) {
                    for (int d = 0; d < DIMENSION; d++) {
                        out[i][d] += hidden.get((i * longest + t) * DIMENSION + d);
                    }
                }
                normalise(out[i]);
            }
            return out;
        });
    }

    private static void normalise(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += x * x;
        }
        float norm = (float) Math.sqrt(sum);
        for (int i = 0; i < v.length; i++) {
            v[i] /= norm;
        }
    }

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
        }
        return dot;
    }
}
