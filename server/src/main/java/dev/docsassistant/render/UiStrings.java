package dev.docsassistant.render;

import dev.docsassistant.content.SiteLanguage;
import dev.docsassistant.integrations.spi.HtmlEncoder;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The interface text of rendered pages in the page's language, from {@code site-strings/{table}.properties},
 * one table per language docs.json may name ({@link SiteLanguage}); English for a code Mintlify does not
 * know and for any key a table lacks. Keys are shared with the site script, which gets the table of its
 * page in the page configuration.
 */
final class UiStrings {
    private static final Map<String, Map<String, String>> TABLES = new ConcurrentHashMap<>();
    /** Each language's strings, merged once: a page asks for them on every render. */
    private static final Map<String, UiStrings> BY_LANGUAGE = new ConcurrentHashMap<>();

    private final Map<String, String> table;
    private final Locale locale;
    /** {@link #json}, once written (a race writes the same text twice). */
    private volatile String json;

    private UiStrings(Map<String, String> table, Locale locale) {
        this.table = table;
        this.locale = locale;
    }

    /** The strings for a docs.json language code ({@code fr}, {@code fr-CA}, {@code zh-Hans}, {@code cn}, {@code jp}); English when unknown. */
    static UiStrings of(String language) {
        return BY_LANGUAGE.computeIfAbsent(language == null ? "" : language, l -> merged(language));
    }

    private static UiStrings merged(String language) {
        SiteLanguage lang = SiteLanguage.orEnglish(language);
        Map<String, String> merged = new TreeMap<>(table("en"));
        merged.putAll(table(lang.table()));
        return new UiStrings(java.util.Collections.unmodifiableMap(merged), Locale.forLanguageTag(lang.tag()));
    }

    String get(String key) {
        return table.getOrDefault(key, key);
    }

    /** These strings with one replaced (a site's own wording, such as docs.json {@code search.prompt}). */
    UiStrings with(String key, String text) {
        Map<String, String> t = new TreeMap<>(table);
        t.put(key, text);
        return new UiStrings(t, locale);
    }

    /** The language's locale, for dates. */
    Locale locale() {
        return locale;
    }

    /** Every key with its text in this language, for the site script. */
    Map<String, String> all() {
        return table;
    }

    /** {@link #all} as a JSON object for a page's inline configuration, written once per language (pages ask on every render). */
    String json() {
        String made = json;
        if (made == null) {
            StringBuilder s = new StringBuilder("{");
            String sep = "";
            for (Map.Entry<String, String> e : table.entrySet()) {
                s.append(sep).append(HtmlEncoder.jsString(e.getKey())).append(':').append(HtmlEncoder.jsString(e.getValue()));
                sep = ",";
            }
            made = s.append('}').toString();
            json = made;
        }
        return made;
    }

    /** One table as its file holds it (empty when there is no file), for checking that every table is complete. */
    static Map<String, String> table(String language) {
        return TABLES.computeIfAbsent(language, l -> {
            try (InputStream in = UiStrings.class.getResourceAsStream("/site-strings/" + l + ".properties")) {
                if (in == null) {
                    return Map.of();
                }
                Properties p = new Properties();
                p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
                Map<String, String> t = new TreeMap<>();
                p.stringPropertyNames().forEach(k -> t.put(k, p.getProperty(k)));
                return Map.copyOf(t);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
