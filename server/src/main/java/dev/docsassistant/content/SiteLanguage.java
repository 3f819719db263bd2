package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A language a docs.json {@code navigation.languages[].language} may name: Mintlify's list of codes
 * ({@code organize/navigation} "Languages", the schema's enum), each with what the pages need of it.
 *
 * @param code  the code as docs.json writes it ({@code cn}, {@code jp}, {@code pt-BR}…)
 * @param table the interface-text table its pages use ({@code site-strings/{table}.properties})
 * @param tag   its BCP 47 tag, for {@code <html lang>}, {@code hreflang} and matching {@code Accept-Language}
 * @param name  its name in itself, for the language menu
 * @param rtl   whether it is written right to left
 */
public record SiteLanguage(String code, String table, String tag, String name, boolean rtl) {
    private static final Map<String, SiteLanguage> BY_CODE = new LinkedHashMap<>();

    static {
        add("en", "en", "en", "English");
        add("cn", "zh", "zh-Hans", "简体中文");
        add("zh", "zh", "zh-Hans", "简体中文");
        add("zh-Hans", "zh", "zh-Hans", "简体中文");
        add("zh-CN", "zh", "zh-CN", "简体中文");
        add("zh-Hant", "zh-Hant", "zh-Hant", "繁體中文");
        add("zh-TW", "zh-Hant", "zh-TW", "繁體中文");
        add("es", "es", "es", "Español");
        add("fr", "fr", "fr", "Français");
        add("fr-CA", "fr", "fr-CA", "Français (Canada)");
        add("fr-ca", "fr", "fr-CA", "Français (Canada)");
        add("ja", "ja", "ja", "日本語");
        add("jp", "ja", "ja", "日本語");
        add("ja-jp", "ja", "ja-JP", "日本語");
        add("ja-JP", "ja", "ja-JP", "日本語");
        add("pt", "pt-BR", "pt", "Português");
        add("pt-BR", "pt-BR", "pt-BR", "Português (Brasil)");
        add("de", "de", "de", "Deutsch");
        add("ko", "ko", "ko", "한국어");
        add("it", "it", "it", "Italiano");
        add("ru", "ru", "ru", "Русский");
        add("ro", "ro", "ro", "Română");
        add("cs", "cs", "cs", "Čeština");
        add("id", "id", "id", "Bahasa Indonesia");
        add("ar", "ar", "ar", "العربية");
        add("tr", "tr", "tr", "Türkçe");
        add("hi", "hi", "hi", "हिन्दी");
        add("sv", "sv", "sv", "Svenska");
        add("no", "no", "no", "Norsk");
        add("da", "da", "da", "Dansk");
        add("lv", "lv", "lv", "Latviešu");
        add("nl", "nl", "nl", "Nederlands");
        add("uk", "uk", "uk", "Українська");
        add("vi", "vi", "vi", "Tiếng Việt");
        add("pl", "pl", "pl", "Polski");
        add("uz", "uz", "uz", "Oʻzbekcha");
        add("he", "he", "he", "עברית");
        add("ca", "ca", "ca", "Català");
        add("fi", "fi", "fi", "Suomi");
        add("hu", "hu", "hu", "Magyar");
    }

    /** English: the pages of a site without languages, and of a code Mintlify does not know. */
    public static final SiteLanguage ENGLISH = BY_CODE.get("en");

    private static void add(String code, String table, String tag, String name) {
        BY_CODE.put(code, new SiteLanguage(code, table, tag, name, table.equals("ar") || table.equals("he")));
    }

    /** Every code docs.json may name, in Mintlify's order. */
    public static List<String> codes() {
        return List.copyOf(BY_CODE.keySet());
    }

    /** The interface-text tables, one per language (English first). */
    public static List<String> tables() {
        return BY_CODE.values().stream().map(SiteLanguage::table).distinct().toList();
    }

    /** The language of a docs.json code, exactly as Mintlify spells it; empty for any other. */
    public static Optional<SiteLanguage> of(String code) {
        return Optional.ofNullable(code == null ? null : BY_CODE.get(code));
    }

    /** The language of a code, English when docs.json names one Mintlify does not know (reported by {@link #check}). */
    public static SiteLanguage orEnglish(String code) {
        return of(code).orElse(ENGLISH);
    }

    /** The language's primary subtag, with the script for Chinese ({@code zh-Hans}, {@code zh-Hant}): what two tags must share to match. */
    public String family() {
        return family(tag);
    }

    /** {@link #family()} of any BCP 47 tag, as {@code Accept-Language} sends it. */
    public static String family(String tag) {
        String t = tag.toLowerCase(Locale.ROOT);
        int dash = t.indexOf('-');
        String primary = dash < 0 ? t : t.substring(0, dash);
        if (!primary.equals("zh")) {
            return primary.equals("nb") || primary.equals("nn") ? "no" : primary;
        }
        // Traditional Chinese is written in Taiwan, Hong Kong and Macao; Simplified elsewhere.
        return t.contains("-hant") || t.contains("-tw") || t.contains("-hk") || t.contains("-mo") ? "zh-hant" : "zh-hans";
    }

    /**
     * Reports each {@code language} of a {@code languages} list (the navigation's and
     * {@code navigation.global}'s) that is not one of Mintlify's codes: its pages get English interface text.
     */
    static void check(JsonNode docs, List<SiteProblem> problems) {
        walk(docs.path("navigation"), "/navigation", problems);
    }

    private static void walk(JsonNode node, String pointer, List<SiteProblem> problems) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String at = pointer + "/" + e.getKey();
                if (e.getKey().equals("languages") && e.getValue().isArray()) {
                    for (int i = 0; i < e.getValue().size(); i++) {
                        language(e.getValue().get(i).path("language"), at + "/" + i + "/language", problems);
                    }
                }
                walk(e.getValue(), at, problems);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), pointer + "/" + i, problems);
            }
        }
    }

    private static void language(JsonNode value, String pointer, List<SiteProblem> problems) {
        if (value.isTextual() && of(value.textValue()).isPresent()) {
            return;
        }
        problems.add(new SiteProblem("docs.json", pointer, "language " + (value.isMissingNode() ? "is missing" : value + " is not known")
                + ": it must be one of " + String.join(", ", codes()) + "; its pages get English interface text"));
    }
}
