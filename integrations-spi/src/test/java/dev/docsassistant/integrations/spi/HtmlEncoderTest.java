package dev.docsassistant.integrations.spi;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlEncoderTest {

    @Test
    void jsStringsCannotCloseTheScriptOrBreakTheLine() {
        String encoded = HtmlEncoder.jsString("</script><script>alert('x')</script>\u2028\u2029&\"\\");
        assertEquals("\"\\u003c/script\\u003e\\u003cscript\\u003ealert(\\u0027x\\u0027)\\u003c/script\\u003e"
                + "\\u2028\\u2029\\u0026\\\"\\\\\"", encoded);
    }

    @Test
    void attributesEscapeQuotesAndMarkup() {
        assertEquals("&quot;&gt;&lt;script&gt;&amp;&#39;", HtmlEncoder.attr("\"><script>&'"));
        assertEquals("", HtmlEncoder.attr(null)); // the server's pages write absent values as nothing
    }

    @Test
    void valuesInUrlsArePercentEncoded() {
        Url url = Url.https("cdn.example.com").path("/js").segment("a/b\"><").query("id", "x&y=z javascript:");
        assertEquals("https://cdn.example.com/js/a%2Fb%22%3E%3C?id=x%26y%3Dz%20javascript%3A", url.toString());
        String html = HtmlEncoder.html(List.of(Element.Script.async(url).with("data-site", "\"><b>")));
        assertEquals("<script src=\"https://cdn.example.com/js/a%2Fb%22%3E%3C?id=x%26y%3Dz%20javascript%3A\" async"
                + " data-site=\"&quot;&gt;&lt;b&gt;\"></script>\n", html);
    }

    @Test
    void onlyHttpsUrlsWithAHostComeOutOfParsing() {
        assertEquals("https://ph.example.com/ingest", Url.parseHttps("https://ph.example.com/ingest").toString());
        assertThrows(IllegalArgumentException.class, () -> Url.parseHttps("javascript:alert(1)"));
        assertThrows(IllegalArgumentException.class, () -> Url.parseHttps("http://x.com"));
        assertThrows(IllegalArgumentException.class, () -> Url.https("x.com/evil"));
        assertThrows(IllegalArgumentException.class, () -> Url.https("a").path("/\"><"));
    }

    @Test
    void pluginCodeMayNotOpenOrCloseScripts() {
        assertThrows(IllegalArgumentException.class,
                () -> HtmlEncoder.html(List.of(new Element.InlineScript(Js.code("a='</script>'")))));
        assertThrows(IllegalArgumentException.class, () -> Element.Script.async(Url.https("a.com")).with("onload", "x"));
    }

    @Test
    void gatedElementsAreInertAndLeaveOutNoscriptAndPreconnect() {
        List<Element> elements = List.of(Element.Script.async(Url.https("a.com").path("/x.js")),
                new Element.InlineScript(Js.code("init(").string("k").then(")")),
                new Element.NoScriptFrame(Url.https("a.com").path("/ns.html")), new Element.Preconnect(Url.https("a.com")));
        String html = HtmlEncoder.html(elements, true);
        assertEquals("<script type=\"text/plain\" data-consent src=\"https://a.com/x.js\" async></script>\n"
                + "<script type=\"text/plain\" data-consent>init(\"k\")</script>\n", html);
        String loader = HtmlEncoder.consentLoader("consent</script>", "yes");
        assertTrue(loader.contains("\"consent\\u003c/script\\u003e\",\"yes\""), loader);
        assertFalse(loader.substring(8, loader.length() - 10).contains("</script>"));
    }

    @Test
    void validationReportsEveryProblemWithMintlifyMessages() {
        IntegrationPlugin plugin = new IntegrationPlugin() {
            public String key() { return "demo"; }
            public String title() { return "Demo"; }
            public String description() { return "Demo."; }
            public Kind kind() { return Kind.ANALYTICS; }
            public List<Field> fields() {
                return List.of(Field.requiredString("id", "Id.", "G-1", Rule.startsWith("G", "Must start with G"),
                                Rule.identifier("")),
                        Field.requiredString("other", "Other.", "x"),
                        Field.optionalBoolean("flag", false, "Flag."));
            }
            public Rendering render(Settings s) { return Rendering.none(); }
        };
        Validation.Result r = Validation.validate(plugin, Map.of("id", "x<", "flag", "yes", "extra", 1));
        assertEquals(List.of("/id: Must start with G", "/id: Must contain only letters, digits, -, _",
                "/other: This field is required",
                "/flag: Invalid type. Expected field to be of type 'boolean', received 'string'",
                "/extra: Unknown field 'extra' in demo (ignored)"), r.problems().stream().map(Problem::toString).toList());
        assertFalse(r.valid());
        Validation.Result ok = Validation.validate(plugin, Map.of("id", "G-1", "other", "y"));
        assertTrue(ok.valid());
        assertEquals(Map.of("id", "G-1", "other", "y", "flag", false), ok.settings().asMap());
        assertEquals("Invalid type. Expected field to be of type 'object', received 'null'",
                Validation.validate(plugin, null).problems().getFirst().message());
    }
}
