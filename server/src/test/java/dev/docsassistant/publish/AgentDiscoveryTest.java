package dev.docsassistant.publish;

import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentDiscoveryTest {
    @TempDir
    Path dir;

    @Test
    void skillsOfTheMintlifyFolder() {
        new TestSites(dir).file("docs.json", "{\"name\": \"Relay\", \"navigation\": {\"groups\": []}}")
                .file(".mintlify/skills/payments/SKILL.md", "---\nname: Payments\ndescription: Pay.\n---\n");
        String index = new AgentDiscovery(SiteReader.read(dir), true).get("/.well-known/skills/index.json", "http://x").orElseThrow().body();
        assertTrue(index.contains("\"name\" : \"payments\""), index);
    }
}
