package dev.docsassistant.bench;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

import java.io.IOException;
import java.io.InputStream;

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
}
