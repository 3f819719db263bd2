package dev.docsassistant.assistant;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;

/** The content words of a question, lightly normalised, for matching sentences against it. */
final class QuestionTerms {
    static final Set<String> STOP = Set.of(("a an and are as at be but by for if in into is it no not of on or "
            + "such that the their then there these they this to was will with i me my we our you your what which who "
            + "when where why how can could would should do does did have has had am been get use using want need like "
            + "way about any some all one from than too very just also only so its it's i'm don't doesn't can't").split(" "));

    private QuestionTerms() {
    }

    /**
     * The words of {@code text}: runs that start with a letter or digit and go on with letters, digits
     * and {@code _ . / -} (the regex {@code [\p{L}\p{N}][\p{L}\p{N}_./-]*}, scanned by hand: every block of
     * every retrieved section goes through here, and the regex engine cost an answer more than its search).
     */
    static Set<String> of(String text) {
        Set<String> terms = new LinkedHashSet<>();
        forEach(text, terms::add);
        return terms;
    }

    /**
     * Which of {@code terms} (a question's) occur in {@code text}: what a quoted block is judged by, without
     * keeping the set of all its words.
     */
    static Set<String> shared(String text, Set<String> terms) {
        Set<String> found = new HashSet<>();
        if (!terms.isEmpty()) {
            forEach(text, t -> {
                if (terms.contains(t)) {
                    found.add(t);
                }
            });
        }
        return found;
    }

    /** Each word of {@code text} in turn, as {@link #of} keeps it (repeats included). */
    private static void forEach(String text, Consumer<String> terms) {
        String lower = text.toLowerCase(Locale.ROOT);
        int n = lower.length();
        int i = 0;
        while (i < n) {
            int cp = lower.codePointAt(i);
            if (!letterOrNumber(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            int start = i;
            i += Character.charCount(cp);
            while (i < n) {
                cp = lower.codePointAt(i);
                if (!letterOrNumber(cp) && cp != '_' && cp != '.' && cp != '/' && cp != '-') {
                    break;
                }
                i += Character.charCount(cp);
            }
            int end = i;
            while (end > start && ".-/".indexOf(lower.charAt(end - 1)) >= 0) {
                end--;
            }
            if (end - start > 1) {
                String w = lower.substring(start, end);
                if (!STOP.contains(w)) {
                    terms.accept(stem(w));
                }
            }
        }
    }

    /** {@code \p{L}} or {@code \p{N}}: a letter, or a decimal, letter or other number. */
    private static boolean letterOrNumber(int cp) {
        if (cp < 128) {
            return cp >= 'a' && cp <= 'z' || cp >= '0' && cp <= '9' || cp >= 'A' && cp <= 'Z';
        }
        if (Character.isLetter(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER || type == Character.OTHER_NUMBER;
    }

    /** Plural and verb endings off, so "retries" and "retried" meet "retry" and "deliveries" meets "delivery". */
    static String stem(String w) {
        if (w.length() > 4 && (w.endsWith("ies") || w.endsWith("ied"))) {
            return w.substring(0, w.length() - 3) + "y";
        }
        if (w.length() > 5 && w.endsWith("ing")) {
            return w.substring(0, w.length() - 3);
        }
        if (w.length() > 4 && w.endsWith("ed")) {
            return w.substring(0, w.length() - 2);
        }
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss")) {
            return w.substring(0, w.length() - 1);
        }
        return w;
    }
}
