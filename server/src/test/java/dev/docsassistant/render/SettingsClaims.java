package dev.docsassistant.render;

import java.util.LinkedHashMap;
import java.util.Map;

/** The claims of docs/mintlify.md's rows about docs.json and front-matter settings, hosting and SEO. */
final class SettingsClaims {
    private SettingsClaims() {
    }

    static Map<String, MintlifyCompatibilityTest.Claim> all() {
        Map<String, MintlifyCompatibilityTest.Claim> c = new LinkedHashMap<>();
        return c;
    }
}
