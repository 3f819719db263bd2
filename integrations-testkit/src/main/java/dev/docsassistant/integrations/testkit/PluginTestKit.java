package dev.docsassistant.integrations.testkit;

import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.FieldType;
import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Problem;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Validation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks an integration plugin the way the platform relies on it: a sound declaration, required
 * fields and types enforced, every problem reported at once, an injection-payload battery on every
 * string field (each payload rejected by validation or encoded in the page), CSP hosts for what it
 * loads, and golden HTML of its snippet. Framework-neutral: {@link #assertPasses} throws
 * {@link AssertionError} listing every failure.
 *
 * <pre>{@code
 * @Test void passesTheKit() {
 *     PluginTestKit.assertPasses(new MyPlugin(), Path.of("src/test/resources/golden"));
 * }
 * }</pre>
 * A missing golden file is written on the first run (and the check fails, asking for review);
 * {@code -Dtestkit.updateGolden=true} rewrites them.
 */
public final class PluginTestKit {
    /** Payloads every string field must survive. */
    public static final List<String> PAYLOADS = List.of(
            "\"><script>alert(1)</script>",
            "</script><script>alert(1)</script>",
            "javascript:alert(1)",
            "'\"",
            "x\u2028y\u2029z",
            "<!--",
            "a&b=c d/../?#");
    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9]*");
    private static final Pattern FIELD = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final Pattern CSP_SOURCE = Pattern.compile("(?:wss://)?(?:\\*\\.)?[a-z0-9.-]+(?::[0-9]{1,5})?");
    private static final Pattern OPEN_TAG = Pattern.compile("<(script|link|noscript|iframe)\\b[^>]*>");
    private static final Pattern WELL_FORMED_TAG = Pattern.compile(
            "<(?:script|link|noscript|iframe)(?:\\s+[a-z-]+(?:=\"[^\"<>]*\")?)*>");
    private static final Pattern URL_ATTRIBUTE = Pattern.compile("\\s(?:src|href)=\"([^\"]*)\"");

    private PluginTestKit() {
    }

    /** Runs every check; throws an {@link AssertionError} listing all failures. */
    public static void assertPasses(IntegrationPlugin plugin, Path goldenDir) {
        List<String> failures = check(plugin, goldenDir);
        if (!failures.isEmpty()) {
            throw new AssertionError(plugin.key() + " fails the plugin test kit:\n  " + String.join("\n  ", failures));
        }
    }

    /** Every failure found (empty: the plugin passes). */
    public static List<String> check(IntegrationPlugin plugin, Path goldenDir) {
        List<String> failures = new ArrayList<>();
        declaration(plugin, failures);
        if (!failures.isEmpty()) {
            return failures;
        }
        Map<String, Object> sample = sample(plugin);
        Validation.Result result = Validation.validate(plugin, sample);
        if (!result.problems().isEmpty()) {
            failures.add("the declared examples " + sample + " do not validate: " + result.problems());
            return failures;
        }
        requiredAndTypes(plugin, sample, failures);
        unknownField(plugin, sample, failures);
        Page baseline = page(plugin, sample, failures);
        if (baseline == null) {
            return failures;
        }
        csp(plugin, baseline.rendering, failures);
        injection(plugin, sample, baseline, failures);
        golden(plugin, baseline, goldenDir, failures);
        return failures;
    }

    /** The plugin's settings built from every field's declared example. */
    public static Map<String, Object> sample(IntegrationPlugin plugin) {
        Map<String, Object> sample = new LinkedHashMap<>();
        plugin.fields().forEach(f -> sample.put(f.name(), f.example()));
        return sample;
    }

    /** The snippet as the golden file holds it: each region's HTML, the CSP hosts and the consent need. */
    public static String goldenText(Rendering r) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!-- head -->\n").append(HtmlEncoder.html(r.head()));
        sb.append("<!-- body start -->\n").append(HtmlEncoder.html(r.bodyStart()));
        sb.append("<!-- body end -->\n").append(HtmlEncoder.html(r.bodyEnd()));
        sb.append("<!-- csp -->\n");
        r.csp().forEach((d, hosts) -> sb.append(d.header()).append(": ").append(String.join(" ", hosts)).append('\n'));
        sb.append("<!-- needs consent: ").append(r.needsConsent()).append(" -->\n");
        return sb.toString();
    }

    private static void declaration(IntegrationPlugin plugin, List<String> failures) {
        if (plugin.key() == null || !KEY.matcher(plugin.key()).matches()) {
            failures.add("key '" + plugin.key() + "' must be lower-case letters and digits");
        }
        if (plugin.title() == null || plugin.title().isBlank()) {
            failures.add("title is blank");
        }
        if (plugin.description() == null || plugin.description().isBlank()) {
            failures.add("description is blank");
        }
        if (plugin.kind() == null) {
            failures.add("kind is null");
        }
        if (plugin.fields() == null || plugin.fields().isEmpty()) {
            failures.add("declares no fields");
            return;
        }
        Set<String> names = new HashSet<>();
        for (Field f : plugin.fields()) {
            if (!FIELD.matcher(f.name()).matches() || !names.add(f.name())) {
                failures.add("field name '" + f.name() + "' is invalid or declared twice");
            }
            if (f.description().isBlank()) {
                failures.add(f.name() + ": description is blank");
            }
            if (f.required() && f.defaultValue() != null) {
                failures.add(f.name() + ": a required field cannot have a default");
            }
            if (f.defaultValue() != null && !hasType(f.defaultValue(), f.type())) {
                failures.add(f.name() + ": default " + f.defaultValue() + " is not a " + f.type().json());
            }
            if (f.example() == null || !hasType(f.example(), f.type())) {
                failures.add(f.name() + ": needs an example " + f.type().json());
            } else if (f.example() instanceof String s) {
                f.rules().stream().filter(r -> !r.accepts(s))
                        .forEach(r -> failures.add(f.name() + ": example '" + s + "' breaks its own rule " + r.code()));
            }
            for (Rule r : f.rules()) {
                if (r.code().isBlank() || r.message().isBlank() || r.summary().isBlank()) {
                    failures.add(f.name() + ": a rule has a blank code, message or summary");
                }
            }
            if (f.type() == FieldType.STRING && f.required() && f.rules().stream().allMatch(r -> r.accepts(""))) {
                failures.add(f.name() + ": a required string must reject the empty string (add Rule.nonEmpty())");
            }
        }
    }

    private static void requiredAndTypes(IntegrationPlugin plugin, Map<String, Object> sample, List<String> failures) {
        Map<String, Object> allWrong = new LinkedHashMap<>();
        for (Field f : plugin.fields()) {
            String pointer = "/" + Validation.escape(f.name());
            if (f.required()) {
                Map<String, Object> without = new LinkedHashMap<>(sample);
                without.remove(f.name());
                expectError(plugin, without, pointer, "required", "without required " + f.name(), failures);
            }
            Object wrong = f.type() == FieldType.STRING ? (Object) 42 : "yes";
            Map<String, Object> typed = new LinkedHashMap<>(sample);
            typed.put(f.name(), wrong);
            expectError(plugin, typed, pointer, "invalid-type", f.name() + " = " + wrong, failures);
            allWrong.put(f.name(), wrong);
        }
        long reported = Validation.validate(plugin, allWrong).problems().stream().filter(Problem::isError).count();
        if (reported < plugin.fields().size()) {
            failures.add("with every field of the wrong type only " + reported + " of " + plugin.fields().size()
                    + " problems were reported: validation must report all problems at once");
        }
        expectError(plugin, null, "", "invalid-type", "settings = null", failures);
        expectError(plugin, "text", "", "invalid-type", "settings = \"text\"", failures);
    }

    private static void unknownField(IntegrationPlugin plugin, Map<String, Object> sample, List<String> failures) {
        Map<String, Object> extra = new LinkedHashMap<>(sample);
        extra.put("unknownField", "x");
        List<Problem> problems = Validation.validate(plugin, extra).problems();
        if (problems.size() != 1 || problems.getFirst().isError() || !problems.getFirst().pointer().equals("/unknownField")) {
            failures.add("an unknown field must give exactly one warning at /unknownField, got " + problems);
        }
    }

    private record Page(Rendering rendering, String html, String gated) {
    }

    private static Page page(IntegrationPlugin plugin, Map<String, Object> settings, List<String> failures) {
        Validation.Result result = Validation.validate(plugin, settings);
        try {
            Rendering r = plugin.render(result.settings());
            List<Element> all = new ArrayList<>(r.head());
            all.addAll(r.bodyStart());
            all.addAll(r.bodyEnd());
            Rendering again = plugin.render(result.settings());
            if (!goldenText(r).equals(goldenText(again))) {
                failures.add("rendering the same settings twice gives different HTML");
            }
            return new Page(r, HtmlEncoder.html(all), HtmlEncoder.html(all, true));
        } catch (RuntimeException e) {
            failures.add("render(" + settings + ") threw " + e);
            return null;
        }
    }

    private static void csp(IntegrationPlugin plugin, Rendering r, List<String> failures) {
        r.csp().forEach((d, hosts) -> hosts.stream().filter(h -> !CSP_SOURCE.matcher(h).matches())
                .forEach(h -> failures.add(d.header() + " source '" + h + "' is not a host (optionally *. or wss://)")));
        List<Element> all = new ArrayList<>(r.head());
        all.addAll(r.bodyStart());
        all.addAll(r.bodyEnd());
        for (Element e : all) {
            if (e instanceof Element.Script s && !r.csp().getOrDefault(CspDirective.SCRIPT_SRC, Set.of()).contains(s.src().host())) {
                failures.add("script host " + s.src().host() + " is missing from script-src");
            }
            if (e instanceof Element.NoScriptFrame f && !r.csp().getOrDefault(CspDirective.FRAME_SRC, Set.of()).contains(f.src().host())) {
                failures.add("frame host " + f.src().host() + " is missing from frame-src");
            }
        }
    }

    private static void injection(IntegrationPlugin plugin, Map<String, Object> sample, Page baseline,
                                  List<String> failures) {
        for (Field f : plugin.fields()) {
            if (f.type() != FieldType.STRING) {
                continue;
            }
            for (String payload : PAYLOADS) {
                for (String value : List.of(payload, sample.get(f.name()) + payload)) {
                    Map<String, Object> settings = new LinkedHashMap<>(sample);
                    settings.put(f.name(), value);
                    Validation.Result result = Validation.validate(plugin, settings);
                    if (!result.valid()) {
                        if (result.problems().stream().noneMatch(p -> p.isError()
                                && p.pointer().equals("/" + Validation.escape(f.name())))) {
                            failures.add(f.name() + " = " + quote(value) + " was rejected, but not at /" + f.name());
                        }
                        continue;
                    }
                    Page page = page(plugin, settings, failures);
                    if (page != null) {
                        encoded(f.name(), value, baseline.html, page.html, failures);
                        encoded(f.name(), value, baseline.gated, page.gated, failures);
                    }
                }
            }
        }
    }

    /** An accepted payload must leave the markup's structure alone and never appear raw where it could act. */
    private static void encoded(String field, String value, String baseline, String html, List<String> failures) {
        String where = field + " = " + quote(value) + ": ";
        if (!tags(baseline).equals(tags(html))) {
            failures.add(where + "changed the page's tags from " + tags(baseline) + " to " + tags(html));
        }
        Matcher open = OPEN_TAG.matcher(html);
        while (open.find()) {
            if (!WELL_FORMED_TAG.matcher(open.group()).matches()) {
                failures.add(where + "broke out of an attribute: " + open.group());
            }
        }
        Matcher url = URL_ATTRIBUTE.matcher(html);
        while (url.find()) {
            if (!url.group(1).startsWith("https://")) {
                failures.add(where + "produced a non-https URL: " + url.group(1));
            }
        }
        if (value.chars().anyMatch(c -> "<>\"'\u2028\u2029".indexOf(c) >= 0) && html.contains(value)) {
            failures.add(where + "appears unencoded in the page");
        }
        if (html.contains("\u2028") || html.contains("\u2029")) {
            failures.add(where + "left a raw U+2028/U+2029 in the page");
        }
    }

    private static List<String> tags(String html) {
        List<String> tags = new ArrayList<>();
        Matcher m = Pattern.compile("</?([a-z]+)").matcher(html);
        while (m.find()) {
            tags.add(m.group());
        }
        return tags;
    }

    private static void golden(IntegrationPlugin plugin, Page page, Path goldenDir, List<String> failures) {
        Path file = goldenDir.resolve(plugin.key() + ".html");
        String actual = goldenText(page.rendering);
        try {
            if (!Files.exists(file) || Boolean.getBoolean("testkit.updateGolden")) {
                Files.createDirectories(goldenDir);
                Files.writeString(file, actual);
                if (!Boolean.getBoolean("testkit.updateGolden")) {
                    failures.add("golden file " + file + " was missing and has been written: review and commit it");
                }
                return;
            }
            String expected = Files.readString(file);
            if (!expected.equals(actual)) {
                failures.add("snippet differs from golden file " + file + " (-Dtestkit.updateGolden=true rewrites it)"
                        + "\n--- expected\n" + expected + "--- actual\n" + actual);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void expectError(IntegrationPlugin plugin, Object settings, String pointer, String code, String what,
                                    List<String> failures) {
        List<Problem> problems = Validation.validate(plugin, settings).problems();
        if (problems.stream().noneMatch(p -> p.isError() && p.pointer().equals(pointer) && p.code().equals(code))) {
            failures.add(what + ": expected a " + code + " error at '" + pointer + "', got " + problems);
        }
    }

    private static boolean hasType(Object v, FieldType type) {
        return type == FieldType.STRING ? v instanceof String : v instanceof Boolean;
    }

    private static String quote(String s) {
        return "'" + s.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029") + "'";
    }
}
