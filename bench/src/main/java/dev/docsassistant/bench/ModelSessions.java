package dev.docsassistant.bench;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** An ONNX Runtime session on a model jar's graph with the server's options ({@code OnnxSentenceModel}), for the embedding benches. */
final class ModelSessions {
    private ModelSessions() {
    }

    /** One intra-op thread, no memory pattern, ONNX Runtime's arena only if {@code arena} (the server runs without). */
    static OrtSession open(OrtEnvironment env, String resource, boolean arena) throws IOException, OrtException {
        OrtSession.SessionOptions options = options(arena);
        try (InputStream in = ModelSessions.class.getClassLoader().getResourceAsStream(resource + ".onnx")) {
            if (in == null) {
                throw new IOException(resource + ".onnx is not on the class path");
            }
            return env.createSession(in.readAllBytes(), options);
        }
    }

    /** The server's session options: one thread, no memory pattern; the arena as asked. */
    static OrtSession.SessionOptions options(boolean arena) throws OrtException {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setIntraOpNumThreads(1);
        options.setInterOpNumThreads(1);
        options.setCPUArenaAllocator(arena);
        options.setMemoryPatternOptimization(false);
        return options;
    }

    /**
     * One run of word-piece id sequences as one batch padded to the longest (padding masked), as the server runs
     * them; {@code read} reads the output ({@code [n][longest][dimension]}) before the run's memory is freed.
     */
    static <R> R run(OrtEnvironment env, OrtSession session, List<long[]> batch, Function<FloatBuffer, R> read) throws OrtException {
        int n = batch.size();
        int longest = batch.stream().mapToInt(a -> a.length).max().orElse(1);
        long[] ids = new long[n * longest];
        long[] mask = new long[n * longest];
        for (int i = 0; i < n; i++) {
            System.arraycopy(batch.get(i), 0, ids, i * longest, batch.get(i).length);
            Arrays.fill(mask, i * longest, i * longest + batch.get(i).length, 1L);
        }
        long[] shape = {n, longest};
        try (OnnxTensor idTensor = OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape);
             OnnxTensor maskTensor = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape);
             OnnxTensor types = OnnxTensor.createTensor(env, LongBuffer.wrap(new long[n * longest]), shape)) {
            Map<String, OnnxTensor> inputs = new HashMap<>();
            inputs.put("input_ids", idTensor);
            inputs.put("attention_mask", maskTensor);
            if (session.getInputNames().contains("token_type_ids")) {
                inputs.put("token_type_ids", types);
            }
            try (OrtSession.Result result = session.run(inputs)) {
                return read.apply(((OnnxTensor) result.get(0)).getFloatBuffer());
            }
        }
    }
}
