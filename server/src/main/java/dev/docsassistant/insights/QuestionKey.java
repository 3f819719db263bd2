package dev.docsassistant.insights;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The words that carry a question, as a sorted, space-separated key: lower case, accents and
 * punctuation off, common function words dropped, plural "s" trimmed. Questions with the same key
 * ("How do I rotate keys?" / "how to rotate a key") are counted as one; keys that share most words
 * are merged later as near-duplicates.
 */
public final class QuestionKey {
    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Set<String> FUNCTION_WORDS = Set.of(
            "a", "an", "the", "and", "or", "but", "if", "of", "to", "in", "on", "at", "for", "with", "by", "from",
            "as", "is", "are", "was", "were", "be", "been", "do", "does", "did", "can", "could", "should", "would",
            "will", "i", "me", "my", "we", "our", "you", "your", "it", "its", "this", "that", "these", "those",
            "there", "what", "which", "who", "how", "why", "when", "where", "any", "some", "about",
            "into", "than", "then", "so", "not", "no", "have", "has", "had", "get", "use", "using", "please");
    private static final int MAX_CHARS = 500;

    private QuestionKey() {
    }

    public static String of(String question) {
        return String.join(" ", terms(question));
    }

    /** The distinct content words of a question (of a key: its words). */
    public static Set<String> terms(String text) {
        String folded = MARKS.matcher(Normalizer.normalize(text.toLowerCase(Locale.ROOT), Normalizer.Form.NFD)).replaceAll("");
        Set<String> out = new TreeSet<>();
        for (String word : NON_WORD.split(folded)) {
            if (word.isEmpty() || FUNCTION_WORDS.contains(word)) {
                continue;
            }
            out.add(word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.substring(0, word.length() - 1) : word);
        }
        if (out.isEmpty()) {
            // Only function words ("how?"): keep the question itself so it is still listed.
            out.addAll(Arrays.asList(NON_WORD.split(folded.strip())));
            out.remove("");
        }
        String joined = String.join(" ", out);
        return joined.length() <= MAX_CHARS ? out : new TreeSet<>(Arrays.asList(joined.substring(0, MAX_CHARS).split(" ")));
    }
}
