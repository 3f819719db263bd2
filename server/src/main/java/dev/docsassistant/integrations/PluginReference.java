package dev.docsassistant.integrations;

import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Validation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The Markdown reference of every plugin's fields and rules, generated from the declarations. */
public final class PluginReference {
    private PluginReference() {
    }

    public static String markdown(PluginRegistry registry) {
        StringBuilder md = new StringBuilder();
        md.append("""
                # docs.json integrations reference

                <!-- Generated from the plugins' declarations by PluginReferenceTest; edit the plugins, not this file. -->

                Each key of a site's `docs.json` `integrations` object turns on one integration. Its settings are
                validated when the site loads and by `bin/docs-assistant validate PATH`; every problem is reported at
                once with a JSON Pointer, a code and a message:

                ```
                docs.json#/integrations/ga4/measurementId: Must start with G
                ```

                - An unknown integration key is an error, with a suggestion when it looks like a known one.
                - An unknown field inside a known integration is a warning; the field is ignored.
                - An integration with errors is left off the pages; the others still load.
                - Rules marked **stricter** go beyond Mintlify's validator: where a value lands in a page it must
                  be exactly what the vendor issues. Every value is also encoded for where it lands (HTML
                  attribute, URL part, JavaScript string), so the stricter rules are a second line of defence.
                - Every key of Mintlify's `integrations` schema is supported, consent managers (`onetrust`,
                  `transcend`) included.
                - `bin/docs-assistant schema` prints the JSON Schema of the `integrations` object for editors
                  (the built-in plugins' version is `docs/integrations.schema.json`).

                """);
        md.append("| key | integration | kind | needs consent |\n| --- | --- | --- | --- |\n");
        for (IntegrationPlugin p : registry.all()) {
            md.append("| [`").append(p.key()).append("`](#").append(p.key()).append(") | ").append(p.title())
                    .append(" | ").append(p.kind().label()).append(" | ").append(consent(p)).append(" |\n");
        }
        for (IntegrationPlugin p : registry.all()) {
            md.append("\n## ").append(p.key()).append("\n\n");
            md.append("**").append(p.title()).append("** (").append(p.kind().label()).append("). ")
                    .append(p.description()).append("\n\n");
            md.append("| field | type | required | default | rules |\n| --- | --- | --- | --- | --- |\n");
            for (Field f : p.fields()) {
                md.append("| `").append(f.name()).append("` | ").append(f.type().json()).append(" | ")
                        .append(f.required() ? "yes" : "no").append(" | ")
                        .append(f.defaultValue() == null ? "" : "`" + f.defaultValue() + "`").append(" | ")
                        .append(rules(f)).append(" |\n");
            }
            md.append("\nExample:\n\n```json\n").append(example(p)).append("\n```\n");
            if (p.kind() != Kind.PLATFORM) {
                Rendering r = exampleRendering(p);
                md.append("\nPlaced in: ").append(placement(r)).append(". Content-Security-Policy hosts: ")
                        .append(r.csp().entrySet().stream().map(e -> "`" + e.getKey().header() + "` "
                                + String.join(", ", e.getValue())).collect(Collectors.joining("; ")))
                        .append(".\n");
            }
        }
        md.append("""

                ## Consent and telemetry

                - With a `cookies` setting (`{"key": "…", "value": "…"}`), integrations marked *needs consent* are
                  written inert and load, in page order, only once `localStorage[key] === value` in the visitor's
                  browser, checked when the page loads and again whenever the consent tool dispatches a
                  `docs-assistant-consent` event on `document`. Their `<noscript>` fallbacks are left out.
                - A consent manager (`onetrust`, `transcend`) replaces `cookies`: integrations that need consent wait
                  until the visitor consents to the analytics category or purpose in the manager's own banner, and a
                  withdrawn consent reloads the page without them.
                - Without a `cookies` setting or a consent manager every integration loads with the page.
                - `telemetry.enabled: false` turns off the platform's own telemetry and every feedback control on
                  pages; third-party integrations are governed by their own keys.

                ## Adding a plugin

                A plugin implements `dev.docsassistant.integrations.spi.IntegrationPlugin` from the
                `docs-assistant-integrations-spi` jar (scope `provided`, no other dependency), lists its class in
                `META-INF/services/dev.docsassistant.integrations.spi.IntegrationPlugin`, names the SPI version it is
                built for in its manifest (`DocsAssistant-Spi-Version`), and is dropped as a jar (or a folder with the
                libraries it bundles) into the directory named by `docs-assistant.plugins-dir`; it is picked up at the
                next start, no rebuild, in a class loader that sees only the JDK, the SPI and its own jars. Two plugins
                with the same key stop start-up with an error naming both. Plugin authors run
                `PluginTestKit.assertPasses(plugin, goldenDir)` from `docs-assistant-integrations-testkit` (scope
                `test`): it checks the declaration, required fields and types, an injection-payload battery on every
                string field, CSP hosts, and the snippet against a golden HTML file. `docs/plugins.md` walks through
                it from an empty folder to a deployed plugin.
                """);
        return md.toString();
    }

    private static String consent(IntegrationPlugin p) {
        if (p.kind() == Kind.PLATFORM) {
            return "—";
        }
        return exampleRendering(p).needsConsent() ? "yes" : "no";
    }

    /** What the plugin adds to a page for its declared example settings. */
    public static Rendering exampleRendering(IntegrationPlugin p) {
        return p.render(Validation.validate(p, example(p.fields())).settings());
    }

    private static String rules(Field f) {
        return f.rules().stream().map(r -> r.summary() + (r.stricter() ? " (**stricter**)" : "")
                + ": `" + r.message().replace("|", "\\|") + "`").collect(Collectors.joining("; "));
    }

    private static Map<String, Object> example(List<Field> fields) {
        Map<String, Object> example = new LinkedHashMap<>();
        fields.forEach(f -> example.put(f.name(), f.example()));
        return example;
    }

    private static String example(IntegrationPlugin p) {
        String body = p.fields().stream().map(f -> "\"" + f.name() + "\": " + (f.example() instanceof String s
                ? "\"" + s + "\"" : String.valueOf(f.example()))).collect(Collectors.joining(", "));
        return "\"integrations\": {\"" + p.key() + "\": {" + body + "}}";
    }

    private static String placement(Rendering r) {
        StringBuilder sb = new StringBuilder();
        if (!r.head().isEmpty()) {
            sb.append("`<head>`");
        }
        if (!r.bodyStart().isEmpty()) {
            sb.append(sb.isEmpty() ? "" : ", ").append("start of `<body>`");
        }
        if (!r.bodyEnd().isEmpty()) {
            sb.append(sb.isEmpty() ? "" : ", ").append("end of `<body>`");
        }
        return sb.toString();
    }
}
