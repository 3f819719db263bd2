package dev.docsassistant.search;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LanguageAnalysisTest {
    @Test
    void aLanguageCodeIsReadByItsBaseLanguageWhateverItsRegionOrCase() {
        assertEquals("zh", LanguageAnalysis.baseLanguage("zh-Hans"));
        assertEquals("fr", LanguageAnalysis.baseLanguage("fr_CA"));
        assertEquals("pt", LanguageAnalysis.baseLanguage("PT-br"));
        assertEquals("en", LanguageAnalysis.baseLanguage("en"));
        assertEquals("", LanguageAnalysis.baseLanguage("-x"));
        assertEquals(LanguageAnalysis.CJK, LanguageAnalysis.of("zh-Hant"));
        assertEquals(LanguageAnalysis.FR, LanguageAnalysis.of("fr_CA"));
        assertEquals(LanguageAnalysis.EN, LanguageAnalysis.of("EN-gb"));
        assertEquals(LanguageAnalysis.STD, LanguageAnalysis.of("nl-BE"));
        assertEquals(Optional.of(EmbeddingModel.BGE_SMALL_ZH), SentenceEmbedder.modelFor("ZH_cn"));
        assertEquals(Optional.of(SentenceEmbedder.englishModel()), SentenceEmbedder.modelFor("en-US"));
        assertEquals(Optional.empty(), SentenceEmbedder.modelFor("es-MX"));
    }

    @Test
    void eachLanguageHasItsOwnTextFields() {
        assertEquals("body_en", LanguageAnalysis.EN.field("body"));
        assertEquals("head_cjk", LanguageAnalysis.CJK.field("head"));
        assertEquals("tag_fr", LanguageAnalysis.FR.field("tag"));
    }
}
