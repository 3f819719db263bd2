package dev.docsassistant.search;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cjk.CJKAnalyzer;
import org.apache.lucene.analysis.cn.smart.SmartChineseAnalyzer;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.it.ItalianAnalyzer;
import org.apache.lucene.analysis.pt.PortugueseAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Text analysis per page language: stemming and stop words for the languages Lucene knows,
 * word segmentation for Chinese, and plain tokenisation for the rest. Each language indexes into
 * its own fields ({@code body_fr}), so every field has exactly one analyzer.
 */
enum LanguageAnalysis {
    EN(new EnglishAnalyzer()),
    FR(new FrenchAnalyzer()),
    ES(new SpanishAnalyzer()),
    DE(new GermanAnalyzer()),
    IT(new ItalianAnalyzer()),
    PT(new PortugueseAnalyzer()),
    ZH(new SmartChineseAnalyzer()),
    CJK(new CJKAnalyzer()),
    STD(new StandardAnalyzer());

    /**
     * Words of questions that say nothing about the topic ("how do I …", "what should we …").
     * Lucene's English stop list is short because it also serves indexing; queries can drop more.
     */
    private static final String QUESTION_WORDS = "i me my mine we us our ours you your yours he she him her his it its "
            + "they them their what which who whom whose when where why how can could would should shall may might "
            + "must do does did done doing have has had having am is are was were been being get gets got "
            + "any some all each every one there here so than too very just also only still even about "
            + "want wants need needs like way ways make makes thing things something anything someone";

    private final Analyzer analyzer;
    /** For queries: see {@link PerCallAnalyzer}. */
    private final Analyzer queryAnalyzer;
    private final Set<String> questionTerms;
    /** The names of this language's two text fields, made once: every query term names both. */
    private final String headField;
    private final String bodyField;

    LanguageAnalysis(Analyzer analyzer) {
        this.headField = "head_" + name().toLowerCase(Locale.ROOT);
        this.bodyField = "body_" + name().toLowerCase(Locale.ROOT);
        this.analyzer = analyzer;
        this.queryAnalyzer = new PerCallAnalyzer(analyzer);
        this.questionTerms = terms(QUESTION_WORDS);
    }

    /** The analysis for a navigation language code such as {@code en}, {@code fr-CA}, {@code zh-Hans}; English when unknown. */
    static LanguageAnalysis of(String languageCode) {
        if (languageCode == null) {
            return EN;
        }
        String base = baseLanguage(languageCode);
        return switch (base) {
            case "en" -> EN;
            case "fr" -> FR;
            case "es" -> ES;
            case "de" -> DE;
            case "it" -> IT;
            case "pt" -> PT;
            case "zh", "cn" -> CJK;
            case "ja", "jp", "ko" -> CJK;
            default -> STD;
        };
    }

    /**
     * Whether terms are overlapping pairs of characters (CJK) rather than words. A question's pairs
     * that straddle two of its words ("把几", "个链") are artefacts of that analysis, not words asked
     * about: when no page holds one, it does not count toward the best conceivable match, else a
     * page matching every word of a Chinese question still scored a small share of it (the offline
     * assistant then abstained on half the Chinese dev questions whose page search ranked first).
     * Word analyses keep counting absent words: a word no page has is a sign the site lacks the answer.
     */
    boolean pairsCharacters() {
        return this == CJK;
    }

    Analyzer analyzer() {
        return analyzer;
    }

    String field(String base) {
        return switch (base) {
            case "head" -> headField;
            case "body" -> bodyField;
            default -> base + "_" + name().toLowerCase(Locale.ROOT);
        };
    }

    /** A language code's base language, lower case: {@code zh} for {@code zh-Hans}, {@code fr} for {@code fr_CA}. */
    static String baseLanguage(String languageCode) {
        int end = 0;
        while (end < languageCode.length() && languageCode.charAt(end) != '-' && languageCode.charAt(end) != '_') {
            end++;
        }
        return languageCode.substring(0, end).toLowerCase(Locale.ROOT);
    }

    /**
     * The terms to search for: the text's terms without question words (English only; the other
     * languages' stop lists already hold theirs). A query made only of such words keeps them all.
     */
    Set<String> queryTerms(String text) {
        Set<String> terms = terms(text);
        if (this != EN) {
            return terms;
        }
        Set<String> content = new LinkedHashSet<>(terms);
        content.removeAll(questionTerms);
        return content.isEmpty() ? terms : content;
    }

    /** The distinct terms of a text, in order of first appearance. */
    Set<String> terms(String text) {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream ts = queryAnalyzer.tokenStream(field("body"), text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                terms.add(term.toString());
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return terms;
    }
}
