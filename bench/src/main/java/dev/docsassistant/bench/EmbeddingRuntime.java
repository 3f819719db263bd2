package dev.docsassistant.bench;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.OrtSession.SessionOptions;
import ai.onnxruntime.OrtSession.SessionOptions.OptLevel;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.search.SentenceEmbedder;

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
 * Where a question's embedding spends its CPU, below the server's {@code OnnxSentenceModel}: the same
 * ONNX graph and tokenizer from the model jar, run with ONNX Runtime directly under each session option
 * on its own (intra-op threads 1 or 2, spinning on or off, inter-op threads with the parallel execution
 * mode, graph optimisation level, arena), each input shape (exact length, padded to a fixed length,
 * truncated, or the question reduced as the server reduces it before the model) and each model form the jars on the class path hold (int8 {@code all-minilm-l6-v2-q}, the
 * server's; fp32 {@code all-minilm-l6-v2}, a bench dependency only), on the English dev questions in
 * turn (the dev part of both sets). Each variant is measured twice, interleaved with the others (one block of each in turn, so load
 * from other processes falls on all alike): one caller (wall time, the caller's CPU, and the process's
 * CPU, which counts ONNX Runtime's pool threads too), and as many callers as cores at once, as a busy
 * server runs questions (the process's CPU per question: the figure to choose by, and what a shared
 * machine's load disturbs least). Then ONNX Runtime's own profiler, summed per operator and kernel.
 * Run: {@code bench/run EmbeddingRuntime [rounds [resource ...]] [--only=server,question] [--no-profile]} (resources as in
 * the model jars: {@code all-minilm-l6-v2-q}, {@code all-minilm-l6-v2}, {@code bge-small-en-v1.5-q}; {@code --only} keeps the
 * variants whose name starts with one of its words).
 */
public final class EmbeddingRuntime {
    /** Runs per block; blocks of every variant alternate. */
    private static final int BLOCK = 20;

    private EmbeddingRuntime() {
    }

    /** How the token ids are shaped for the model: as they are, padded with masked tokens, or cut. */
    private enum Shape { EXACT, PADDED_128, TRUNCATED_16, REDUCED }

    private record Variant(String name, Consumer<SessionOptions> setup, Shape shape) {
        Variant(String name, Consumer<SessionOptions> setup) {
            this(name, setup, Shape.EXACT);
        }
    }

    /** One variant's measurements: per-run wall and caller CPU (one caller), process CPU totals. */
    private static final class Measured {
        final List<Long> wall = new ArrayList<>();
        final List<Long> callerCpu = new ArrayList<>();
        long singleProcessCpu;
        long singleRuns;
        long concurrentProcessCpu;
        long concurrentWall;
        long concurrentRuns;
    }

    public static void main(String[] args) throws Exception {
        List<String> positional = Arrays.stream(args).filter(a -> !a.startsWith("--")).toList();
        int rounds = !positional.isEmpty() ? Integer.parseInt(positional.get(0)) : 3;
        List<String> models = positional.size() > 1 ? positional.subList(1, positional.size())
                : List.of("all-minilm-l6-v2-q", "all-minilm-l6-v2");
        boolean profile = !List.of(args).contains("--no-profile");
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        Machine.header("embedding runtime, ONNX Runtime " + env.getVersion());
        int callers = Runtime.getRuntime().availableProcessors();
        List<String> questions = new ArrayList<>();
        for (String corpus : DevSet.CORPORA) {
            for (DevSet.Question q : DevSet.questions(corpus)) {
                if (q.language() == null || q.language().startsWith("en")) {
                    questions.add(q.q());
                }
            }
        }
        List<Variant> variants = List.of(
                new Variant("server today (1 thread, sequential, no arena, ALL_OPT)", o -> serverDefaults(o, 1)),
                new Variant("intra-op 2 threads, spinning (ORT's default)", o -> serverDefaults(o, 2)),
                new Variant("intra-op 2 threads, spinning off", o -> { serverDefaults(o, 2); config(o, "session.intra_op.allow_spinning", "0"); }),
                new Variant("intra-op 1 thread, spinning off", o -> { serverDefaults(o, 1); config(o, "session.intra_op.allow_spinning", "0"); }),
                new Variant("parallel mode, inter-op 2, spinning", o -> { serverDefaults(o, 1); parallel(o, 2); }),
                new Variant("parallel mode, inter-op 2, inter-op spinning off", o -> {
                    serverDefaults(o, 1); parallel(o, 2); config(o, "session.inter_op.allow_spinning", "0"); }),
                new Variant("BASIC_OPT", o -> { serverDefaults(o, 1); level(o, OptLevel.BASIC_OPT); }),
                new Variant("EXTENDED_OPT", o -> { serverDefaults(o, 1); level(o, OptLevel.EXTENDED_OPT); }),
                new Variant("NO_OPT", o -> { serverDefaults(o, 1); level(o, OptLevel.NO_OPT); }),
                new Variant("arena + memory pattern", o -> { serverDefaults(o, 1); arena(o, true); }),
                new Variant("arena alone (no memory pattern)", o -> { serverDefaults(o, 1); arena(o, false); }),
                new Variant("arena alone, question reduced", o -> { serverDefaults(o, 1); arena(o, false); }, Shape.REDUCED),
                new Variant("padded to 128 tokens (masked)", o -> serverDefaults(o, 1), Shape.PADDED_128),
                new Variant("truncated to 16 tokens", o -> serverDefaults(o, 1), Shape.TRUNCATED_16),
                new Variant("question reduced (the server's QuestionReduction)", o -> serverDefaults(o, 1), Shape.REDUCED));
        List<String> only = List.of(args).stream().filter(a -> a.startsWith("--only=")).flatMap(a -> List.of(a.substring(7).split(",")).stream()).toList();
        if (!only.isEmpty()) { // e.g. --only=server,reduced: the variants whose name starts with one of these words
            variants = variants.stream().filter(v -> only.stream().anyMatch(o -> v.name().startsWith(o))).toList();
        }
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (String model : models) {
            byte[] graph = resource(model + ".onnx").readAllBytes();
            HuggingFaceTokenizer tokenizer;
            try (InputStream in = resource(model + "-tokenizer.json")) {
                tokenizer = HuggingFaceTokenizer.newInstance(in, Map.of("padding", "false"));
            }
            String prefix = model.startsWith("bge-small-en") ? "Represent this sentence for searching relevant passages: " : "";
            List<long[]> ids = new ArrayList<>();
            List<long[]> reduced = new ArrayList<>();
            long[] tok = new long[questions.size()];
            for (int i = 0; i < questions.size(); i++) {
                long start = System.nanoTime();
                ids.add(tokenizer.encode(prefix + questions.get(i)).getIds());
                tok[i] = System.nanoTime() - start;
                reduced.add(tokenizer.encode(prefix + SentenceEmbedder.questionReduction().apply(questions.get(i))).getIds());
            }
            Arrays.sort(tok);
            double meanTokens = ids.stream().mapToInt(a -> a.length).average().orElse(0);
            long over16 = ids.stream().filter(a -> a.length > 16).count();
            System.out.printf(Locale.ROOT, "%n%s: %d English dev questions, %.1f tokens on average (%d over 16; reduced: %.1f); %d callers at once"
                    + " in the concurrent runs; load average %s%n  tokenize (cold): p50 %.3f ms%n", model, ids.size(), meanTokens, over16,
                    reduced.stream().mapToInt(a -> a.length).average().orElse(0), callers, Machine.loadAverage(), tok[tok.length / 2] / 1e6);
            Map<Variant, OrtSession> sessions = new LinkedHashMap<>();
            for (Variant v : variants) {
                SessionOptions o = new SessionOptions();
                v.setup().accept(o);
                sessions.put(v, env.createSession(graph, o));
            }
            Map<Variant, Measured> measured = new LinkedHashMap<>();
            variants.forEach(v -> measured.put(v, new Measured()));
            for (Variant v : variants) { // warm-up: every question once
                for (int i = 0; i < ids.size(); i++) {
                    run(env, sessions.get(v), shaped(ids, reduced, i, v.shape()));
                }
            }
            int next = 0;
            for (int round = 0; round < rounds; round++) {
                for (int block = 0; block < Math.max(1, ids.size() / BLOCK); block++) {
                    for (Variant v : variants) {
                        Measured m = measured.get(v);
                        OrtSession session = sessions.get(v);
                        long p0 = os.getProcessCpuTime();
                        for (int r = 0; r < BLOCK; r++) {
                            long[] q = shaped(ids, reduced, (next + r) % ids.size(), v.shape());
                            long c0 = threads.getCurrentThreadCpuTime();
                            long start = System.nanoTime();
                            run(env, session, q);
                            m.wall.add(System.nanoTime() - start);
                            m.callerCpu.add(threads.getCurrentThreadCpuTime() - c0);
                        }
                        m.singleProcessCpu += os.getProcessCpuTime() - p0;
                        m.singleRuns += BLOCK;
                        int from = next;
                        long cp0 = os.getProcessCpuTime();
                        long start = System.nanoTime();
                        List<Thread> running = new ArrayList<>();
                        for (int c = 0; c < callers; c++) {
                            int caller = c;
                            running.add(Thread.ofPlatform().start(() -> {
                                for (int r = 0; r < BLOCK; r++) {
                                    runUnchecked(env, session, shaped(ids, reduced, (from + caller * BLOCK + r) % ids.size(), v.shape()));
                                }
                            }));
                        }
                        for (Thread t : running) {
                            t.join();
                        }
                        m.concurrentWall += System.nanoTime() - start;
                        m.concurrentProcessCpu += os.getProcessCpuTime() - cp0;
                        m.concurrentRuns += (long) callers * BLOCK;
                    }
                    next += BLOCK;
                }
            }
            // Wall time suffers from other processes on a shared machine; the calling thread's CPU time
            // much less (it is the whole cost with one intra-op thread); the process's CPU time counts
            // the pool threads of the multi-thread variants too.
            System.out.printf(Locale.ROOT, "  %-56s | one caller: wall p50, p90 | caller CPU p50 | process CPU mean"
                    + " | %d callers: process CPU per question, questions/s%n", "variant", callers);
            for (Variant v : variants) {
                Measured m = measured.get(v);
                long[] wall = m.wall.stream().mapToLong(Long::longValue).sorted().toArray();
                long[] cpu = m.callerCpu.stream().mapToLong(Long::longValue).sorted().toArray();
                System.out.printf(Locale.ROOT, "  %-56s | %.3f, %.3f ms | %.3f ms | %.3f ms | %.3f ms, %.0f/s%n", v.name(),
                        wall[wall.length / 2] / 1e6, wall[(int) (wall.length * 0.9)] / 1e6, cpu[cpu.length / 2] / 1e6,
                        m.singleProcessCpu / 1e6 / m.singleRuns, m.concurrentProcessCpu / 1e6 / m.concurrentRuns,
                        m.concurrentRuns / (m.concurrentWall / 1e9));
            }
            for (OrtSession s : sessions.values()) {
                s.close();
            }
            System.out.println("  load average at the end " + Machine.loadAverage());
            if (profile) {
                profile(env, graph, ids);
            }
        }
    }

    private static long[] shaped(List<long[]> asked, List<long[]> reduced, int i, Shape shape) {
        long[] ids = asked.get(i);
        return switch (shape) {
            case REDUCED -> reduced.get(i);
            case EXACT -> ids;
            case PADDED_128 -> ids.length >= 128 ? ids : Arrays.copyOf(ids, 128); // id 0 = [PAD], masked below
            case TRUNCATED_16 -> {
                if (ids.length <= 16) {
                    yield ids;
                }
                long[] out = Arrays.copyOf(ids, 16);
                out[15] = ids[ids.length - 1]; // keep the closing [SEP]
                yield out;
            }
        };
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

    private static void arena(SessionOptions o, boolean memoryPattern) {
        try {
            o.setCPUArenaAllocator(true);
            o.setMemoryPatternOptimization(memoryPattern);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void parallel(SessionOptions o, int interOpThreads) {
        try {
            o.setExecutionMode(SessionOptions.ExecutionMode.PARALLEL);
            o.setInterOpNumThreads(interOpThreads);
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

    private static void runUnchecked(OrtEnvironment env, OrtSession session, long[] ids) {
        try {
            run(env, session, ids);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** One run; ids of 0 ([PAD]) at the end are masked out. */
    private static void run(OrtEnvironment env, OrtSession session, long[] ids) throws Exception {
        long[] shape = {1, ids.length};
        long[] mask = new long[ids.length];
        for (int i = 0; i < ids.length; i++) {
            mask[i] = ids[i] == 0 ? 0 : 1;
        }
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

    /** ONNX Runtime's profiler over every question once with the server's options: time per operator type per run. */
    private static void profile(OrtEnvironment env, byte[] graph, List<long[]> ids) throws Exception {
        SessionOptions o = new SessionOptions();
        serverDefaults(o, 1);
        Path prefix = Files.createTempDirectory("ort-profile").resolve("run");
        o.enableProfiling(prefix.toString());
        String file;
        try (OrtSession session = env.createSession(graph, o)) {
            for (long[] q : ids) { // warm-up, profiled too: the first runs carry one-time costs
                run(env, session, q);
            }
            for (long[] q : ids) {
                run(env, session, q);
            }
            file = session.endProfiling();
        }
        int runs = 2 * ids.size();
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
                String op = e.path("args").path("op_name").asText() + " (" + e.path("args").path("provider").asText("?")
                        .replace("ExecutionProvider", "") + ")";
                perOp.merge(op, e.path("dur").asLong(), Long::sum);
                nodes.merge(op, 1, Integer::sum);
            }
        }
        long total = perOp.values().stream().mapToLong(Long::longValue).sum();
        System.out.printf(Locale.ROOT, "  profile (%s): model_run %.3f ms per run, operators %.3f ms per run%n",
                file, modelRun / 1e3 / runs, total / 1e3 / runs);
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(perOp.entrySet());
        sorted.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        for (Map.Entry<String, Long> op : sorted) {
            System.out.printf(Locale.ROOT, "    %-36s %3d nodes  %.3f ms  %4.1f %%%n", op.getKey(), nodes.get(op.getKey()) / runs,
                    op.getValue() / 1e3 / runs, 100.0 * op.getValue() / total);
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
