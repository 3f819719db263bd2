package dev.docsassistant.search;

import java.util.Locale;

/**
 * The sentence-embedding models the server can run, each an ONNX graph and tokenizer shipped inside a
 * LangChain4j model jar (used as a container only: the server runs ONNX Runtime itself). Each model
 * has its own pooling and the query and passage conventions it was trained with; leaving them out
 * costs recall (BGE's query instruction, E5's {@code query:}/{@code passage:} prefixes).
 */
public enum EmbeddingModel {
    /** all-MiniLM-L6-v2, quantised: 6 layers, the smallest and fastest; English. */
    MINILM("all-minilm-l6-v2-q", "all-minilm-l6-v2-q", 384, Pooling.MEAN, "", ""),
    /** BGE small en v1.5, quantised: 12 layers; English. */
    BGE_SMALL_EN("bge-small-en-v15-q", "bge-small-en-v1.5-q", 384, Pooling.CLS,
            "Represent this sentence for searching relevant passages: ", ""),
    /** E5 small v2, quantised: 12 layers; English. */
    E5_SMALL("e5-small-v2-q", "e5-small-v2-q", 384, Pooling.MEAN, "query: ", "passage: "),
    /** BGE small zh v1.5, quantised: 12 layers, 512 dimensions; Chinese (and the English mixed into it). */
    BGE_SMALL_ZH("bge-small-zh-v15-q", "bge-small-zh-v1.5-q", 512, Pooling.CLS, "为这个句子生成表示以用于检索相关文章：", "");

    /** How token vectors become one text vector: as the model was trained. */
    enum Pooling { MEAN, CLS }

    private final String id;
    private final String resource;
    private final int dimension;
    private final Pooling pooling;
    private final String queryPrefix;
    private final String passagePrefix;

    EmbeddingModel(String id, String resource, int dimension, Pooling pooling, String queryPrefix, String passagePrefix) {
        this.id = id;
        this.resource = resource;
        this.dimension = dimension;
        this.pooling = pooling;
        this.queryPrefix = queryPrefix;
        this.passagePrefix = passagePrefix;
    }

    /** Names the model in cache keys, index fields and fingerprints: a new model never reuses old vectors. */
    public String id() {
        return id;
    }

    public int dimension() {
        return dimension;
    }

    Pooling pooling() {
        return pooling;
    }

    String onnxFile() {
        return resource + ".onnx";
    }

    String tokenizerFile() {
        return resource + "-tokenizer.json";
    }

    /** The artifact whose jar holds the model, for the error when it is missing. */
    String artifact() {
        return "langchain4j-embeddings-" + id;
    }

    /** A question as the model expects it. */
    String query(String text) {
        return queryPrefix + text;
    }

    /** A section as the model expects it. */
    String passage(String text) {
        return passagePrefix + text;
    }

    /** The model named {@code id} (as in {@link #id()}, or the enum name), or null. */
    public static EmbeddingModel parse(String id) {
        for (EmbeddingModel m : values()) {
            if (m.id.equalsIgnoreCase(id) || m.name().equalsIgnoreCase(id.replace('-', '_').toUpperCase(Locale.ROOT))) {
                return m;
            }
        }
        return null;
    }
}
