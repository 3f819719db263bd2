package dev.docsassistant.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.testing.MachineDependencies;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What visitors' browsers do with the rendered snippets: consent-gated integrations stay inert until
 * {@code localStorage[key] === value}, and encoded values come back exactly as written without running.
 */
class RenderedInBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Integrations INTEGRATIONS = Integrations.classPath();
    private static final Pattern RESULT = Pattern.compile("data-result=\"([^\"]*)\"");
    /** Reads what the snippets left behind once the page has loaded. */
    private static final String PROBE = "<script>window.addEventListener('load',function(){"
            + "document.body.setAttribute('data-result',JSON.stringify({gtag:typeof window.gtag,"
            + "posthog:typeof window.posthog,inert:document.querySelectorAll('script[type=\"text/plain\"]').length}))})</script>";

    @TempDir
    static Path dir;

    @BeforeAll
    static void chromium() {
        MachineDependencies.require(HeadlessChromium.available(), "Debian's chromium");
    }

    private static JsonNode result(String name, String page) throws Exception {
        Path file = dir.resolve(name + ".html");
        Files.writeString(file, page);
        Matcher m = RESULT.matcher(HeadlessChromium.dumpDom(file));
        if (!m.find()) {
            throw new AssertionError("no result in the page " + name);
        }
        return JSON.readTree(m.group(1).replace("&quot;", "\"").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&"));
    }

    private static String page(RenderedIntegrations r, String beforeSnippets, String afterSnippets) {
        return "<!doctype html><html><head>" + beforeSnippets + r.head() + "</head><body>" + r.bodyStart()
                + "<p>docs</p>" + r.bodyEnd() + afterSnippets + PROBE + "</body></html>";
    }

    private static RenderedIntegrations gated() throws Exception {
        return INTEGRATIONS.render(JSON.readTree("""
                {"ga4": {"measurementId": "G-TEST1"}, "posthog": {"apiKey": "phc_test"},
                 "cookies": {"key": "docs-consent", "value": "yes"}}"""));
    }

    @Test
    void withoutConsentGatedSnippetsNeverRun() throws Exception {
        JsonNode r = result("none", page(gated(), "", ""));
        assertEquals("undefined", r.get("gtag").asText());
        assertEquals("undefined", r.get("posthog").asText());
        assertEquals(3, r.get("inert").asInt());
    }

    @Test
    void storedConsentLoadsThemWithThePage() throws Exception {
        JsonNode r = result("stored", page(gated(), "<script>localStorage.setItem('docs-consent','yes')</script>", ""));
        assertEquals("function", r.get("gtag").asText());
        assertEquals("object", r.get("posthog").asText());
        assertEquals(0, r.get("inert").asInt());
    }

    @Test
    void aWrongValueIsNoConsent() throws Exception {
        JsonNode r = result("wrong", page(gated(), "<script>localStorage.setItem('docs-consent','no')</script>", ""));
        assertEquals("undefined", r.get("gtag").asText());
    }

    @Test
    void consentGivenDuringTheVisitLoadsThemAtOnce() throws Exception {
        // The visitor accepts once the page is up: the consent tool stores the value and says so.
        String accept = "<script>window.addEventListener('DOMContentLoaded',function(){"
                + "localStorage.setItem('docs-consent','yes');document.dispatchEvent(new Event('"
                + HtmlEncoder.CONSENT_EVENT + "'))})</script>";
        JsonNode r = result("during", page(gated(), "", accept));
        assertEquals("function", r.get("gtag").asText());
        assertEquals("object", r.get("posthog").asText());
    }

    @Test
    void withoutACookiesSettingEverythingLoads() throws Exception {
        RenderedIntegrations r = INTEGRATIONS.render(JSON.readTree("{\"ga4\": {\"measurementId\": \"G-TEST1\"}}"));
        assertEquals("function", result("ungated", page(r, "", "")).get("gtag").asText());
    }

    @Test
    void encodedValuesRoundTripAndNeverExecute() throws Exception {
        String payload = "</script><script>window.pwned=1</script>\"'><img src=x onerror=window.pwned=2>&amp;\u2028\u2029`${x}`";
        String page = "<!doctype html><html><head><script>window.v=" + HtmlEncoder.jsString(payload) + ";</script></head>"
                + "<body><div id=\"a\" data-x=\"" + HtmlEncoder.attr(payload) + "\"></div>"
                + "<script>window.addEventListener('load',function(){document.body.setAttribute('data-result',"
                + "JSON.stringify({js:window.v,attr:document.getElementById('a').getAttribute('data-x'),"
                + "pwned:String(window.pwned)}))})</script></body></html>";
        JsonNode r = result("encoding", page);
        assertEquals(payload, r.get("js").asText());
        assertEquals(payload, r.get("attr").asText());
        assertEquals("undefined", r.get("pwned").asText());
    }
}
