package dev.docsassistant.search;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the search settings: {@code docs-assistant.search.mode} ({@code hybrid}, the default, or
 * {@code keyword}), overridden per site by {@code sites[].search.mode}, and
 * {@code docs-assistant.search.embedding-cache} (default {@code <data-dir>/embeddings}).
 */
public final class SearchConfig {
    static final SearchMode DEFAULT_MODE = SearchMode.HYBRID;

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Search", "SearchConfig", List.of(
            new SettingDoc("docs-assistant.search.mode", "hybrid or keyword", DEFAULT_MODE.name().toLowerCase(Locale.ROOT),
                    "hybrid fuses BM25 with in-process embeddings; keyword is BM25 alone"),
            new SettingDoc("docs-assistant.search.embedding-cache", "path", "<data-dir>/embeddings",
                    "where embedded sections are cached by content hash (relative to the config file)"),
            new SettingDoc("docs-assistant.search.embedding-model", "model id", SentenceEmbedder.DEFAULT_ENGLISH.id(),
                    "the model that embeds English pages and questions: all-minilm-l6-v2-q, bge-small-en-v15-q or e5-small-v2-q "
                            + "(Chinese pages use bge-small-zh-v15-q); one per process"),
            new SettingDoc("docs-assistant.search.embed-in-background", "true or false", "true",
                    "a site is served once its text is indexed; sections missing from the embedding cache are embedded afterwards by "
                            + "one low-priority worker and join its index batch by batch (ranked by BM25 alone meanwhile); false "
                            + "embeds them before the site is served. Not in a fleet, whose storing server embeds before announcing"),
            new SettingDoc("docs-assistant.search.question-cache", "true or false", "true",
                    "keeps the vectors of recently asked questions (LRU, 6 MiB, about 3,000 questions) so a repeated question "
                            + "is not embedded again; false embeds every question (benchmarks that repeat their questions)"),
            new SettingDoc("docs-assistant.search.question-batching", "true or false", String.valueOf(SentenceEmbedder.DEFAULT_QUESTION_BATCHING),
                    "question-model runs bounded to one fewer than the cores; questions arriving meanwhile wait and run "
                            + "together, grouped by length (a fifth less CPU per search at 50 clients on an AVX-512 VNNI machine; a lone "
                            + "question never waits), at the price of a question's vector varying a little with what else is asked"),
            new SettingDoc("docs-assistant.sites[].search.mode", "hybrid or keyword", "search.mode",
                    "the search mode of one site")));
    private SearchConfig() {
    }

    /** The server's own settings, which sites created at run time use. */
    public static SearchSettings serverDefault(AppConfig config) {
        Config root = config.section();
        Path cache = root.get("search.embedding-cache").asString()
                .map(p -> config.baseDir().resolve(p).normalize())
                .orElse(config.dataDir().resolve("embeddings"));
        return new SearchSettings(mode(root.get("search.mode"), DEFAULT_MODE), cache, EmbeddingProgress.NONE)
                .withBackground(background(root));
    }

    /**
     * The settings of each configured site, by domain. Also chooses the process's English embedding
     * model ({@code search.embedding-model}): models are loaded once per process and shared by its sites.
     */
    public static Map<String, SearchSettings> read(AppConfig config) {
        Config root = config.section();
        SentenceEmbedder.useEnglishModel(englishModel(root.get("search.embedding-model")));
        SentenceEmbedder.cacheQuestions(flag(root.get("search.question-cache"), true));
        SentenceEmbedder.batchQuestions(flag(root.get("search.question-batching"), SentenceEmbedder.DEFAULT_QUESTION_BATCHING));
        Path cache = root.get("search.embedding-cache").asString()
                .map(p -> config.baseDir().resolve(p).normalize())
                .orElse(config.dataDir().resolve("embeddings"));
        SearchMode serverMode = mode(root.get("search.mode"), DEFAULT_MODE);
        List<Config> siteNodes = root.get("sites").asNodeList().orElse(List.of());
        Map<String, SearchSettings> bySite = new HashMap<>();
        for (int i = 0; i < config.sites().size(); i++) {
            SearchMode mode = mode(siteNodes.get(i).get("search.mode"), serverMode);
            bySite.put(config.sites().get(i).domain(), new SearchSettings(mode, cache, EmbeddingProgress.NONE).withBackground(background(root)));
        }
        return bySite;
    }

    /** The background worker, or null when {@code search.embed-in-background} is false. */
    private static java.util.concurrent.Executor background(Config root) {
        return flag(root.get("search.embed-in-background"), true) ? BackgroundEmbedding.worker() : null;
    }

    private static EmbeddingModel englishModel(Config node) {
        if (!node.exists()) {
            return SentenceEmbedder.DEFAULT_ENGLISH;
        }
        String value = node.asString().orElse("");
        EmbeddingModel model = EmbeddingModel.parse(value);
        if (model == null || model.dimension() != SentenceEmbedder.DIMENSION) {
            throw new ConfigException(node.key() + ": unknown English embedding model '" + value
                    + "' (all-minilm-l6-v2-q, bge-small-en-v15-q or e5-small-v2-q)");
        }
        return model;
    }

    private static boolean flag(Config node, boolean fallback) {
        if (!node.exists()) {
            return fallback;
        }
        String value = node.asString().orElse("");
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ConfigException(node.key() + ": '" + value + "' is not true or false");
        };
    }

    private static SearchMode mode(Config node, SearchMode fallback) {
        if (!node.exists()) {
            return fallback;
        }
        String value = node.asString().orElse("");
        SearchMode mode = SearchMode.parse(value);
        if (mode == null) {
            throw new ConfigException(node.key() + ": unknown search mode '" + value + "' (hybrid or keyword)");
        }
        return mode;
    }
}
