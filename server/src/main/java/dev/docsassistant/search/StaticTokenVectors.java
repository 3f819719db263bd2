package dev.docsassistant.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;

/**
 * A static word-piece table distilled from a sentence model, the Model2Vec method: every word piece
 * of the tokenizer's vocabulary is run through the model once on its own ({@code [CLS] piece [SEP]})
 * and pooled as the model pools, then weighted by how rare it is (SIF, {@code a / (a + p)}, with
 * {@code p} from the piece's rank under Zipf's law, the vocabulary being in frequency order). A
 * text's vector is then the weighted mean of its pieces' rows: one tokenizer pass and a few dozen
 * vector additions instead of a model run. Distilled once per model (about 30,000 short runs) and
 * kept beside the section vectors in the embedding cache directory ({@code <model>.tokens}), so
 * later starts read it back.
 */
final class StaticTokenVectors {
    /** Model2Vec's SIF coefficient. */
    private static final double SIF = 1e-4;
    /** Word pieces per model run while distilling. */
    private static final int BATCH = 256;

    private final float[] rows;
    private final int dimension;
    private final Set<Long> special;

    private StaticTokenVectors(float[] rows, int dimension, Set<Long> special) {
        this.rows = rows;
        this.dimension = dimension;
        this.special = special;
    }

    /** The model's table from {@code dir}, distilled and written there first when missing or of another size. */
    static StaticTokenVectors of(OnnxSentenceModel model, Path dir) {
        int dimension = model.spec().dimension();
        int vocabulary = model.vocabulary();
        Path file = dir.resolve(model.spec().id() + ".tokens");
        try {
            float[] rows = new float[vocabulary * dimension];
            if (Files.isRegularFile(file) && Files.size(file) == (long) rows.length * Float.BYTES) {
                ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(rows);
                return new StaticTokenVectors(rows, dimension, model.specialTokens());
            }
            distil(model, rows);
            Files.createDirectories(dir);
            ByteBuffer out = ByteBuffer.allocate(rows.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            out.asFloatBuffer().put(rows);
            Path part = Files.createTempFile(dir, model.spec().id(), ".part");
            Files.write(part, out.array());
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return new StaticTokenVectors(rows, dimension, model.specialTokens());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the word-piece table of " + model.spec().id() + ": " + e.getMessage(), e);
        }
    }

    /** Fills {@code rows} with every word piece's pooled model output times its SIF weight. */
    private static void distil(OnnxSentenceModel model, float[] rows) {
        long[] frame = model.tokens(""); // [CLS] [SEP]
        int dimension = model.spec().dimension();
        int vocabulary = model.vocabulary();
        double harmonic = 0;
        for (int rank = 1; rank <= vocabulary; rank++) {
            harmonic += 1.0 / rank;
        }
        for (int from = 0; from < vocabulary; from += BATCH) {
            int n = Math.min(BATCH, vocabulary - from);
            long[][] ids = new long[n][];
            for (int i = 0; i < n; i++) {
                ids[i] = new long[] {frame[0], from + i, frame[frame.length - 1]};
            }
            float[][] pooled = model.embedTokens(ids);
            for (int i = 0; i < n; i++) {
                double p = 1.0 / ((from + i + 1) * harmonic);
                float weight = (float) (SIF / (SIF + p));
                for (int d = 0; d < dimension; d++) {
                    rows[(from + i) * dimension + d] = pooled[i][d] * weight;
                }
            }
        }
    }

    /** The unit-length weighted mean of the pieces' rows (special tokens left out), or null when none is left. */
    float[] embed(long[] ids) {
        float[] v = new float[dimension];
        boolean any = false;
        for (long id : ids) {
            if (special.contains(id) || id < 0 || (id + 1) * dimension > rows.length) {
                continue;
            }
            int at = (int) id * dimension;
            for (int d = 0; d < dimension; d++) {
                v[d] += rows[at + d];
            }
            any = true;
        }
        return any ? SentenceEmbedder.normalise(v) : null;
    }
}
