package dev.docsassistant.search;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class QuestionReductionTest {
    @Test
    void theServersRuleDropsQuestionWordsArticlesAndAuxiliariesAndKeepsTenWords() {
        QuestionReduction rule = QuestionReduction.DEFAULT;
        assertEquals("I add custom domain?", rule.apply("How do I add a custom domain?"));
        assertEquals("aren't my webhooks retried?", rule.apply("Why aren't my webhooks retried?"), "negations stay");
        assertEquals("tools/list return server has no tools?", rule.apply("What does tools/list return when the server has no tools?"),
                "punctuation inside a word stays");
        assertEquals("nightly batch job with nobody at keyboard has to call",
                rule.apply("A nightly batch job with nobody at the keyboard has to call a protected server. How does it get a token?"),
                "at most ten words are kept, from the start");
        assertEquals("WHAT IS THE", QuestionReduction.NONE.apply("WHAT IS THE"));
        assertEquals("What is the?", rule.apply("What is the?"), "a question of nothing but dropped words is embedded as asked");
        assertEquals("What is the", rule.apply(" What   is\tthe "), "… with its whitespace tidied");
    }

    @Test
    void punctuationAndRepeatsAreDroppedOnlyWhenTheRuleSaysSo() {
        assertEquals("tools/list return empty", new QuestionReduction(QuestionReduction.Punctuation.WORD_EDGES, Set.of(), false, 0)
                .apply("(tools/list) return empty?"));
        assertEquals("tools list return empty", new QuestionReduction(QuestionReduction.Punctuation.ALL, Set.of(), false, 0)
                .apply("(tools/list) return empty?"));
        assertEquals("retry Retry", new QuestionReduction(QuestionReduction.Punctuation.KEEP, Set.of(), false, 0).apply("retry Retry"));
        assertEquals("retry", new QuestionReduction(QuestionReduction.Punctuation.KEEP, Set.of(), true, 0).apply("retry Retry"));
        assertThrows(IllegalArgumentException.class, () -> new QuestionReduction(QuestionReduction.Punctuation.KEEP, Set.of(), false, -1));
    }

    @Test
    void onlyEnglishQuestionsAreReducedBeforeTheirModel() {
        assertEquals("I add custom domain?", SentenceEmbedder.modelText(EmbeddingModel.MINILM, "How do I add a custom domain?"));
        assertEquals("How do I add a custom domain?", SentenceEmbedder.modelText(EmbeddingModel.BGE_SMALL_ZH, "How do I add a custom domain?"),
                "the Chinese model reads the question as asked");
    }
}
