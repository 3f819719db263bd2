package dev.docsassistant.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.integrations.spi.Problem;
import dev.docsassistant.testing.Corpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntegrationsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Integrations INTEGRATIONS = Integrations.classPath();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    private static List<String> problems(String integrations) throws Exception {
        return INTEGRATIONS.validate(json(integrations)).stream()
                .map(p -> (p.isError() ? "error " : "warning ") + p.pointer() + " " + p.code() + ": " + p.message())
                .toList();
    }

    @Test
    void ga4AndPosthogRenderTheVendorSnippetsWithTheirHosts() throws Exception {
        RenderedIntegrations r = INTEGRATIONS.render(json("""
                {"ga4": {"measurementId": "G-RCYWHL7EQ7"}, "posthog": {"apiKey": "phc_abc123"}}"""));
        assertTrue(r.head().startsWith("<script src=\"https://www.googletagmanager.com/gtag/js?id=G-RCYWHL7EQ7\" async></script>\n"
                + "<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}"
                + "gtag('js',new Date());gtag('config',\"G-RCYWHL7EQ7\");</script>\n"), r.head());
        assertTrue(r.head().contains("posthog.init(\"phc_abc123\",{api_host:\"https://us.i.posthog.com\","
                + "person_profiles:'identified_only',disable_session_recording:true});"), r.head());
        assertEquals("", r.bodyStart());
        assertEquals("", r.bodyEnd());
        assertEquals(List.of("www.googletagmanager.com", "us-assets.i.posthog.com"), r.hosts("script-src"));
        assertTrue(r.hosts("connect-src").containsAll(List.of("*.google-analytics.com", "us.i.posthog.com")));
        assertEquals(2, r.inlineScriptHashes().size());
        assertTrue(r.needsConsent());
        assertFalse(r.consentGated());
        assertTrue(r.telemetryEnabled());
    }

    @Test
    void cookiesSettingHoldsConsentNeedingSnippetsBackUntilLocalStorageSaysSo() throws Exception {
        RenderedIntegrations r = INTEGRATIONS.render(json("""
                {"posthog": {"apiKey": "phc_abc", "apiHost": "https://ph.example.com", "sessionRecording": true},
                 "cookies": {"key": "consent", "value": "granted"}, "telemetry": {"enabled": false}}"""));
        assertTrue(r.head().startsWith("<script type=\"text/plain\" data-consent>"), r.head());
        assertTrue(r.head().contains("{api_host:\"https://ph.example.com\",person_profiles:'identified_only',"
                + "disable_session_recording:false}"), r.head());
        assertTrue(r.bodyEnd().contains("\"consent\",\"granted\""), r.bodyEnd());
        assertEquals(List.of("ph.example.com"), r.hosts("script-src"));
        assertTrue(r.consentGated());
        assertFalse(r.telemetryEnabled());
        assertEquals(Optional.of(new RenderedIntegrations.Consent("consent", "granted")), r.consent());
    }

    @Test
    void aConsentManagerGatesTheAnalyticsOnItsOwnSignalInsteadOfTheCookiesSetting() throws Exception {
        RenderedIntegrations r = INTEGRATIONS.render(json("""
                {"ga4": {"measurementId": "G-RCYWHL7EQ7"}, "onetrust": {"domainScript": "0190a6c2-7f3e", "categoryId": "C0004"},
                 "cookies": {"key": "consent", "value": "yes"}}"""));
        // OneTrust's own loader runs at once, ungated; its wrapper grants the platform's signal for category C0004.
        assertTrue(r.head().contains("<script src=\"https://cdn.cookielaw.org/scripttemplates/otSDKStub.js\" charset=\"UTF-8\" "
                + "data-domain-script=\"0190a6c2-7f3e\"></script>"), r.head());
        assertTrue(r.head().contains("window.OptanonWrapper=function(){var c=\"C0004\";"), r.head());
        assertTrue(r.head().contains("<script type=\"text/plain\" data-consent src=\"https://www.googletagmanager.com/gtag/js?id=G-RCYWHL7EQ7\""),
                r.head());
        assertEquals(Optional.of(new RenderedIntegrations.Consent("docs-assistant-consent", "granted")), r.consent());
        assertTrue(r.bodyEnd().contains("\"docs-assistant-consent\",\"granted\""), r.bodyEnd());
        assertTrue(r.consentGated());
    }

    @Test
    void invalidIntegrationsAreReportedAllAtOnceAndNotRendered() throws Exception {
        String integrations = """
                {"ga4": {"measurementId": "g-1\\"><script>"}, "posthog": {"apiKey": "abc", "apiHost": "javascript:alert(1)",
                 "sessionRecording": "yes", "region": "eu"}, "googleAnalytics": {"measurementId": "G-1"}}""";
        assertEquals(List.of(
                "error /integrations/ga4/measurementId starts-with: Must start with G",
                "error /integrations/ga4/measurementId identifier: Must contain only letters, digits, -, _",
                "error /integrations/posthog/apiKey starts-with: Must start with phc_",
                "error /integrations/posthog/apiHost https-url: Must be an https:// URL with a host name",
                "error /integrations/posthog/sessionRecording invalid-type: Invalid type. Expected field to be of type 'boolean', received 'string'",
                "error /integrations/googleAnalytics unknown-integration: Unrecognized key(s) in object: 'googleAnalytics'. Did you mean 'ga4'?",
                "warning /integrations/posthog/region unknown-field: Unknown field 'region' in posthog (ignored)"),
                problems(integrations));
        assertEquals(RenderedIntegrations.NONE.head(), INTEGRATIONS.render(json(integrations)).head());
        Problem first = INTEGRATIONS.validate(json(integrations)).getFirst();
        assertEquals("g-1\"><script>", first.value());
    }

    @Test
    void renderingIsCachedPerIntegrationsObject() throws Exception {
        Integrations integrations = Integrations.classPath();
        RenderedIntegrations first = integrations.render(json("{\"ga4\": {\"measurementId\": \"G-1\"}}"));
        assertTrue(first == integrations.render(json("{\"ga4\": {\"measurementId\": \"G-1\"}}")));
        assertFalse(first.head().equals(integrations.render(json("{\"ga4\": {\"measurementId\": \"G-2\"}}")).head()));
    }

    @Test
    void segmentKeepsMintlifysCdnRulesAndAddsTheStricterOne() throws Exception {
        assertEquals(List.of(
                "error /integrations/segment/cdnUrl starts-with: Must be an HTTPS URL",
                "error /integrations/segment/cdnUrl https-url: Must be an https:// URL with a host name"),
                problems("{\"segment\": {\"key\": \"k1\", \"cdnUrl\": \"http://cdn.example.com\"}}"));
        assertEquals(List.of("error /integrations/segment/cdnUrl query-or-fragment: Must not contain query parameters or fragments"),
                problems("{\"segment\": {\"key\": \"k1\", \"cdnUrl\": \"https://cdn.example.com/?a=1\"}}"));
        assertEquals(List.of(), problems("{\"segment\": {\"key\": \"k1\", \"cdnUrl\": \"https://cdn.example.com/?\"}}"));
        assertTrue(INTEGRATIONS.render(json("{\"segment\": {\"key\": \"k1\", \"cdnUrl\": \"https://cdn.example.com/?\"}}"))
                .head().contains("t.src=\"https://cdn.example.com\"+\"/analytics.js/v1/\""));
    }

    @Test
    void hostsThatPointIntoPrivateNetworksAreRefusedUnlessAllowed() throws Exception {
        String settings = """
                {"plausible": {"domain": "docs.example.com", "server": "127.0.0.1"},
                 "hightouch": {"writeKey": "abc123", "apiHost": "localhost"},
                 "posthog": {"apiKey": "phc_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG", "apiHost": "https://ph.example.com:8443"},
                 "segment": {"key": "abcdefghij", "cdnUrl": "https://10.0.0.7/analytics"},
                 "fathom": {"siteId": "ABCDEFGH"}}""";
        List<String> problems = problems(settings);
        for (String key : List.of("plausible", "hightouch", "posthog", "segment")) {
            assertTrue(problems.stream().anyMatch(p -> p.startsWith("error /integrations/" + key + " private-host")), key + " " + problems);
        }
        assertEquals(4, problems.size(), problems.toString());
        RenderedIntegrations refused = INTEGRATIONS.render(json(settings));
        assertFalse(refused.head().contains("127.0.0.1") || refused.head().contains("10.0.0.7") || refused.bodyEnd().contains("localhost"));
        assertTrue(refused.head().contains("cdn.usefathom.com"), "the other integrations still render");
        Integrations allowing = new Integrations(PluginRegistry.classPath(), true);
        assertEquals(List.of(), allowing.validate(json(settings)));
        assertTrue(allowing.render(json(settings)).hosts("script-src").contains("127.0.0.1"));
    }

    @Test
    void integrationsMustBeAnObjectOfObjects() throws Exception {
        assertEquals(List.of("error /integrations invalid-type: Invalid type. Expected field to be of type 'object', received 'array'"),
                problems("[]"));
        assertEquals(List.of("error /integrations/ga4 invalid-type: Invalid type. Expected field to be of type 'object', received 'null'",
                "error /integrations/posthog/apiKey required: This field is required"), problems("{\"ga4\": null, \"posthog\": {}}"));
    }

    @Test
    void integrationProblemsAreReportedWithTheSiteLoad(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Files.writeString(dir.resolve("docs.json"), """
                {"name": "Demo", "navigation": {"pages": ["index"]},
                 "integrations": {"gtm": {"tagId": "XYZ"}, "heap": {"appId": "1", "env": "prod"}}}""");
        java.nio.file.Files.writeString(dir.resolve("index.mdx"), "# Home\n");
        var site = dev.docsassistant.sites.SiteLoader.load(new dev.docsassistant.config.SiteConfig("demo", "acme", dir,
                Optional.empty()), dir.resolve("data"), dev.docsassistant.search.SearchSettings.KEYWORD,
                dev.docsassistant.content.Progress.NONE, INTEGRATIONS);
        assertEquals(List.of("docs.json /integrations/gtm/tagId: Must start with G",
                        "docs.json /integrations/heap/env: warning: Unknown field 'env' in heap (ignored)"),
                site.stats().problems().stream().map(Object::toString).toList());
    }

    @Tag(Corpora.TAG)
    @Test
    void bothSharedCorporaHaveNoIntegrationErrors() {
        for (String corpus : List.of("mcp", "mintlify")) {
            JsonNode docs = Corpora.read(corpus).docsJson();
            assertEquals(List.of(), INTEGRATIONS.validate(docs.get("integrations")), corpus);
        }
        assertTrue(INTEGRATIONS.render(Corpora.read("mintlify").docsJson().get("integrations")).head()
                .contains("G-RCYWHL7EQ7"));
    }
}
