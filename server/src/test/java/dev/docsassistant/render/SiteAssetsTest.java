package dev.docsassistant.render;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The built site script: what a first page load runs, as the benchmark and the guides report it. */
class SiteAssetsTest {
    private final SiteAssets assets = SiteAssets.fromClassPath();

    @Test
    void theFirstLoadIsTheEntryPointAndWhatItImportsStaticallyWithinSixtyKilobytes() {
        long first = assets.firstLoadScriptGzipped();
        long entry = assets.get("site.js").orElseThrow().gzipped().length;
        long sharedChunks = assets.names().stream().filter(n -> n.startsWith("chunks/chunk-"))
                .mapToLong(n -> assets.get(n).orElseThrow().gzipped().length).sum();
        assertTrue(first > entry, "site.js imports shared chunks statically: " + first + " vs " + entry);
        // The diagrams' and math's shared chunks are loaded only by pages that draw them.
        assertTrue(first < entry + sharedChunks, first + " vs every shared chunk " + (entry + sharedChunks));
        assertTrue(first <= 60 * 1024, first + " bytes gzipped");
    }
}
