package dev.docsassistant.search;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What of an English question the embedding model reads. A model run's cost grows with its word pieces
 * (bench/RESULTS.md, "ONNX Runtime session options"), and a question spends many of them on words that
 * carry no topic: punctuation, question words, articles, auxiliaries. A reduction drops some of these
 * before the tokenizer; BM25 and the model gate still read the question as asked. When nothing would
 * be left, the question is embedded as asked.
 *
 * @param punctuation what happens to punctuation
 * @param stopWords   words dropped (lower case); empty keeps every word
 * @param dedupe      whether a word repeated (ignoring case) is kept once
 * @param maxWords    words kept at most, from the start (after the rest); 0 for no cap
 */
public record QuestionReduction(Punctuation punctuation, Set<String> stopWords, boolean dedupe, int maxWords) {
    /** Punctuation: kept, dropped at the ends of words (keeping {@code tools/list}, {@code mcp.json}), or dropped everywhere. */
    public enum Punctuation { KEEP, WORD_EDGES, ALL }

    /** Question words. */
    public static final Set<String> QUESTION_WORDS = Set.of("what", "what's", "whats", "how", "why", "when", "where",
            "which", "who", "whom", "whose");
    /** Articles. */
    public static final Set<String> ARTICLES = Set.of("a", "an", "the");
    /** Auxiliary verbs (negations such as {@code not}, {@code don't} are never dropped). */
    public static final Set<String> AUXILIARIES = Set.of("do", "does", "did", "is", "are", "was", "were", "be", "been",
            "being", "am", "can", "could", "should", "would", "will", "shall", "may", "might", "must");
    /** Pronouns of the asker and the reader. */
    public static final Set<String> PRONOUNS = Set.of("i", "me", "my", "we", "us", "our", "you", "your", "it", "its");
    /** Prepositions and conjunctions. */
    public static final Set<String> FUNCTION_WORDS = Set.of("to", "of", "in", "on", "for", "with", "from", "by", "at",
            "about", "into", "and", "or");

    /** The question as asked. */
    public static final QuestionReduction NONE = new QuestionReduction(Punctuation.KEEP, Set.of(), false, 0);
    /**
     * The server's: without question words, articles and auxiliaries, at most its first 10 remaining words. On the
     * dev sets this halves the word pieces the model reads (30.9 to 15.5 on average), keeps every part's recall@5
     * and leaves MRR@10 within 0.01 overall (bench/RESULTS.md, "Fewer word pieces per question"); a question of 10
     * words or fewer, as typed into a search box, loses only its question words, articles and auxiliaries.
     */
    public static final QuestionReduction DEFAULT = new QuestionReduction(Punctuation.KEEP,
            Set.copyOf(words(QUESTION_WORDS, ARTICLES, AUXILIARIES)), false, 10);

    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Pattern EDGE = Pattern.compile("^[\\p{Punct}\\p{IsPunctuation}]+|[\\p{Punct}\\p{IsPunctuation}]+$");
    private static final Pattern ANY = Pattern.compile("[\\p{Punct}\\p{IsPunctuation}]+");

    public QuestionReduction {
        stopWords = Set.copyOf(stopWords);
        if (maxWords < 0) {
            throw new IllegalArgumentException("maxWords must be 0 (no cap) or more");
        }
    }

    /** The union of word lists. */
    @SafeVarargs
    public static Set<String> words(Set<String>... lists) {
        Set<String> all = new HashSet<>();
        for (Set<String> list : lists) {
            all.addAll(list);
        }
        return all;
    }

    /** The question as the model reads it: words separated by single spaces. */
    public String apply(String question) {
        String spaced = SPACE.matcher(question).replaceAll(" ").strip();
        if (this.equals(NONE)) {
            return spaced;
        }
        List<String> kept = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String raw : spaced.split(" ")) {
            String lower = raw.toLowerCase(Locale.ROOT).replace('\u2019', '\'');
            String bare = EDGE.matcher(lower).replaceAll("");
            if (stopWords.contains(bare)) {
                continue;
            }
            String word = switch (punctuation) {
                case KEEP -> raw;
                case WORD_EDGES -> EDGE.matcher(raw).replaceAll("");
                case ALL -> ANY.matcher(raw).replaceAll(" ").strip();
            };
            if (word.isEmpty() || dedupe && !seen.add(word.toLowerCase(Locale.ROOT))) {
                continue;
            }
            kept.add(word);
        }
        if (maxWords > 0 && kept.size() > maxWords) {
            kept = kept.subList(0, maxWords);
        }
        return kept.isEmpty() ? spaced : SPACE.matcher(String.join(" ", kept)).replaceAll(" ");
    }
}
