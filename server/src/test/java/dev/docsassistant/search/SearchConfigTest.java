package dev.docsassistant.search;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SearchConfigTest {
    private static AppConfig config(Path dir, String yaml) throws Exception {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, yaml);
        return AppConfig.load(file);
    }

    @Test
    void hybridByDefaultAndKeywordPerServerOrPerSite(@TempDir Path dir) throws Exception {
        Map<String, SearchSettings> byDefault = SearchConfig.read(config(dir, """
                docs-assistant:
                  sites:
                    - {domain: a, organization: o, path: a}
                    - {domain: b, organization: o, path: b, search: {mode: keyword}}
                """));
        assertEquals(SearchMode.HYBRID, byDefault.get("a").mode());
        assertEquals(SearchMode.KEYWORD, byDefault.get("b").mode());
        Map<String, SearchSettings> keyword = SearchConfig.read(config(dir, """
                docs-assistant:
                  search: {mode: keyword}
                  sites:
                    - {domain: a, organization: o, path: a}
                    - {domain: b, organization: o, path: b, search: {mode: Hybrid}}
                """));
        assertEquals(SearchMode.KEYWORD, keyword.get("a").mode());
        assertEquals(SearchMode.HYBRID, keyword.get("b").mode());
    }

    @Test
    void anUnknownModeNamesItsKey(@TempDir Path dir) {
        ConfigException e = assertThrows(ConfigException.class, () -> SearchConfig.read(config(dir, """
                docs-assistant:
                  sites:
                    - {domain: a, organization: o, path: a, search: {mode: semantic}}
                """)));
        assertTrue(e.getMessage().contains("sites.0.search.mode"), e.getMessage());
        assertTrue(e.getMessage().contains("hybrid or keyword"), e.getMessage());
    }

    @Test
    void theQuestionCacheIsOnUnlessTurnedOffAndABadValueNamesItsKey(@TempDir Path dir) throws Exception {
        try {
            SearchConfig.read(config(dir, "docs-assistant: {search: {question-cache: false}}\n"));
            assertFalse(SentenceEmbedder.questionsCached());
            SearchConfig.read(config(dir, "docs-assistant: {search: {mode: keyword}}\n"));
            assertTrue(SentenceEmbedder.questionsCached());
            ConfigException e = assertThrows(ConfigException.class,
                    () -> SearchConfig.read(config(dir, "docs-assistant: {search: {question-cache: sometimes}}\n")));
            assertTrue(e.getMessage().contains("search.question-cache"), e.getMessage());
        } finally {
            SentenceEmbedder.cacheQuestions(true);
        }
    }

    @Test
    void questionBatchingIsOffUnlessTurnedOnAndABadValueNamesItsKey(@TempDir Path dir) throws Exception {
        try {
            SearchConfig.read(config(dir, "docs-assistant: {search: {question-batching: true}}\n"));
            assertTrue(SentenceEmbedder.questionsBatched());
            SearchConfig.read(config(dir, "docs-assistant: {search: {mode: keyword}}\n"));
            assertFalse(SentenceEmbedder.questionsBatched());
            ConfigException e = assertThrows(ConfigException.class,
                    () -> SearchConfig.read(config(dir, "docs-assistant: {search: {question-batching: 2}}\n")));
            assertTrue(e.getMessage().contains("search.question-batching"), e.getMessage());
        } finally {
            SentenceEmbedder.batchQuestions(false);
        }
    }
}
