package dev.docsassistant.security;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecuritySettingsTest {
    @TempDir
    Path dir;

    private SecuritySettings load(String yaml) throws IOException {
        Path file = dir.resolve("app.yaml");
        Files.writeString(file, "docs-assistant:\n" + yaml.indent(2));
        return SecuritySettings.from(AppConfig.load(file));
    }

    private String error(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml)).getMessage();
    }

    @Test
    void defaultsAreTenThousandAndNoAdminApiNoProxies() throws IOException {
        SecuritySettings s = load("sites:\n  - {domain: a, organization: o, path: x}\n");
        assertEquals(10_000, s.perOrganization().requests());
        assertEquals(java.time.Duration.ofHours(1), s.perOrganization().window());
        assertEquals(10_000, s.perAddress().requests());
        assertEquals(java.time.Duration.ofDays(1), s.perAddress().window());
        assertTrue(s.adminToken().isEmpty());
        assertFalse(s.proxies().trusts(ClientAddress.parseLiteral("127.0.0.1")));
        assertEquals(List.of(), s.siteKeys());
    }

    @Test
    void readsLimitsProxiesAndSiteKeys() throws IOException {
        String key = KeyHasher.newKey();
        SecuritySettings s = load("""
                limits: {organization-per-hour: 7, ip-per-day: 9}
                security:
                  admin-token: %s
                  trusted-proxies: [10.0.0.0/8, "::1"]
                sites:
                  - {domain: a, organization: o, path: x, assistant-key: %s, assistant-key-origins: [https://A.example]}
                """.formatted("z".repeat(32), key));
        assertEquals(7, s.perOrganization().requests());
        assertEquals(9, s.perAddress().requests());
        assertTrue(s.proxies().trusts(ClientAddress.parseLiteral("10.1.1.1")));
        assertEquals(List.of(new SecuritySettings.SiteKey("a", "o", key, List.of("https://a.example"))), s.siteKeys());
        assertEquals(key, s.siteKey("a").orElseThrow().secret(), "what a rendered site embeds for its widget");
        assertTrue(s.siteKey("b").isEmpty());
        assertFalse(s.toString().contains(key.substring(KeyHasher.DISPLAY_CHARS)), "settings never print secrets");
        assertFalse(s.toString().contains("z".repeat(32)));
    }

    @Test
    void badValuesNameTheirKey() {
        String site = "sites:\n  - {domain: a, organization: o, path: x}\n";
        assertTrue(error("security: {admin-token: short}\n" + site).startsWith("docs-assistant.security.admin-token must be at least 32"));
        assertTrue(error("security: {trusted-proxies: [proxy.internal]}\n" + site).startsWith("docs-assistant.security.trusted-proxies: 'proxy.internal'"));
        assertTrue(error("limits: {ip-per-day: 0}\n" + site).startsWith("docs-assistant.limits.ip-per-day must be at least 1"));
        assertTrue(error("sites:\n  - {domain: a, organization: o, path: x, assistant-key: svc_dsc_short}\n")
                .contains("assistant-key must be svc_dsc_"));
        assertTrue(error("sites:\n  - {domain: a, organization: o, path: x, assistant-key: '${NO_SUCH_ENV_VAR_SET}'}\n")
                .contains("which is not set in the environment"));
        assertTrue(error("sites:\n  - {domain: a, organization: o, path: x, assistant-key: %s, assistant-key-origins: [docs.example]}\n"
                .formatted(KeyHasher.newKey())).contains("assistant-key-origins"));
    }

    @Test
    void pageKeysForSitesWithoutAKeyUnlessTurnedOff() throws IOException {
        String sites = """
                sites:
                  - {domain: a, organization: o, path: x}
                  - {domain: b, organization: o, path: x, assistant-key: %s}
                  - {domain: c, organization: o, path: x, page-key: false}
                  - {domain: d, organization: o, path: x, page-key: true}
                """.formatted(KeyHasher.newKey());
        SecuritySettings on = load(sites);
        assertTrue(on.makesPageKey("a"), "on by default");
        assertFalse(on.makesPageKey("b"), "a configured key is used instead");
        assertFalse(on.makesPageKey("c"), "turned off for the site");
        assertTrue(on.makesPageKey("d"));
        SecuritySettings off = load("site-pages: {page-keys: false}\n" + sites);
        assertFalse(off.makesPageKey("a"));
        assertTrue(off.makesPageKey("d"), "a site's own setting wins");
        SecuritySettings shared = load("store: {url: 'jdbc:postgresql://db/docs'}\n" + sites);
        assertFalse(shared.makesPageKey("a"), "servers sharing a store would revoke each other's page keys");
        assertTrue(shared.makesPageKey("d"));
        assertTrue(load("store: {url: 'jdbc:postgresql://db/docs'}\nsite-pages: {page-keys: true}\n" + sites).makesPageKey("a"));
        assertTrue(error("site-pages: {page-keys: sometimes}\nsites: []\n").contains("docs-assistant.site-pages.page-keys"));
        assertTrue(error("sites:\n  - {domain: a, organization: o, path: x, page-key: 1}\n").contains("page-key must be true or false"));
    }
}
