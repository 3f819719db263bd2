package dev.docsassistant.assistant;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The words a question is matched by: question words dropped, plural and verb endings off. */
class QuestionTermsTest {
    @Test
    void contentWordsLoseTheirEndingsAndTrailingPunctuation() {
        assertEquals(List.of("retry", "setting", "class", "doc", "path", "v2", "deliver", "used", "tie"),
                List.copyOf(QuestionTerms.of("What are the retries, the settings and the class docs of path/ v2.? "
                        + "Retrying delivered used ties x.")));
    }

    /**
     * Words are what the regex {@code [\p{L}\p{N}][\p{L}\p{N}_./-]*} finds in the lower-cased text, scanned by hand:
     * letters and numbers of every script (superscripts, Roman numerals, CJK, letters beyond the BMP) and the
     * joining characters only inside a word.
     */
    @Test
    void wordsAreWhatTheWordPatternFinds() {
        Pattern word = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_./-]*");
        List<String> texts = List.of(
                "Set `retry_policy.max-attempts` to 5 in config/app.yaml (see docs/retries.md).",
                "_leading __dunder__ -dash .dot /slash trailing-- end./ x2² Ⅻ ½ ٣ 配置文件 𝒳𝒴z 𐐀abc",
                "Größe ÜBER İstanbul ǅungla ΣΊΣΥΦΟΣ — naïve café; e-mail: a@b.c, v1.2.3-rc.1/… ok?",
                "| Header | Value |\n|---|---|\n| `X-Retry-After` | 30s |\n```bash\ncurl -X POST https://x.dev/v2/a_b\n```",
                "");
        Random random = new Random(7);
        String alphabet = "aZ9_./- \t\n,;:!?()[]{}'\"`é²Ⅻ½٣配𝒳İ·‿";
        List<String> all = new ArrayList<>(texts);
        for (int i = 0; i < 300; i++) {
            StringBuilder b = new StringBuilder();
            for (int j = random.nextInt(60); j > 0; j--) {
                b.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0, random.nextInt(alphabet.codePointCount(0, alphabet.length())))));
            }
            all.add(b.toString());
        }
        for (String text : all) {
            Set<String> expected = new LinkedHashSet<>();
            Matcher m = word.matcher(text.toLowerCase(Locale.ROOT));
            while (m.find()) {
                String w = m.group().replaceAll("[./-]+$", "");
                if (w.length() > 1 && !QuestionTerms.STOP.contains(w)) {
                    expected.add(QuestionTerms.stem(w));
                }
            }
            assertEquals(List.copyOf(expected), List.copyOf(QuestionTerms.of(text)), text);
            // A question's terms found in the text: every other one of its words, and one it lacks.
            Set<String> question = new LinkedHashSet<>(List.of("absent-word"));
            int k = 0;
            for (String w : expected) {
                if (k++ % 2 == 0) {
                    question.add(w);
                }
            }
            Set<String> shared = new LinkedHashSet<>(expected);
            shared.retainAll(question);
            assertEquals(shared, QuestionTerms.shared(text, question), text);
        }
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
