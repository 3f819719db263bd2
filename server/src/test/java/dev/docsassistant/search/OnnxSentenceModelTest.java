package dev.docsassistant.search;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A model loads without its graph passing through the heap. */
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
}
