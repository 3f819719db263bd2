package dev.docsassistant.deploy;

import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.web.Json;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin API's Git sources go through the egress policy: the server's own ports, loopback, the cloud
 * metadata address and local folders not named in configuration are refused before anything is
 * fetched, with one message per kind of refusal, so the answers tell nothing about which ports listen
 * or which paths exist.
 */
class GitSourceEgressTest {
    @Test
    void internalHostsAndLocalFoldersAreRefusedAlike() throws Exception {
        Path dir = TempDirs.create("docs-assistant-egress-");
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try (DeployServer server = DeployServer.start(dir, "")) {
            TreeSet<String> addressMessages = new TreeSet<>();
            for (String url : List.of("http://127.0.0.1:" + server.port() + "/", "http://127.0.0.1:" + closed + "/",
                    "http://localhost:" + server.port() + "/docs.git", "http://[::1]:" + server.port() + "/",
                    "http://169.254.169.254/latest/meta-data/", "https://10.0.0.1/acme/docs.git")) {
                addressMessages.add(refused(server, url));
            }
            assertEquals(1, addressMessages.size(), "one message for every internal address: " + addressMessages);
            String address = addressMessages.first();
            assertTrue(address.startsWith("git.url "), address);
            assertTrue(!address.contains(String.valueOf(server.port())) && !address.contains(String.valueOf(closed)), address);

            TreeSet<String> folderMessages = new TreeSet<>();
            for (String url : List.of("file:///etc", "file:///etc/", "/etc", "file:///no/such/folder", "/root/.ssh")) {
                folderMessages.add(refused(server, url));
            }
            assertEquals(1, folderMessages.size(), "one message for every local folder not allowed: " + folderMessages);
            assertTrue(!folderMessages.first().contains("etc"), folderMessages.first());
            assertEquals(404, server.admin("GET", "/admin/v1/sites/probe", null).statusCode(), "no site was made");
        }
    }

    private static String refused(DeployServer server, String url) {
        HttpResponse<String> created = server.admin("POST", "/admin/v1/sites", Json.write(Map.of("domain", "probe",
                "organization", "acme", "git", Map.of("url", url))));
        assertEquals(400, created.statusCode(), url + ": " + created.body());
        return DeployServer.json(created.body()).path("message").asText();
    }
}
