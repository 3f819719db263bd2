package dev.docsassistant.bench;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.SessionOptions;
import ai.onnxruntime.OrtSession.SessionOptions.OptLevel;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.InputStream;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Where a question's embedding spends its time, below the server's {@code OnnxSentenceModel}: the
 * same ONNX graph and tokenizer from the model jar, run with ONNX Runtime directly under several
 * session options, measured interleaved (one run of each variant in turn, so load from other
 * processes falls on all alike), then ONNX Runtime's own profiler summed per operator type. Which
 * ONNX Runtime is measured is the one on the class path: run it twice with a different jar to compare
 * versions. Run: {@code bench/run EmbeddingRuntime [rounds [resource ...]]} (resources as in the
 * model jars: {@code all-minilm-l6-v2-q}, {@code bge-small-en-v1.5-q}).
 */
public final class EmbeddingRuntime {
    private static final String SHORT_QUESTION = "How do I add a custom domain?";

    private EmbeddingRuntime() {
    }

    private record Variant(String name, Consumer<SessionOptions> setup) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        List<String> models = args.length > 1 ? Arrays.asList(args).subList(1, args.length)
                : List.of("all-minilm-l6-v2-q", "bge-small-en-v1.5-q");
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        Machine.header("embedding runtime, ONNX Runtime " + env.getVersion());
        List<Variant> variants = List.of(
                new Variant("server today (1 thread, no arena, ALL_OPT)", o -> serverDefaults(o, 1)),
                new Variant("BASIC_OPT", o -> { serverDefaults(o, 1); level(o, OptLevel.BASIC_OPT); }),
                new Variant("EXTENDED_OPT", o -> { serverDefaults(o, 1); level(o, OptLevel.EXTENDED_OPT); }),
                new Variant("NO_OPT", o -> { serverDefaults(o, 1); level(o, OptLevel.NO_OPT); }),
                new Variant("arena + memory pattern", o -> { serverDefaults(o, 1); arena(o); }),
                new Variant("2 threads, spinning", o -> { serverDefaults(o, 2); config(o, "session.intra_op.allow_spinning", "1"); }),
                new Variant("2 threads, no spinning", o -> { serverDefaults(o, 2); config(o, "session.intra_op.allow_spinning", "0"); }),
                new Variant("1 thread, spinning off", o -> { serverDefaults(o, 1); config(o, "session.intra_op.allow_spinning", "0"); }));
        for (String model : models) {
            byte[] graph = resource(model + ".onnx").readAllBytes();
            HuggingFaceTokenizer tokenizer;
            try (InputStream in = resource(model + "-tokenizer.json")) {
                tokenizer = HuggingFaceTokenizer.newInstance(in, Map.of("padding", "false"));
            }
            String text = model.startsWith("bge-small-en") ? "Represent this sentence for searching relevant passages: " + SHORT_QUESTION
                    : SHORT_QUESTION;
            long[] ids = tokenizer.encode(text).getIds();
            System.out.printf(Locale.ROOT, "%n%s: \"%s\" = %d tokens%n", model, text, ids.length);
            // Tokenizing alone.
            long[] tok = new long[rounds];
            for (int w = 0; w < 2; w++) {
                for (int r = 0; r < rounds; r++) {
                    long start = System.nanoTime();
                    tokenizer.encode(text);
                    tok[r] = System.nanoTime() - start;
                }
            }
            Arrays.sort(tok);
            System.out.printf(Locale.ROOT, "  tokenize: p50 %.3f ms%n", tok[rounds / 2] / 1e6);
            Map<Variant, OrtSession> sessions = new LinkedHashMap<>();
            for (Variant v : variants) {
                SessionOptions o = new SessionOptions();
                v.setup().accept(o);
                sessions.put(v, env.createSession(graph, o));
            }
            Map<Variant, long[]> nanos = new LinkedHashMap<>();
            Map<Variant, long[]> cpu = new LinkedHashMap<>();
            Map<Variant, long[]> processCpu = new LinkedHashMap<>();
            variants.forEach(v -> { nanos.put(v, new long[rounds]); cpu.put(v, new long[rounds]); processCpu.put(v, new long[1]); });
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            com.sun.management.OperatingSystemMXBean os =
                    (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            for (int pass = 0; pass < 2; pass++) { // the first pass warms up
                for (int r = 0; r < rounds; r++) {
                    for (Variant v : variants) {
                        long p0 = os.getProcessCpuTime();
                        long c0 = threads.getCurrentThreadCpuTime();
                        long start = System.nanoTime();
                        run(env, sessions.get(v), ids);
                        nanos.get(v)[r] = System.nanoTime() - start;
                        cpu.get(v)[r] = threads.getCurrentThreadCpuTime() - c0;
                        if (pass == 1) {
                            processCpu.get(v)[0] += os.getProcessCpuTime() - p0;
                        }
                    }
                }
            }
            // Wall time suffers from other processes on a shared machine; the calling thread's CPU time
            // much less (it is the whole cost with one intra-op thread); the process's CPU time counts
            // the pool threads of the 2-thread variants too.
            for (Variant v : variants) {
                long[] n = nanos.get(v);
                long[] c = cpu.get(v);
                Arrays.sort(n);
                Arrays.sort(c);
                System.out.printf(Locale.ROOT, "  %-44s wall p50 %.3f ms, p90 %.3f | caller CPU p50 %.3f ms | process CPU mean %.3f ms%n",
                        v.name(), n[rounds / 2] / 1e6, n[(int) (rounds * 0.9)] / 1e6, c[rounds / 2] / 1e6,
                        processCpu.get(v)[0] / 1e6 / rounds);
            }
            for (OrtSession s : sessions.values()) {
                s.close();
            }
            profile(env, graph, ids, rounds);
        }
    }

