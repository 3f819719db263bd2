package dev.docsassistant.integrations;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The reference in docs/ is generated from the declarations: this test fails when they drift apart,
 * every time until the files are regenerated, with {@value #REGENERATE}.
 */
class PluginReferenceTest {
    static final String REGENERATE = "mvn -pl server -am test -Dtest=PluginReferenceTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dregenerate.docs=true";
    private static final Path REFERENCE = Path.of("../docs/integrations.md");
    private static final Path SCHEMA = Path.of("../docs/integrations.schema.json");
    private static final PluginRegistry REGISTRY = PluginRegistry.classPath();

    @Test
    void theCommittedReferenceMatchesThePlugins() throws Exception {
        check(REFERENCE, PluginReference.markdown(REGISTRY));
    }

    @Test
    void theCommittedSchemaMatchesThePlugins() throws Exception {
        check(SCHEMA, new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(IntegrationsSchema.of(REGISTRY)) + "\n");
    }

    /** Only an explicit request rewrites docs/: a test that fixed its own failure would pass on its second run. */
    private static void check(Path committedFile, String generated) throws Exception {
        String committed = Files.exists(committedFile) ? Files.readString(committedFile) : "";
        if (generated.equals(committed)) {
            return;
        }
        if (Boolean.getBoolean("regenerate.docs")) {
            Files.writeString(committedFile, generated);
            return;
        }
        fail("docs/" + committedFile.getFileName() + " does not match the plugins' declarations; regenerate it with\n  "
                + REGENERATE + "\nthen review and commit it");
    }

    @Test
    void theReferenceListsEveryFieldAndMarksTheStricterRules() {
        String md = PluginReference.markdown(REGISTRY);
        for (IntegrationPlugin p : REGISTRY.all()) {
            assertTrue(md.contains("\n## " + p.key() + "\n"), p.key());
            p.fields().forEach(f -> assertTrue(md.contains("| `" + f.name() + "` |"), p.key() + "." + f.name()));
        }
        assertTrue(md.contains("| `hjid` | string | yes |  | digits only (**stricter**): `Must contain only digits`"), md);
        assertTrue(md.contains("starts with `G`: `Must start with G`"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSchemaDescribesEveryIntegrationFromTheSameDeclarations() throws Exception {
        Map<String, Object> schema = IntegrationsSchema.of(REGISTRY);
        Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
        assertEquals(List.copyOf(REGISTRY.keys()), List.copyOf(properties.keySet()));
        assertEquals(false, schema.get("additionalProperties"));
        Map<String, Object> ga4 = (Map<String, Object>) properties.get("ga4");
        assertEquals(List.of("measurementId"), ga4.get("required"));
        Map<String, Object> id = (Map<String, Object>) ((Map<String, Object>) ga4.get("properties")).get("measurementId");
        assertEquals("^G", id.get("pattern"));
        assertEquals(List.of(Map.of("pattern", "^[A-Za-z0-9_-]*$")), id.get("allOf"));
        Map<String, Object> posthog = (Map<String, Object>) ((Map<String, Object>) properties.get("posthog")).get("properties");
        assertEquals(false, ((Map<String, Object>) posthog.get("sessionRecording")).get("default"));
        Map<String, Object> mixpanel = (Map<String, Object>) ((Map<String, Object>) properties.get("mixpanel")).get("properties");
        assertEquals(List.of("us", "eu", "in"), ((Map<String, Object>) mixpanel.get("region")).get("enum"));
        new ObjectMapper().writeValueAsString(schema); // serialisable as is
    }
}
