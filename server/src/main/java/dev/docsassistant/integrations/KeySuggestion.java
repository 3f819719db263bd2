package dev.docsassistant.integrations;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** "Did you mean": the known key closest to a misspelt or vendor-named one. */
final class KeySuggestion {
    /** Names people write for a vendor instead of its key. */
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("googleanalytics", "ga4"), Map.entry("ga", "ga4"), Map.entry("gtag", "ga4"),
            Map.entry("googletagmanager", "gtm"), Map.entry("tagmanager", "gtm"), Map.entry("front", "frontchat"),
            Map.entry("microsoftclarity", "clarity"), Map.entry("plausibleanalytics", "plausible"),
            Map.entry("adobeanalytics", "adobe"), Map.entry("adobelaunch", "adobe"), Map.entry("pirschanalytics", "pirsch"),
            Map.entry("hightouchevents", "hightouch"), Map.entry("segmentio", "segment"), Map.entry("cookie", "cookies"));

    private KeySuggestion() {
    }

    static Optional<String> closest(String key, Collection<String> known) {
        String plain = key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        String alias = ALIASES.get(plain);
        if (alias != null && known.contains(alias)) {
            return Optional.of(alias);
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(plain, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        // A typo, not a different word: at most a third of the letters changed.
        return best != null && bestDistance <= Math.max(1, best.length() / 3) ? Optional.of(best) : Optional.empty();
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
