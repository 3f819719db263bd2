package dev.docsassistant.search;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@link EmbeddingModel} from its jar: its tokenizer and ONNX graph, run here directly. Texts are
 * tokenized once, run through the model on the calling thread (several at once as one padded batch)
 * and pooled as the model was trained (mean over real tokens, or the [CLS] token). ONNX Runtime's
 * default spreads one text over a pool of spinning threads, one per core: on a server whose cores are
 * busy answering, those threads wait for each other and a query's embedding takes tens of
 * milliseconds instead of a couple. Texts are clipped well below the models' 512 tokens; a longer
 * one is truncated.
 */
final class OnnxSentenceModel {
    private static final int MAX_TOKENS = 512;

    private final EmbeddingModel spec;
    private final OrtEnvironment env;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final boolean tokenTypes;
    private final boolean uncased;
    private final int vocabulary;
    private final java.util.Set<Long> specialTokens;

    OnnxSentenceModel(EmbeddingModel spec) {
        this(spec, null);
    }

    /** {@code spec}'s tokenizer and pooling with another graph of the same inputs and output ({@code null}: its own). */
    OnnxSentenceModel(EmbeddingModel spec, Path graph) {
        this.spec = spec;
        try (InputStream tokens = resource(spec.tokenizerFile())) {
            env = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            // ONNX Runtime's arena keeps the peak of every thread's buffers for the process's life (tens
            // of MB of RSS after embedding a corpus); these small models run as fast on plain malloc.
            options.setCPUArenaAllocator(false);
            options.setMemoryPatternOptimization(false);
            session = graph == null ? session(options) : env.createSession(graph.toString(), options);
            tokenTypes = session.getInputNames().contains("token_type_ids");
            long[] shape = ((ai.onnxruntime.TensorInfo) session.getOutputInfo().values().iterator().next().getInfo()).getShape();
            if (shape[shape.length - 1] != spec.dimension()) {
                throw new IllegalStateException(spec.id() + " returns vectors of " + shape[shape.length - 1]
                        + " dimensions, not " + spec.dimension());
            }
            byte[] tokenizerJson = tokens.readAllBytes();
            tokenizer = HuggingFaceTokenizer.newInstance(new java.io.ByteArrayInputStream(tokenizerJson), Map.of("padding", "false"));
            com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(tokenizerJson);
            vocabulary = json.path("model").path("vocab").size();
            java.util.Set<Long> special = new java.util.HashSet<>();
            json.path("added_tokens").forEach(t -> {
                if (t.path("special").asBoolean()) {
                    special.add(t.path("id").asLong());
                }
            });
            specialTokens = java.util.Set.copyOf(special);
            uncased = java.util.Arrays.equals(tokenizer.encode("Docs API").getIds(), tokenizer.encode("docs api").getIds());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the embedding model: " + e.getMessage(), e);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load the embedding model " + spec.id() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The graph, loaded by ONNX Runtime from a file it reads itself. Read into a {@code byte[]}, a model
     * (23–34 MB) and the buffers reading it grows through were 2–3 times its size of garbage on the heap:
     * the Chinese model loads at its first question, under load, where that garbage is promoted to the old
     * generation and keeps the heap (and the RSS) about 45 MB larger until the next full collection.
     */
    private OrtSession session(OrtSession.SessionOptions options) throws IOException, OrtException {
        Path file = Files.createTempFile("docs-assistant-" + spec.id() + "-", ".onnx");
        try {
            try (InputStream model = resource(spec.onnxFile())) {
                Files.copy(model, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return env.createSession(file.toString(), options);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private InputStream resource(String name) throws IOException {
        InputStream in = OnnxSentenceModel.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is missing from the class path (" + spec.artifact() + ")");
        }
        return in;
    }

    EmbeddingModel spec() {
        return spec;
    }

    /** How many word pieces the tokenizer knows (ids 0 to this, exclusive). */
    int vocabulary() {
        return vocabulary;
    }

    /** The ids of the tokenizer's special tokens ([PAD], [UNK], [CLS], [SEP], [MASK]). */
    java.util.Set<Long> specialTokens() {
        return specialTokens;
    }

    /** Whether the tokenizer lowercases its input (then a question's case never changes its vector). */
    boolean uncased() {
        return uncased;
    }

    /** The texts' embeddings, pooled (not yet of unit length), in order; one model run for all. */
    float[][] embed(List<String> texts) {
        long[][] ids = new long[texts.size()][];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = tokens(texts.get(i));
        }
        return embedTokens(ids);
    }

    /** The text's word-piece ids as the model reads them: [CLS] … [SEP], at most {@link #MAX_TOKENS}. */
    long[] tokens(String text) {
        Encoding encoding = tokenizer.encode(text);
        return truncated(encoding.getIds());
    }

    /** The embeddings of token-id sequences (each with its special tokens), pooled, in order; one model run for all. */
    float[][] embedTokens(long[][] ids) {
        int n = ids.length;
        int longest = 1;
        for (long[] sequence : ids) {
            longest = Math.max(longest, sequence.length);
        }
        // One padded [n][longest] batch; padding is masked out of attention and pooling.
        long[] flatIds = new long[n * longest];
        long[] mask = new long[n * longest];
        for (int i = 0; i < n; i++) {
            System.arraycopy(ids[i], 0, flatIds, i * longest, ids[i].length);
            java.util.Arrays.fill(mask, i * longest, i * longest + ids[i].length, 1L);
        }
        long[] shape = {n, longest};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try (OnnxTensor idTensor = OnnxTensor.createTensor(env, LongBuffer.wrap(flatIds), shape);
             OnnxTensor maskTensor = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape);
             OnnxTensor types = OnnxTensor.createTensor(env, LongBuffer.wrap(new long[n * longest]), shape)) {
            inputs.put("input_ids", idTensor);
            inputs.put("attention_mask", maskTensor);
            if (tokenTypes) {
                inputs.put("token_type_ids", types);
            }
            try (OrtSession.Result result = session.run(inputs)) {
                FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer(); // [n][longest][dimension]
                int dimension = spec.dimension();
                float[][] out = new float[n][];
                for (int i = 0; i < n; i++) {
                    out[i] = pool(hidden, i * longest * dimension, ids[i].length, dimension);
                }
                return out;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("the embedding model " + spec.id() + " failed: " + e.getMessage(), e);
        }
    }

    private float[] pool(FloatBuffer hidden, int offset, int tokens, int dimension) {
        float[] v = new float[dimension];
        if (spec.pooling() == EmbeddingModel.Pooling.CLS) {
            hidden.get(offset, v);
            return v;
        }
        for (int t = 0; t < tokens; t++) {
            for (int i = 0; i < dimension; i++) {
                v[i] += hidden.get(offset + t * dimension + i);
            }
        }
        for (int i = 0; i < dimension; i++) {
            v[i] /= tokens;
        }
        return v;
    }

    /** Frees the session's native memory; the model is not run afterwards. */
    void close() {
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException("cannot close the embedding model " + spec.id() + ": " + e.getMessage(), e);
        }
        tokenizer.close();
    }

    /** At most {@link #MAX_TOKENS}, keeping the closing [SEP]. */
    private static long[] truncated(long[] values) {
        if (values.length <= MAX_TOKENS) {
            return values;
        }
        long[] out = new long[MAX_TOKENS];
        System.arraycopy(values, 0, out, 0, MAX_TOKENS - 1);
        out[MAX_TOKENS - 1] = values[values.length - 1];
        return out;
    }
}