    /** The server's options ({@code OnnxSentenceModel}). */
    private static void serverDefaults(SessionOptions o, int threads) {
        try {
            o.setIntraOpNumThreads(threads);
            o.setInterOpNumThreads(1);
            o.setCPUArenaAllocator(false);
            o.setMemoryPatternOptimization(false);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void level(SessionOptions o, OptLevel level) {
        try {
            o.setOptimizationLevel(level);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void arena(SessionOptions o) {
        try {
            o.setCPUArenaAllocator(true);
            o.setMemoryPatternOptimization(true);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void config(SessionOptions o, String key, String value) {
        try {
            o.addConfigEntry(key, value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void run(OrtEnvironment env, OrtSession session, long[] ids) throws Exception {
        long[] shape = {1, ids.length};
        long[] mask = new long[ids.length];
        Arrays.fill(mask, 1L);
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try (OnnxTensor a = OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape);
             OnnxTensor b = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape);
             OnnxTensor c = OnnxTensor.createTensor(env, LongBuffer.wrap(new long[ids.length]), shape)) {
            inputs.put("input_ids", a);
            inputs.put("attention_mask", b);
            if (session.getInputNames().contains("token_type_ids")) {
                inputs.put("token_type_ids", c);
            }
            try (OrtSession.Result result = session.run(inputs)) {
                ((OnnxTensor) result.get(0)).getFloatBuffer();
            }
        }
    }

    /** ONNX Runtime's profiler over {@code rounds} runs with the server's options: time per operator type per run. */
    private static void profile(OrtEnvironment env, byte[] graph, long[] ids, int rounds) throws Exception {
        SessionOptions o = new SessionOptions();
        serverDefaults(o, 1);
        Path prefix = Files.createTempDirectory("ort-profile").resolve("run");
        o.enableProfiling(prefix.toString());
        String file;
        try (OrtSession session = env.createSession(graph, o)) {
            for (int r = 0; r < rounds; r++) {
                run(env, session, ids);
            }
            file = session.endProfiling();
        }
        JsonNode events = new ObjectMapper().readTree(Path.of(file).toFile());
        Map<String, Long> perOp = new TreeMap<>();
        Map<String, Integer> nodes = new TreeMap<>();
        long modelRun = 0;
        for (JsonNode e : events) {
            String name = e.path("name").asText();
            if ("Session".equals(e.path("cat").asText()) && name.equals("model_run")) {
                modelRun += e.path("dur").asLong();
            }
            if ("Node".equals(e.path("cat").asText()) && name.endsWith("_kernel_time")) {
                String op = e.path("args").path("op_name").asText();
                perOp.merge(op, e.path("dur").asLong(), Long::sum);
                nodes.merge(op, 1, Integer::sum);
            }
        }
        // The first run carries one-time costs; every run is counted, so per-run means are a little high.
        long total = perOp.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf(Locale.ROOT, "  profile (%s): model_run %.3f ms per run, operators %.3f ms per run%n",
                file, modelRun / 1e3 / rounds, total / 1e3 / rounds);
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(perOp.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        for (Map.Entry<String, Long> op : sorted) {
            System.out.printf(Locale.ROOT, "    %-28s %3d nodes  %.3f ms  %4.1f %%%n", op.getKey(), nodes.get(op.getKey()) / rounds,
                    op.getValue() / 1e3 / rounds, 100.0 * op.getValue() / total);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = EmbeddingRuntime.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IllegalArgumentException(name + " is not on the class path");
        }
        return in;
    }
}
