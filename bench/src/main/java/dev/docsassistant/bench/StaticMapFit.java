package dev.docsassistant.bench;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.Section;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.search.EmbeddingModel;
import dev.docsassistant.search.QuestionVectors;
import dev.docsassistant.search.SentenceEmbedder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * A distilled question encoder, measured: a linear map (with a bias) from a text's static word-piece vector
 * ({@link QuestionVectors#STATIC}) to the model's vector of the same text, fitted by ridge regression on the
 * corpora's own short texts — each section's title and headings and up to three runs of 12 words of its body
 * (24 characters for Chinese) — never on a question of the eval sets. The ridge weight is chosen on a tenth of
 * those texts held back (mean cosine to the model's vector), the map refitted on all and installed for
 * {@link QuestionVectors#STATIC_MAPPED}. Used by {@code bench/run SearchEval --question-vectors=static-mapped}.
 */
final class StaticMapFit {
    private static final int MAX_TEXTS = 24_000;
    private static final double[] RIDGE = {0.01, 0.1, 1, 10};

    private StaticMapFit() {
    }

    static void fitAndInstall(Path tables) throws Exception {
        fit(tables, QuestionVectors.STATIC, QuestionVectors.STATIC_MAPPED, false);
    }

    /**
     * The same for {@code graph}, the English model cut after its first layers: its pooled vector through a map
     * fitted to the whole model's ({@link QuestionVectors#LAYERS_MAPPED}); the Chinese model stays whole.
     */
    static void fitLayersAndInstall(Path tables, Path graph) throws Exception {
        SentenceEmbedder.layersForQuestions(SentenceEmbedder.englishModel(), graph);
        fit(tables, QuestionVectors.LAYERS_MAPPED, QuestionVectors.LAYERS_MAPPED, true);
    }

    private static void fit(Path tables, QuestionVectors unmapped, QuestionVectors mapped, boolean englishOnly) throws Exception {
        Map<EmbeddingModel, List<String>> byModel = new LinkedHashMap<>();
        for (String corpus : DevSet.CORPORA) {
            SiteContent site = SiteReader.read(DevSet.corpus(corpus));
            for (Page page : site.pagesByPath().values()) {
                Optional<EmbeddingModel> model = SentenceEmbedder.modelFor(page.language());
                if (model.isEmpty() || englishOnly && model.get() != SentenceEmbedder.englishModel()) {
                    continue;
                }
                List<String> texts = byModel.computeIfAbsent(model.get(), m -> new ArrayList<>());
                boolean chinese = model.get() == EmbeddingModel.BGE_SMALL_ZH;
                for (Section s : page.sections()) {
                    texts.add(page.title() + (s.headingPath() == null ? "" : " " + s.headingPath()));
                    texts.addAll(runs(s.markdown(), chinese));
                }
            }
        }
        SentenceEmbedder.configureQuestions(0, false);
        for (Map.Entry<EmbeddingModel, List<String>> e : byModel.entrySet()) {
            List<String> texts = new ArrayList<>(e.getValue());
            Collections.shuffle(texts, new Random(11));
            texts = texts.subList(0, Math.min(MAX_TEXTS, texts.size()));
            EmbeddingModel model = e.getKey();
            long start = System.nanoTime();
            SentenceEmbedder.useQuestionVectors(QuestionVectors.MODEL, tables);
            List<float[]> targets = texts.stream().map(t -> SentenceEmbedder.embedQuery(model, t)).toList();
            SentenceEmbedder.mapQuestions(model, null);
            SentenceEmbedder.useQuestionVectors(unmapped, tables);
            List<float[]> inputs = texts.stream().map(t -> SentenceEmbedder.embedQuery(model, t)).toList();
            int held = texts.size() / 10;
            List<String> heldTexts = texts.subList(0, held);
            double best = -1;
            double bestRidge = RIDGE[0];
            for (double ridge : RIDGE) {
                // measured through the server's own path: the map installed, the held-back texts embedded as questions
                SentenceEmbedder.mapQuestions(model, solve(inputs.subList(held, texts.size()), targets.subList(held, texts.size()), ridge));
                SentenceEmbedder.useQuestionVectors(mapped, tables);
                double cosine = meanCosine(heldTexts.stream().map(t -> SentenceEmbedder.embedQuery(model, t)).toList(),
                        targets.subList(0, held));
                System.out.printf(Locale.ROOT, "  %s: ridge %.2f, held-back mean cosine %.4f%n", model.id(), ridge, cosine);
                if (cosine > best) {
                    best = cosine;
                    bestRidge = ridge;
                }
            }
            System.out.printf(Locale.ROOT, "  %s: unmapped mean cosine %.4f; map fitted on %d texts, ridge %.2f (%.0f s)%n",
                    model.id(), meanCosine(inputs.subList(0, held), targets.subList(0, held)), texts.size(), bestRidge,
                    (System.nanoTime() - start) / 1e9);
            SentenceEmbedder.mapQuestions(model, solve(inputs, targets, bestRidge));
        }
        SentenceEmbedder.useQuestionVectors(mapped, tables);
        SentenceEmbedder.configureQuestions(0, true);
    }

    /** Up to three runs of 12 words (24 characters where words are not spaced) from a section's text. */
    private static List<String> runs(String markdown, boolean chinese) {
        String text = markdown.replaceAll("(?s)```.*?```", " ").replaceAll("[#*_`>|\\[\\]()<>{}=-]+", " ").strip();
        List<String> out = new ArrayList<>();
        if (chinese) {
            String compact = text.replaceAll("\\s+", "");
            for (int i = 0; i + 24 <= compact.length() && out.size() < 3; i += 60) {
                out.add(compact.substring(i, i + 24));
            }
            return out;
        }
        String[] words = text.split("\\s+");
        for (int i = 0; i + 12 <= words.length && out.size() < 3; i += 40) {
            out.add(String.join(" ", java.util.Arrays.asList(words).subList(i, i + 12)));
        }
        return out;
    }

    /** The mean cosine of unit-length vectors to their targets. */
    private static double meanCosine(List<float[]> vectors, List<float[]> targets) {
        double sum = 0;
        for (int i = 0; i < vectors.size(); i++) {
            float[] v = vectors.get(i);
            for (int d = 0; d < v.length; d++) {
                sum += v[d] * targets.get(i)[d];
            }
        }
        return sum / vectors.size();
    }

    /** Ridge regression with a bias row: ({@code XᵀX + ridge·I}) W = {@code XᵀY}, solved by Gaussian elimination. */
    private static float[][] solve(List<float[]> inputs, List<float[]> targets, double ridge) {
        int n = inputs.get(0).length + 1;
        int m = targets.get(0).length;
        double[][] a = new double[n][n];
        double[][] b = new double[n][m];
        double[] x = new double[n];
        for (int k = 0; k < inputs.size(); k++) {
            float[] in = inputs.get(k);
            for (int i = 0; i < n - 1; i++) {
                x[i] = in[i];
            }
            x[n - 1] = 1;
            float[] y = targets.get(k);
            for (int i = 0; i < n; i++) {
                double xi = x[i];
                double[] ai = a[i];
                for (int j = 0; j < n; j++) {
                    ai[j] += xi * x[j];
                }
                double[] bi = b[i];
                for (int j = 0; j < m; j++) {
                    bi[j] += xi * y[j];
                }
            }
        }
        for (int i = 0; i < n - 1; i++) {
            a[i][i] += ridge;
        }
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
                    pivot = r;
                }
            }
            double[] t = a[col]; a[col] = a[pivot]; a[pivot] = t;
            t = b[col]; b[col] = b[pivot]; b[pivot] = t;
            for (int r = 0; r < n; r++) {
                if (r == col) {
                    continue;
                }
                double f = a[r][col] / a[col][col];
                if (f == 0) {
                    continue;
                }
                for (int j = col; j < n; j++) {
                    a[r][j] -= f * a[col][j];
                }
                for (int j = 0; j < m; j++) {
                    b[r][j] -= f * b[col][j];
                }
            }
        }
        float[][] w = new float[n][m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                w[i][j] = (float) (b[i][j] / a[i][i]);
            }
        }
        return w;
    }
}
