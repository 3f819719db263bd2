package dev.docsassistant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.Durations;
import dev.docsassistant.security.SecuritySettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Kubernetes manifests and nginx example in deploy/ parse and agree with what the server serves. */
class DeployManifestsTest {
    private static final Path DEPLOY = Path.of(System.getProperty("user.dir")).resolve("../deploy").normalize();
    private static final ObjectMapper YAML = new YAMLMapper();

    @TempDir
    Path dir;

    @Test
    void manifestsParseAndProbeTheObserveEndpoints() throws Exception {
        Map<String, JsonNode> byKind = manifests();
        assertEquals(java.util.Set.of("ConfigMap", "Deployment", "Service"), byKind.keySet());

        JsonNode pod = byKind.get("Deployment").at("/spec/template/spec");
        JsonNode container = pod.at("/containers/0");
        assertEquals("http", container.at("/ports/0/name").asText());
        assertEquals(8080, container.at("/ports/0/containerPort").asInt());
        assertEquals("/observe/health/live", container.at("/livenessProbe/httpGet/path").asText());
        assertEquals("/observe/health/ready", container.at("/readinessProbe/httpGet/path").asText());
        assertEquals("/observe/health/live", container.at("/startupProbe/httpGet/path").asText());
        assertEquals("/observe/metrics", byKind.get("Deployment").at("/spec/template/metadata/annotations/prometheus.io~1path").asText());
        // Metrics are scraped from the management listener, which the Service does not expose.
        assertEquals("management", container.at("/ports/1/name").asText());
        int management = container.at("/ports/1/containerPort").asInt();
        assertEquals(String.valueOf(management),
                byKind.get("Deployment").at("/spec/template/metadata/annotations/prometheus.io~1port").asText());
        byKind.get("Service").at("/spec/ports").forEach(p -> assertTrue(p.get("targetPort").asText().equals("http"), p.toString()));
        assertEquals("http", byKind.get("Service").at("/spec/ports/0/targetPort").asText());
        assertEquals(byKind.get("Deployment").at("/spec/selector/matchLabels"), byKind.get("Service").at("/spec/selector"));

        // The config the ConfigMap mounts is one the server accepts, and the pod waits for its drain.
        JsonNode configMap = byKind.get("ConfigMap");
        String application = configMap.at("/data/application.yaml").asText();
        Path file = dir.resolve("application.yaml");
        Files.writeString(file, application.replaceAll("\\$\\{[A-Z_]+}", "x".repeat(40)));
        AppConfig config = AppConfig.load(file);
        SecuritySettings security = SecuritySettings.from(config);
        assertEquals("redis", security.limitsStore());
        assertTrue(security.pageKeySecret().isPresent());
        assertTrue(config.section().get("store.url").asString().get().startsWith("jdbc:postgresql:"));
        assertEquals(management, config.config().get("server.management.port").asInt().get());
        long drain = Durations.read(config.config().get("server.drain-timeout"), java.time.Duration.ZERO).toSeconds();
        long preStop = container.at("/lifecycle/preStop/sleep/seconds").asLong();
        assertTrue(drain + preStop < pod.get("terminationGracePeriodSeconds").asLong(),
                "the grace period covers preStop and the drain");
    }

    @Test
    void theDeploymentRunsTheImageTheBuildMakes() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(DEPLOY.resolve("../server/pom.xml").toFile());
        String version = text(pom, "/project/parent/version");
        String image = text(pom, "/project/properties/image.name").replace("${project.version}", version);
        String user = text(pom, "//plugin[artifactId='jib-maven-plugin']/configuration/container/user");
        JsonNode pod = manifests().get("Deployment").at("/spec/template/spec");
        JsonNode container = pod.at("/containers/0");
        assertTrue(container.get("image").asText().endsWith("/" + image), container.get("image") + " is not " + image + " pushed");
        assertEquals(user, pod.at("/securityContext/runAsUser").asText() + ":" + pod.at("/securityContext/runAsGroup").asText());
        assertTrue(pod.at("/securityContext/runAsNonRoot").asBoolean());
        // The image has no shell: the JVM reads JDK_JAVA_OPTIONS itself, nothing would read JAVA_OPTS.
        List<String> env = new ArrayList<>();
        container.get("env").forEach(e -> env.add(e.get("name").asText()));
        assertEquals(List.of("JDK_JAVA_OPTIONS"), env);
        // The arguments name the file the ConfigMap mounts, and the data directory is a volume of the image.
        String config = container.at("/args/2").asText();
        JsonNode mount = container.get("volumeMounts").get(0);
        assertEquals(mount.get("mountPath").asText() + "/application.yaml", config);
        assertEquals(List.of("serve", "--config", config), List.of(container.at("/args/0").asText(), container.at("/args/1").asText(), config));
        assertEquals(text(pom, "//plugin[artifactId='jib-maven-plugin']/configuration/container/volumes/volume"),
                container.get("volumeMounts").get(1).get("mountPath").asText());
        assertTrue(manifests().get("ConfigMap").at("/data/application.yaml").asText().contains("data-dir: "
                + container.get("volumeMounts").get(1).get("mountPath").asText()));
    }

    private static String text(Document xml, String xpath) throws Exception {
        String value = XPathFactory.newInstance().newXPath().evaluate(xpath, xml);
        assertTrue(!value.isBlank(), xpath + " in server/pom.xml");
        return value.trim();
    }

    @Test
    void nginxExampleStreamsUnbufferedAndGivesGrpcAnUpstreamOfItsOwn() throws Exception {
        String nginx = Files.readString(DEPLOY.resolve("nginx.conf"));
        assertTrue(nginx.contains("proxy_http_version 1.1;"));
        assertTrue(nginx.contains("proxy_buffering off;"));
        assertTrue(nginx.contains("proxy_pass http://docs_assistant_http;"));
        assertTrue(nginx.contains("grpc_pass grpc://docs_assistant_grpc;"));
        assertFalse(java.util.regex.Pattern.compile("(?m)^\\s*http2 on;").matcher(nginx).find(),
                "nginx before 1.25.1 (Debian 12, Ubuntu 24.04) does not know the directive");
    }

    private static Map<String, JsonNode> manifests() throws Exception {
        Map<String, JsonNode> byKind = new HashMap<>();
        try (Stream<Path> files = Files.list(DEPLOY.resolve("kubernetes"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                try (var parser = new YAMLFactory().createParser(f.toFile())) {
                    for (var docs = YAML.readValues(parser, JsonNode.class); docs.hasNext(); ) {
                        JsonNode doc = docs.next();
                        assertTrue(doc.hasNonNull("apiVersion") && doc.hasNonNull("kind") && doc.at("/metadata/name").isTextual(), f.toString());
                        byKind.put(doc.get("kind").asText(), doc);
                    }
                }
            }
        }
        return byKind;
    }
}
