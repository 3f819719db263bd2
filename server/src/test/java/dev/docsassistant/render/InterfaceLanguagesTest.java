package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteLanguage;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The interface text in every language docs.json may name: each table complete, each language's
 * page speaking it (with its {@code lang}, and {@code dir="rtl"} for Arabic and Hebrew), and a code
 * Mintlify does not know reported.
 */
class InterfaceLanguagesTest {
    @TempDir
    static Path dir;
    private static SiteContent content;
    private static SiteRenderer renderer;

    /** Every code of Mintlify's list, one language entry each (pages {@code {code}/index} and {@code {code}/more}), plus one it does not know. */
    @BeforeAll
    static void site() {
        TestSites site = new TestSites(dir);
        String languages = Stream.concat(SiteLanguage.codes().stream(), Stream.of("klingon"))
                .map(code -> "{\"language\": \"" + code + "\", \"groups\": [{\"group\": \"G\", \"pages\": [\"" + code + "/index\", \"" + code + "/more\"]}]}")
                .collect(Collectors.joining(",\n"));
        site.file("docs.json", "{\"name\": \"Polyglot\", \"theme\": \"mint\", \"navigation\": {\"languages\": [" + languages + "]}}");
        Stream.concat(SiteLanguage.codes().stream(), Stream.of("klingon")).forEach(code -> site
                .page(code + "/index", "## Part\n\nText.", "title: Home").page(code + "/more", "More.", "title: More"));
        content = SiteReader.read(dir);
        renderer = new SiteRenderer(new Site(new SiteConfig("polyglot", "polyglot", dir, Optional.empty()), content, null, null),
                SiteAssets.fromClassPath(), "pk_test", Injected.NONE);
    }

    private static String html(String path) {
        return assertInstanceOf(SiteRenderer.HtmlPage.class, renderer.render(path, "", null)).html();
    }

    @Test
    void everyTableHasEveryKeyOfEnglishAndNoOther() {
        Set<String> english = UiStrings.table("en").keySet();
        assertTrue(english.size() > 100, "keys: " + english.size());
        assertEquals(30, SiteLanguage.tables().size(), "a table per language of Mintlify's list: " + SiteLanguage.tables());
        for (String table : SiteLanguage.tables()) {
            Map<String, String> strings = UiStrings.table(table);
            assertEquals(new TreeSet<>(english), new TreeSet<>(strings.keySet()), "the keys of site-strings/" + table + ".properties");
            strings.forEach((key, text) -> {
                assertFalse(text.isBlank(), table + " " + key);
                for (String placeholder : List.of("{url}", "{n}")) {
                    assertEquals(UiStrings.table("en").get(key).contains(placeholder), text.contains(placeholder),
                            table + " " + key + " keeps " + placeholder + ": " + text);
                }
            });
        }
    }

    @Test
    void translatedTablesAreTranslations() {
        // Words every table says in its own way (a table copied from English would pass the key check).
        for (String table : SiteLanguage.tables().stream().filter(t -> !t.equals("en")).toList()) {
            for (String key : List.of("searchPlaceholder", "onThisPage", "feedbackQuestion", "notFoundTitle", "skip")) {
                assertFalse(UiStrings.table(table).get(key).equals(UiStrings.table("en").get(key)), table + " " + key);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> eachLanguagePageSpeaksItsLanguage() {
        return SiteLanguage.codes().stream().map(code -> DynamicTest.dynamicTest(code, () -> {
            SiteLanguage language = SiteLanguage.of(code).orElseThrow();
            Map<String, String> strings = UiStrings.table(language.table());
            String html = html("/" + code);
            assertTrue(html.startsWith("<!doctype html>\n<html lang=\"" + language.tag() + "\""
                    + (language.rtl() ? " dir=\"rtl\"" : "") + " "), html.substring(0, 80));
            for (String key : List.of("skip", "searchPlaceholder", "onThisPage", "next", "feedbackQuestion", "menu", "themeDark", "askAi")) {
                String text = HtmlEncoder.attr(strings.get(key));
                assertTrue(html.contains(">" + text + "<") || html.contains("\"" + text + "\""), code + " " + key + " '" + text + "'");
            }
            assertTrue(html.contains("\"askAi\":" + HtmlEncoder.jsString(strings.get("askAi"))), code + ": the script's strings");
            assertTrue(html.contains(" data-language=\"" + code + "\""), code + " in the language menu");
        }));
    }

    @Test
    void rightToLeftOnlyForArabicAndHebrew() {
        assertEquals(Set.of("ar", "he"), SiteLanguage.codes().stream().filter(c -> SiteLanguage.of(c).orElseThrow().rtl())
                .collect(Collectors.toSet()));
    }

    @Test
    void theLanguageMenuNamesEachLanguageInItselfWithItsTag() {
        String html = html("/jp");
        assertTrue(html.contains("hreflang=\"ja\" data-language=\"jp\""), "jp is Japanese, ja");
        assertTrue(html.contains("hreflang=\"zh-Hans\" data-language=\"cn\">简体中文</a>"));
        assertTrue(html.contains("data-language=\"uk\">Українська</a>"));
    }

    @Test
    void anUnknownCodeIsReportedWithTheAllowedOnesAndItsPagesSpeakEnglish() {
        List<SiteProblem> problems = content.problems().stream().filter(p -> p.file().equals("docs.json")).toList();
        assertEquals(1, problems.size(), problems.toString());
        SiteProblem problem = problems.get(0);
        assertEquals("/navigation/languages/40/language", problem.location());
        assertTrue(problem.message().startsWith("language \"klingon\" is not known: it must be one of en, cn, zh, zh-Hans, "),
                problem.message());
        assertTrue(problem.message().contains("pt-BR") && problem.message().endsWith("its pages get English interface text"));
        assertFalse(problem.isError(), "a warning: the site is served");
        String html = html("/klingon");
        assertTrue(html.contains("<html lang=\"klingon\" data-theme-default"), "the content's language as written");
        assertTrue(html.contains(">Skip to content<"));
    }
}
