package dev.docsassistant.assistant;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The words a question is matched by: question words dropped, plural and verb endings off. */
class QuestionTermsTest {
    @Test
    void contentWordsLoseTheirEndingsAndTrailingPunctuation() {
        assertEquals(List.of("retry", "setting", "class", "doc", "path", "v2", "deliver", "used", "tie"),
                List.copyOf(QuestionTerms.of("What are the retries, the settings and the class docs of path/ v2.? "
                        + "Retrying delivered used ties x.")));
    }

    @Test
    void shortWordsKeepTheirEndings() {
        assertEquals("tie", QuestionTerms.stem("ties"));
        assertEquals("sing", QuestionTerms.stem("sing"));
        assertEquals("thing", QuestionTerms.stem("thing"));
        assertEquals("bed", QuestionTerms.stem("bed"));
        assertEquals("gas", QuestionTerms.stem("gas"));
        assertEquals("pass", QuestionTerms.stem("pass"));
    }
}
