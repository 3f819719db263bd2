package dev.docsassistant.assistant;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The content words of a question, lightly normalised, for matching sentences against it. */
final class QuestionTerms {
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}_./-]*");
    private static final Set<String> STOP = Set.of(("a an and are as at be but by for if in into is it no not of on or "
            + "such that the their then there these they this to was will with i me my we our you your what which who "
            + "when where why how can could would should do does did have has had am been get use using want need like "
            + "way about any some all one from than too very just also only so its it's i'm don't doesn't can't").split(" "));

    private QuestionTerms() {
    }

    static Set<String> of(String text) {
        Set<String> terms = new LinkedHashSet<>();
        Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            String w = trimTrailingPunctuation(m.group());
            if (w.length() > 1 && !STOP.contains(w)) {
                terms.add(stem(w));
            }
        }
        return terms;
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
