package dev.docsassistant.search;

import java.util.regex.Pattern;

/**
 * Whether a hybrid query needs its embedding, by its shape alone: one or two words (a config key, a
 * CLI flag, an API or file name such as {@code mcp.json}, {@code --port}, {@code openapi}, or a bare
 * topic) say nothing a sentence embedding understands better than the exact terms, and BM25 matches
 * those terms; the embedding would cost most of the search. Scripts written without spaces between
 * words (Chinese, Japanese, Thai and their neighbours) are never counted this way: one "word" there
 * is a whole sentence.
 */
final class QueryShape {
    /** At most this many words are answered by BM25 alone. */
    static final int MAX_KEYWORD_WORDS = 2;
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Pattern UNSPACED_SCRIPT = Pattern.compile(
            "[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsThai}\\p{IsLao}\\p{IsKhmer}\\p{IsMyanmar}\\p{IsTibetan}]");
    /** A word with something to search for (not a lone punctuation mark). */
    private static final Pattern HAS_CONTENT = Pattern.compile("[\\p{L}\\p{N}]");

    private QueryShape() {
    }

    /** True when the query is at most {@link #MAX_KEYWORD_WORDS} words, so BM25 alone answers it. */
    static boolean keywordsSuffice(String query) {
        if (UNSPACED_SCRIPT.matcher(query).find()) {
            return false;
        }
        int words = 0;
        for (String w : SPACE.split(query.strip())) {
            if (HAS_CONTENT.matcher(w).find() && ++words > MAX_KEYWORD_WORDS) {
                return false;
            }
        }
        return true;
    }
}
