package dev.docsassistant.assistant;

import dev.docsassistant.search.SiteSearch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a site can cover a question at all, judged by its words before any ranking: a question
 * naming something the site never mentions (Kafka on a site that never says "Kafka"), or most of
 * whose words the site never uses, is not answered from loosely related pages that happen to share
 * its other words; that would present a guess as documentation.
 */
final class QuestionCoverage {
    /** More than this share of the question's content words unknown to the site: it is about something else. */
    static final double MAX_UNKNOWN_SHARE = 0.5;
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+|[.?!:;]");

    private QuestionCoverage() {
    }

    /** Why the site cannot cover the question, if it cannot. */
    static Optional<String> gap(SiteSearch search, String question) {
        List<String> unknownNames = names(question).stream().filter(name -> !search.mentions(name)).toList();
        if (!unknownNames.isEmpty()) {
            return Optional.of("the site never mentions " + String.join(", ", unknownNames));
        }
        Set<String> words = QuestionTerms.of(question);
        List<String> unknown = words.stream().filter(w -> !search.mentions(w)).toList();
        if (!words.isEmpty() && unknown.size() > words.size() * MAX_UNKNOWN_SHARE) {
            return Optional.of("the site uses none of " + String.join(", ", unknown));
        }
        return Optional.empty();
    }

    /** Names: capitalised words that do not open a sentence (products, vendors, tools), in order, once each. */
    static List<String> names(String question) {
        List<String> names = new ArrayList<>();
        boolean sentenceStart = true;
        Matcher m = WORD.matcher(question);
        while (m.find()) {
            String w = m.group();
            if (".?!:;".contains(w)) {
                sentenceStart = true;
                continue;
            }
            if (!sentenceStart && w.length() > 1 && Character.isUpperCase(w.codePointAt(0)) && !names.contains(w)) {
                names.add(w);
            }
            sentenceStart = false;
        }
        return names;
    }
}
