package dev.docsassistant.assistant;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

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
            String w = trimTrailingPunctuation(lower.substring(start, i));
            if (w.length() > 1 && !STOP.contains(w)) {
                terms.add(stem(w));
            }
        }
        return terms;
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

    /** "retries." and "path/" as plain words; cheaper than a regex on every word of every quoted block. */
    private static String trimTrailingPunctuation(String w) {
        int end = w.length();
        while (end > 0 && ".-/".indexOf(w.charAt(end - 1)) >= 0) {
            end--;
        }
        return w.substring(0, end);
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
