package dev.docsassistant.bench;

import ai.onnxruntime.*;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.nio.*;
import java.util.*;
import dev.docsassistant.search.SentenceEmbedder;
/**
 * How much a question's vector moves when it runs in a batch instead of alone: the int8 model quantises each
 * product's input with one scale per run (dynamic quantisation), so the other questions of a batch change a
 * question's rounding. Every English dev question reduced as the server reduces it, embedded alone and then with
 * five others, of lengths within one word piece of it (as the server batches) and of any length; the cosine
 * between its two vectors. Run: {@code bench/run BatchDrift}.
 */
public final class BatchDrift {
  static OrtEnvironment env; static OrtSession s;
  static float[][] run(List<long[]> ids) throws Exception {
    int n = ids.size(), L = ids.stream().mapToInt(a -> a.length).max().getAsInt();
    long[] flat = new long[n*L], mask = new long[n*L];
    for (int i = 0; i < n; i++) { System.arraycopy(ids.get(i), 0, flat, i*L, ids.get(i).length); Arrays.fill(mask, i*L, i*L+ids.get(i).length, 1); }
    long[] sh = {n, L};
    try (OnnxTensor a = OnnxTensor.createTensor(env, LongBuffer.wrap(flat), sh); OnnxTensor b = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), sh);
         OnnxTensor c = OnnxTensor.createTensor(env, LongBuffer.wrap(new long[n*L]), sh)) {
      try (OrtSession.Result r = s.run(Map.of("input_ids", a, "attention_mask", b, "token_type_ids", c))) {
        FloatBuffer h = ((OnnxTensor) r.get(0)).getFloatBuffer();
        float[][] out = new float[n][384];
        for (int i = 0; i < n; i++) { for (int t = 0; t < ids.get(i).length; t++) for (int d = 0; d < 384; d++) out[i][d] += h.get(i*L*384 + t*384 + d); norm(out[i]); }
        return out;
      }
    }
  }
  static void norm(float[] v) { double q = 0; for (float x : v) q += x*x; q = Math.sqrt(q); for (int i = 0; i < v.length; i++) v[i] /= q; }
  static double cos(float[] a, float[] b) { double d = 0; for (int i = 0; i < a.length; i++) d += a[i]*b[i]; return d; }
  public static void main(String[] x) throws Exception {
    env = OrtEnvironment.getEnvironment();
    OrtSession.SessionOptions o = new OrtSession.SessionOptions(); o.setIntraOpNumThreads(1); o.setCPUArenaAllocator(false); o.setMemoryPatternOptimization(false);
    s = env.createSession(BatchDrift.class.getClassLoader().getResourceAsStream("all-minilm-l6-v2-q.onnx").readAllBytes(), o);
    HuggingFaceTokenizer tok = HuggingFaceTokenizer.newInstance(BatchDrift.class.getClassLoader().getResourceAsStream("all-minilm-l6-v2-q-tokenizer.json"), Map.of("padding", "false"));
    List<long[]> qs = new ArrayList<>();
    for (String c : DevSet.CORPORA) for (DevSet.Question q : DevSet.all(c)) if (q.language() == null || q.language().startsWith("en")) qs.add(tok.encode(SentenceEmbedder.questionReduction().apply(q.q())).getIds());
    Random rnd = new Random(7);
    List<Double> within1 = new ArrayList<>(), any = new ArrayList<>();
    for (int i = 0; i < qs.size(); i++) {
      float[] alone = run(List.of(qs.get(i)))[0];
      List<long[]> near = new ArrayList<>(List.of(qs.get(i))), far = new ArrayList<>(List.of(qs.get(i)));
      List<Integer> order = new ArrayList<>(); for (int j = 0; j < qs.size(); j++) order.add(j); Collections.shuffle(order, rnd);
      for (int j : order) { if (j == i) continue; if (near.size() < 6 && Math.abs(qs.get(j).length - qs.get(i).length) <= 1) near.add(qs.get(j)); if (far.size() < 6) far.add(qs.get(j)); }
      within1.add(cos(alone, run(near)[0])); any.add(cos(alone, run(far)[0]));
    }
    Collections.sort(within1); Collections.sort(any);
    System.out.printf("%d questions; cosine alone vs batched with 5 others: lengths within 1: min %.5f p10 %.5f p50 %.5f; any length: min %.5f p10 %.5f p50 %.5f%n", qs.size(),
      within1.get(0), within1.get(within1.size()/10), within1.get(within1.size()/2), any.get(0), any.get(any.size()/10), any.get(any.size()/2));
  }
}
