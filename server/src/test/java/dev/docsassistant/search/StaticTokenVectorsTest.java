package dev.docsassistant.search;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The word-piece table distilled from the real MiniLM model: kept on disk, read back the same, and it carries meaning. */
class StaticTokenVectorsTest {
    @TempDir
    Path dir;

    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
        }
        return dot;
    }

    @Test
    void distilledOnceThenReadBackWithTheSameVectors() throws Exception {
        OnnxSentenceModel model = new OnnxSentenceModel(EmbeddingModel.MINILM);
        Path file = dir.resolve("all-minilm-l6-v2-q.tokens");
        Files.write(file, new byte[1000]); // a table cut short (a crash while writing an older one) is distilled again
        StaticTokenVectors distilled = StaticTokenVectors.of(model, dir);
        assertEquals((long) model.vocabulary() * 384 * Float.BYTES, Files.size(file), "one row of 384 floats per word piece");
        FileTime written = Files.getLastModifiedTime(file);

        StaticTokenVectors read = StaticTokenVectors.of(model, dir);
        assertEquals(written, Files.getLastModifiedTime(file), "the second start reads the table, it does not distil again");
        long[] question = model.tokens("How do I reset a forgotten password?");
        assertArrayEquals(distilled.embed(question), read.embed(question));

        float[] v = read.embed(question);
        assertEquals(1.0, cosine(v, v), 1e-5, "unit length");
        assertNull(read.embed(model.tokens("")), "only special tokens: no vector");

        // A word piece's row points where the model puts that piece alone (not exactly: the int8 model
        // quantises its activations per run, and the table was distilled 256 pieces to a run).
        long piece = model.tokens("password")[1];
        float[] alone = SentenceEmbedder.normalise(model.embedTokens(new long[][] {{question[0], piece, question[question.length - 1]}})[0]);
        assertEquals(1.0, cosine(alone, read.embed(new long[] {piece})), 0.03);

        float[] near = read.embed(model.tokens("Recover your account when you lose your password"));
        float[] far = read.embed(model.tokens("Deploy the container image to a Kubernetes cluster"));
        assertTrue(cosine(v, near) > cosine(v, far) + 0.1, "the table ranks by meaning: " + cosine(v, near) + " vs " + cosine(v, far));
    }
}
