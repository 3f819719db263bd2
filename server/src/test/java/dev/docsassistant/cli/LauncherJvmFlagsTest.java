package dev.docsassistant.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JVM's memory flags are written three times: in the launcher, in the container image's entry point
 * (no shell there to run the launcher) and in docs/deploy.md "Memory". A flag changed in one is changed in all.
 */
class LauncherJvmFlagsTest {
    private static final Pattern FLAGS = Pattern.compile("(?m)^flags\\+=\\((-XX:ReservedCodeCacheSize[^)]*)\\)");

    @Test
    void theImageAndTheDeployGuideRunTheLaunchersMemoryFlags() throws Exception {
        Matcher m = FLAGS.matcher(Files.readString(Path.of("../bin/docs-assistant")));
        assertTrue(m.find(), "the launcher's memory flags line");
        List<String> flags = List.of(m.group(1).trim().split("\\s+"));
        assertFalse(flags.isEmpty());
        String image = Files.readString(Path.of("pom.xml"));
        String guide = Files.readString(Path.of("../docs/deploy.md"));
        for (String flag : flags) {
            assertTrue(image.contains("<arg>" + flag + "</arg>"), "server/pom.xml's image entry point lacks " + flag);
            assertTrue(guide.contains(flag), "docs/deploy.md \"Memory\" lacks " + flag);
        }
    }
}
