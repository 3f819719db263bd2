package dev.docsassistant.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.docsassistant.config.SettingDoc;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * docs/configuration.md is generated from the settings records' declarations: this test fails while
 * the committed file differs, every time until it is regenerated with {@value #REGENERATE}. It also
 * holds the configuration files and examples we ship to keys the reference knows.
 */
class ConfigReferenceTest {
    static final String REGENERATE = "mvn -pl server -am test -Dtest=ConfigReferenceTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dregenerate.docs=true";
    private static final Path ROOT = Path.of("..");
    private static final Path REFERENCE = ROOT.resolve("docs/configuration.md");

    @Test
    void theCommittedReferenceMatchesTheSettingsRecords() throws Exception {
        String generated = ConfigReference.markdown(REGENERATE);
        String committed = Files.exists(REFERENCE) ? Files.readString(REFERENCE) : "";
        if (generated.equals(committed)) {
            return;
        }
        // Only an explicit request rewrites docs/: a test that fixed its own failure would pass on its second run.
        if (Boolean.getBoolean("regenerate.docs")) {
            Files.writeString(REFERENCE, generated);
            return;
        }
        fail("docs/configuration.md does not match the settings records; regenerate it with\n  " + REGENERATE
                + "\nthen review and commit it");
    }

    @Test
    void everyKeyIsDocumentedOnceWithADescription() {
        Set<String> seen = new HashSet<>();
        for (SettingDoc key : documented()) {
            assertTrue(seen.add(key.key()), "documented twice: " + key.key());
            assertTrue(key.key().startsWith("docs-assistant.") || key.key().startsWith("server."), key.key());
            assertTrue(!key.type().isBlank() && !key.description().isBlank(), key.key());
        }
    }

    @Test
    void defaultsComeFromTheRecords() {
        String md = ConfigReference.markdown(REGENERATE);
        assertTrue(md.contains("| `docs-assistant.connections.header-timeout` | duration | `20s` |"), md);
        assertTrue(md.contains("| `server.drain-timeout` | duration | `20s` |"), md);
        assertTrue(md.contains("| `docs-assistant.retention.conversations` | duration | `90d` |"), md);
        assertTrue(md.contains("| `docs-assistant.limits.max-body-bytes` | number | `1048576` |"), md);
        assertEquals("500ms", SettingDoc.duration(java.time.Duration.ofMillis(500)));
    }

    /** Every key set in the shipped configuration files, the deploy example and the README's example is in the reference. */
    @Test
    void theShippedConfigurationsUseOnlyDocumentedKeys() throws Exception {
        YAMLMapper yaml = new YAMLMapper();
        List<JsonNode> configs = new ArrayList<>();
        for (String file : List.of("config/application.yaml", "config/corpora.yaml")) {
            configs.add(yaml.readTree(ROOT.resolve(file).toFile()));
        }
        JsonNode configMap = yaml.readTree(ROOT.resolve("deploy/kubernetes/configmap.yaml").toFile());
        configs.add(yaml.readTree(configMap.at("/data/application.yaml").asText()));
        String readme = Files.readString(ROOT.resolve("README.md"));
        Matcher block = Pattern.compile("## Configuration\\s+```yaml\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertTrue(block.find(), "README has a Configuration section with a YAML example");
        configs.add(yaml.readTree(block.group(1)));
        List<String> undocumented = new ArrayList<>();
        for (JsonNode config : configs) {
            List<String> keys = new ArrayList<>();
            leaves("", config, keys);
            assertTrue(keys.contains("docs-assistant.sites[].domain"), keys.toString());
            keys.stream().filter(k -> k.startsWith("docs-assistant.") || k.startsWith("server."))
                    .filter(k -> !isDocumented(k)).forEach(undocumented::add);
        }
        assertEquals(List.of(), undocumented);
    }

    private static boolean isDocumented(String key) {
        for (SettingDoc d : documented()) {
            String k = d.key();
            if (k.equals(key) || k.endsWith(".*") && key.startsWith(k.substring(0, k.length() - 1))) {
                return true;
            }
        }
        // Helidon reads the rest of the server node itself (sockets, TLS, features).
        return key.startsWith("server.") && !key.equals("server.drain-timeout");
    }

    private static List<SettingDoc> documented() {
        return ConfigReference.GROUPS.stream().flatMap(g -> g.keys().stream()).toList();
    }

    /** Keys of the leaves, {@code sites[]} for every site and list values counted as their list's key. */
    private static void leaves(String prefix, JsonNode node, List<String> out) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> leaves(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), out));
        } else if (node.isArray() && prefix.equals("docs-assistant.sites")) {
            node.forEach(site -> leaves(prefix + "[]", site, out));
        } else {
            out.add(prefix);
        }
    }
}
