package dev.docsassistant.integrations.testkit;

import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Url;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The kit catches the mistakes it exists for, and passes a careful plugin. */
class PluginTestKitTest {

    /** A plugin whose only fault is chosen by the subclass. */
    abstract static class Demo implements IntegrationPlugin {
        public String key() { return "demo"; }
        public String title() { return "Demo"; }
        public String description() { return "Demo analytics."; }
        public Kind kind() { return Kind.ANALYTICS; }
        public List<Field> fields() {
            return List.of(Field.requiredString("siteId", "The site.", "abc123", Rule.nonEmpty()));
        }
    }

    static final class Careful extends Demo {
        public Rendering render(Settings s) {
            return Rendering.builder()
                    .head(Element.Script.defer(Url.https("cdn.demo.example").path("/t.js")).with("data-site", s.string("siteId")))
                    .head(new Element.InlineScript(Js.code("demo.init(").string(s.string("siteId")).then(");")))
                    .build();
        }
    }

    /** Splices a setting into plugin code instead of passing it as a literal. */
    static final class Splicing extends Demo {
        public Rendering render(Settings s) {
            return Rendering.builder().head(new Element.InlineScript(Js.code("demo.init('" + s.string("siteId") + "');")))
                    .build();
        }
    }

    /** Forgets the CSP host of the script it loads and accepts the empty string. */
    static final class Sloppy extends Demo {
        public List<Field> fields() {
            return List.of(Field.requiredString("siteId", "The site.", "abc123"));
        }

        public Rendering render(Settings s) {
            return new Rendering(List.of(Element.Script.async(Url.https("cdn.demo.example").segment(s.string("siteId")))),
                    List.of(), List.of(), java.util.Map.of(), false);
        }
    }

    @Test
    void aCarefulPluginPassesAndGetsItsGoldenFile(@TempDir Path golden) throws Exception {
        List<String> first = PluginTestKit.check(new Careful(), golden);
        assertEquals(1, first.size(), first.toString());
        assertTrue(first.getFirst().contains("was missing and has been written"));
        assertEquals("""
                <!-- head -->
                <script src="https://cdn.demo.example/t.js" defer data-site="abc123"></script>
                <script>demo.init("abc123");</script>
                <!-- body start -->
                <!-- body end -->
                <!-- csp -->
                script-src: cdn.demo.example
                <!-- needs consent: false -->
                """, Files.readString(golden.resolve("demo.html")));
        assertEquals(List.of(), PluginTestKit.check(new Careful(), golden));
    }

    @Test
    void splicedSettingsAreCaughtByTheInjectionBattery(@TempDir Path golden) {
        List<String> failures = PluginTestKit.check(new Splicing(), golden);
        assertTrue(failures.stream().anyMatch(f -> f.contains("appears unencoded")), failures.toString());
        assertTrue(failures.stream().anyMatch(f -> f.contains("threw java.lang.IllegalArgumentException: inline code may not")),
                failures.toString());
    }

    @Test
    void missingCspHostsAndEmptyRequiredStringsAreCaught(@TempDir Path golden) {
        List<String> failures = PluginTestKit.check(new Sloppy(), golden);
        assertTrue(failures.stream().anyMatch(f -> f.contains("must reject the empty string")), failures.toString());
    }

    @Test
    void goldenDriftIsReported(@TempDir Path golden) throws Exception {
        Files.writeString(golden.resolve("demo.html"), "old snippet\n");
        List<String> failures = PluginTestKit.check(new Careful(), golden);
        assertTrue(failures.getFirst().startsWith("snippet differs from golden file"), failures.toString());
    }
}
