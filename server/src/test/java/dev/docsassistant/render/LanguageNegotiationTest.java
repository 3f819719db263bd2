package dev.docsassistant.render;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which of a site's languages an {@code Accept-Language} header asks for ({@link LanguageRouting#negotiate}). */
class LanguageNegotiationTest {
    private static final List<String> SITE = List.of("en", "fr", "pt-BR", "cn", "zh-Hant", "jp", "ar");

    private static Optional<String> best(String header) {
        return LanguageRouting.negotiate(header, SITE);
    }

    @Test
    void theFirstRangeThatMatchesWins() {
        assertEquals(Optional.of("fr"), best("fr"));
        assertEquals(Optional.of("fr"), best("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"));
        assertEquals(Optional.of("en"), best("de-DE,en;q=0.5,fr;q=0.4"), "German is not served: the next range");
    }

    @Test
    void qualityValuesOrderTheRangesNotTheirPlace() {
        assertEquals(Optional.of("fr"), best("en;q=0.2, fr;q=0.8"));
        assertEquals(Optional.of("fr"), best("fr;q=0.5, ar;q=0.5"), "ties keep the order sent");
        assertEquals(Optional.of("ar"), best("fr;q=0, ar;q=0.1"), "q=0 refuses a language");
        assertEquals(Optional.of("fr"), best("en;q=2, fr;q=0.1"), "a quality above 1 is not a valid range");
        assertEquals(Optional.of("fr"), best("en;q=abc, fr"), "nor one that is not a number");
    }

    @Test
    void aRegionFallsBackToItsLanguageAndBack() {
        assertEquals(Optional.of("pt-BR"), best("pt-BR"));
        assertEquals(Optional.of("pt-BR"), best("pt-PT"), "Portuguese of Portugal: the site's Portuguese");
        assertEquals(Optional.of("pt-BR"), best("pt"));
        assertEquals(Optional.of("en"), best("en-GB"));
        assertEquals(Optional.of("fr"), best("fr-CA"));
        assertEquals(Optional.of("jp"), best("ja-JP,ja;q=0.9"), "jp is Mintlify's code for Japanese");
    }

    @Test
    void chineseMatchesByScript() {
        assertEquals(Optional.of("cn"), best("zh-CN"));
        assertEquals(Optional.of("cn"), best("zh-Hans"));
        assertEquals(Optional.of("cn"), best("zh"));
        assertEquals(Optional.of("cn"), best("zh-SG"));
        assertEquals(Optional.of("zh-Hant"), best("zh-TW"));
        assertEquals(Optional.of("zh-Hant"), best("zh-HK"));
        assertEquals(Optional.of("zh-Hant"), best("zh-Hant-TW"));
        assertEquals(Optional.empty(), LanguageRouting.negotiate("zh-TW", List.of("en", "cn")),
                "Simplified does not stand in for Traditional");
        assertEquals(Optional.of("zh-CN"), LanguageRouting.negotiate("zh-Hans-CN", List.of("en", "zh-CN")));
    }

    @Test
    void nothingMatchingMeansTheDefault() {
        assertEquals(Optional.empty(), best(null));
        assertEquals(Optional.empty(), best(""));
        assertEquals(Optional.empty(), best("*"));
        assertEquals(Optional.empty(), best("de, ko;q=0.5"));
        assertEquals(Optional.empty(), best(";;;,,,q=1,<script>"));
        assertEquals(Optional.empty(), best("x".repeat(10_000)));
    }

    @Test
    void norwegianBokmalAndNynorskAreNorwegian() {
        assertEquals(Optional.of("no"), LanguageRouting.negotiate("nb-NO,nb;q=0.9", List.of("en", "no")));
        assertEquals(Optional.of("no"), LanguageRouting.negotiate("nn", List.of("en", "no")));
    }
}
