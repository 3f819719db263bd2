package dev.docsassistant.search;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A model loads without its graph passing through the heap, and runs another graph of its inputs when given one. */
class OnnxSentenceModelTest {
    @Test
    void loadingAModelAllocatesFarLessHeapThanItsGraph() {
        new OnnxSentenceModel(EmbeddingModel.MINILM); // the native libraries in, as when the Chinese model loads on its need
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        OnnxSentenceModel model = new OnnxSentenceModel(EmbeddingModel.BGE_SMALL_ZH);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // The graph is 24 MB; read into a byte[] it was about twice that of garbage. What is left (12 MB) is the
        // tokenizer's JSON (0.4 MB) read and parsed, and ONNX Runtime's own start.
        assertTrue(allocated < 16_000_000, "loading the model allocated " + allocated + " bytes on the heap");
        assertEquals(512, model.embed(List.of("重试"))[0].length);
    }

    @Test
    void anotherGraphRunsWithTheModelsTokenizerAndPooling() throws Exception {
        java.nio.file.Path graph = java.nio.file.Files.createTempFile("graph-", ".onnx");
        try (java.io.InputStream in = getClass().getClassLoader().getResourceAsStream(EmbeddingModel.MINILM.onnxFile())) {
            java.nio.file.Files.copy(in, graph, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        try {
            List<String> texts = List.of("How do I add a custom domain?");
            OnnxSentenceModel own = new OnnxSentenceModel(EmbeddingModel.MINILM);
            OnnxSentenceModel given = new OnnxSentenceModel(EmbeddingModel.MINILM, graph);
            org.junit.jupiter.api.Assertions.assertArrayEquals(own.embed(texts)[0], given.embed(texts)[0]);
            given.close();
            own.close();
        } finally {
            java.nio.file.Files.deleteIfExists(graph);
        }
    }
}
