package dev.docsassistant.search;

import java.util.regex.Pattern;

/**
 * Whether a hybrid query needs its embedding, by its shape alone: one or two identifiers (a config
 * key, a CLI flag, a file or API name such as {@code mcp.json}, {@code --port}, {@code search.mode},
 * {@code x-mint}, {@code openApiSpec}) say nothing a sentence embedding understands better than the
 * exact terms, and BM25 matches those terms; the embedding would cost most of the search. Plain
 * words are embedded even alone: searching every page titled in one or two plain words by its title,
 * BM25 alone put the page first less often than hybrid (bench/RESULTS.md, "Question embedding").
 * Scripts written without spaces between words (Chinese, Japanese, Thai) never count as short.
 */
public final class QueryShape {
    /** At most this many words are answered by BM25 alone. */
    static final int MAX_KEYWORD_WORDS = 2;
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Pattern UNSPACED_SCRIPT = Pattern.compile(
            "[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsThai}\\p{IsLao}\\p{IsKhmer}\\p{IsMyanmar}\\p{IsTibetan}]");
    /** A word with something to search for (not a lone punctuation mark). */
    private static final Pattern HAS_CONTENT = Pattern.compile("[\\p{L}\\p{N}]");
    /**
     * An identifier: a flag ({@code -p}, {@code --port}), letters joined by {@code . _ / : = -} or
     * {@code @}, {@code $}, or a camel-case or letter-digit name ({@code openApi}, {@code v2}); plain
     * words and hyphenated English ({@code set-up}) are not, unless joined by {@code . _ / : =}.
     */
    private static final Pattern IDENTIFIER = Pattern.compile(
            "-{1,2}[\\p{L}\\p{N}].*|.*[\\p{L}\\p{N}][._/:=@$][\\p{L}\\p{N}].*|.*\\p{Ll}\\p{Lu}.*|.*\\p{L}\\p{N}.*|[/@$].*");
    /** Punctuation around a word that does not make it an identifier (quotes, a closing question mark). */
    private static final Pattern WRAPPING = Pattern.compile("^[\"'`(\\[]+|[\"'`)\\].,;:?!]+$");

    /** For benches: null applies the rule; true or false decides for every query. */
    private static volatile Boolean forced;

    private QueryShape() {
    }

    /** For benches: {@code null} applies the rule (the default); true answers every query by BM25 alone, false none. */
    public static void force(Boolean keywordsOnly) {
        forced = keywordsOnly;
    }

    /** True when the query is at most {@link #MAX_KEYWORD_WORDS} words, each an identifier, so BM25 alone answers it. */
    static boolean keywordsSuffice(String query) {
        Boolean decided = forced;
        if (decided != null) {
            return decided;
        }
        if (UNSPACED_SCRIPT.matcher(query).find()) {
            return false;
        }
        int words = 0;
        for (String w : SPACE.split(query.strip())) {
            if (!HAS_CONTENT.matcher(w).find()) {
                continue;
            }
            if (++words > MAX_KEYWORD_WORDS || !identifier(w)) {
                return false;
            }
        }
        return words > 0;
    }

    /** Whether a word reads as an identifier rather than a word of a sentence. */
    public static boolean identifier(String word) {
        return IDENTIFIER.matcher(WRAPPING.matcher(word).replaceAll("")).matches();
    }
}
