package dev.docsassistant.search;

/**
 * Where a question's vector comes from. The server runs the model ({@link #MODEL}); the others use the
 * model's static word-piece table ({@link StaticTokenVectors}) or its first layers alone and are for
 * {@code bench/run SearchEval --question-vectors=…}, which measures what each costs in recall (bench/RESULTS.md,
 * "A static question vector" and after): none both kept recall@5 within 0.01 on every part of the dev sets and
 * spared the model for more than a few questions, so none is the server's.
 */
public enum QuestionVectors {
    /** The model, for questions and sections. */
    MODEL,
    /** The static table for questions; sections from the model. */
    STATIC,
    /** The static table for questions and sections. */
    STATIC_BOTH,
    /**
     * The static table's vector through a linear map fitted to the model's question vectors of the corpus's own
     * sentences ({@link SentenceEmbedder#mapQuestions}); sections from the model.
     */
    STATIC_MAPPED,
    /**
     * The static table first: when the static vector's nearest page is BM25's best page too, the question is
     * ranked with the static vector; otherwise (an ambiguous question) the model embeds it.
     */
    STATIC_FIRST,
    /**
     * The model's first layers alone ({@link SentenceEmbedder#layersForQuestions}), pooled and put through a linear
     * map fitted to the whole model's question vectors ({@link SentenceEmbedder#mapQuestions}); sections from the model.
     */
    LAYERS_MAPPED
}
