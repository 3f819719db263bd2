package dev.docsassistant.egress;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The egress policy's decisions, with DNS answered by a table (the one external boundary). */
class EgressTest {
    private static final Map<String, List<String>> ZONE = Map.of(
            "docs.example", List.of("93.184.215.14"),
            "rebind.example", List.of("93.184.215.14", "127.0.0.1"),
            "metadata.example", List.of("169.254.169.254"),
            "git.internal", List.of("10.1.2.3"));
    private final AtomicInteger lookups = new AtomicInteger();
    private final Egress.Resolver dns = host -> {
        lookups.incrementAndGet();
        List<String> answer = ZONE.get(host);
        if (answer == null) {
            if (!host.matches("[0-9.]+") && !host.contains(":")) {
                throw new UnknownHostException(host);
            }
            return InetAddress.getAllByName(host); // a literal: no lookup
        }
        InetAddress[] out = new InetAddress[answer.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = InetAddress.getByName(answer.get(i));
        }
        return out;
    };

    private Egress policy(Set<String> allow, List<Path> folders) {
        return new Egress(new EgressSettings(allow, folders), dns);
    }

    private EgressRefused.Kind refusal(Egress egress, Use use, String url) {
        return assertThrows(EgressRefused.class, () -> egress.check(use, url), url).kind();
    }

    @Test
    void aPublicHostIsResolvedOnceAndItsAddressReturned() {
        Checked checked = policy(Set.of(), List.of()).check(Use.GIT, "https://Docs.Example/acme/docs.git");
        assertEquals(1, lookups.get());
        assertEquals("docs.example", checked.host());
        assertEquals(443, checked.port());
        assertEquals("93.184.215.14", checked.address().getHostAddress());
        assertEquals(80, policy(Set.of(), List.of()).check(Use.SPEC, "http://docs.example/openapi.json").port());
    }

    @Test
    void internalAddressesAreRefusedInEveryForm() {
        Egress egress = policy(Set.of(), List.of());
        for (String url : List.of("http://127.0.0.1:9090/", "http://[::1]/", "http://0.0.0.0/",
                "http://10.0.0.5/", "http://172.16.3.4/", "http://192.168.1.1/", "http://169.254.169.254/latest/meta-data/",
                "http://100.64.0.1/", "http://224.0.0.1/", "http://255.255.255.255/", "http://[::ffff:127.0.0.1]/",
                "http://[::ffff:169.254.169.254]/", "http://[fd00:ec2::254]/", "http://[fe80::1]/", "http://[::]/",
                "http://[64:ff9b::a9fe:a9fe]/", "http://[2002:7f00:1::]/", "http://metadata.example/", "http://git.internal/")) {
            assertEquals(EgressRefused.Kind.ADDRESS, refusal(egress, Use.PLAYGROUND, url), url);
        }
        // Shorthand forms a resolver may read as 127.0.0.1 are no host name to java.net.URI: refused too.
        assertEquals(EgressRefused.Kind.MALFORMED, refusal(egress, Use.PLAYGROUND, "http://127.1/"));
    }

    @Test
    void aHostWithAnyInternalAddressIsRefused() {
        // A later lookup (the connection's own) could pick the internal one.
        assertEquals(EgressRefused.Kind.ADDRESS, refusal(policy(Set.of(), List.of()), Use.GIT, "https://rebind.example/x.git"));
    }

    @Test
    void aNamedHostPortIsAllowedOnThatPortOnly() {
        Egress egress = policy(Set.of("git.internal:443", "127.0.0.1:8081"), List.of());
        assertEquals("10.1.2.3", egress.check(Use.GIT, "https://git.internal/docs.git").address().getHostAddress());
        assertEquals(8081, egress.check(Use.WEBHOOK, "http://127.0.0.1:8081/hook").port());
        assertEquals(EgressRefused.Kind.ADDRESS, refusal(egress, Use.GIT, "http://git.internal:8443/docs.git"));
        assertEquals(EgressRefused.Kind.ADDRESS, refusal(egress, Use.GIT, "http://127.0.0.1:8082/"));
    }

    @Test
    void refusalsOfOneKindReadTheSameWhateverThePort() {
        Egress egress = policy(Set.of(), List.of());
        String open = assertThrows(EgressRefused.class, () -> egress.check(Use.GIT, "http://127.0.0.1:22/")).getMessage();
        String closed = assertThrows(EgressRefused.class, () -> egress.check(Use.GIT, "http://127.0.0.1:1/")).getMessage();
        assertEquals(open, closed);
        assertEquals(false, open.contains("22"), open);
    }

    @Test
    void eachUseHasItsSchemes() {
        Egress egress = policy(Set.of(), List.of());
        for (String url : List.of("ftp://docs.example/x", "gopher://docs.example/", "jar:http://docs.example/a.jar!/x",
                "ssh://docs.example/x.git", "git://docs.example/x.git")) {
            EgressRefused.Kind kind = refusal(egress, Use.GIT, url);
            assertEquals(true, kind == EgressRefused.Kind.SCHEME || kind == EgressRefused.Kind.MALFORMED, url + ": " + kind);
        }
        assertEquals(EgressRefused.Kind.LOCAL_FOLDER, refusal(egress, Use.SPEC, "file:///etc/passwd"));
        assertEquals(EgressRefused.Kind.MALFORMED, refusal(egress, Use.SPEC, "/relative/openapi.json"));
        assertEquals(EgressRefused.Kind.MALFORMED, refusal(egress, Use.SPEC, "http://user:pw@docs.example/"));
        assertEquals(EgressRefused.Kind.UNRESOLVED, refusal(egress, Use.SPEC, "https://nowhere.example/openapi.json"));
        assertEquals(0, lookups.get() - 1, "only the resolvable-looking one was looked up");
    }

    @Test
    void localFoldersOnlyInsideTheNamedOnesAndLinksCannotLeadOut() throws Exception {
        Path allowed = Files.createTempDirectory("docs-assistant-egress-");
        Path repo = Files.createDirectories(allowed.resolve("repos/docs"));
        Path link = Files.createSymbolicLink(allowed.resolve("etc"), Path.of("/etc"));
        Egress egress = policy(Set.of(), List.of(allowed));
        assertEquals(repo, egress.localFolder(Use.GIT, repo));
        assertEquals(repo, egress.localFolder(Use.GIT, repo.toUri()));
        egress.localFolder(Use.GIT, allowed.resolve("repos/not-yet"));
        String etc = assertThrows(EgressRefused.class, () -> egress.localFolder(Use.GIT, URI.create("file:///etc"))).getMessage();
        String none = assertThrows(EgressRefused.class, () -> egress.localFolder(Use.GIT, Path.of("/no/such/folder"))).getMessage();
        assertEquals(etc, none, "an existing folder and a missing one are refused alike");
        assertThrows(EgressRefused.class, () -> egress.localFolder(Use.GIT, link));
        assertThrows(EgressRefused.class, () -> egress.localFolder(Use.GIT, repo.resolve("../../../..")));
        assertThrows(EgressRefused.class, () -> egress.localFolder(Use.PLAYGROUND, repo));
    }

    @Test
    void allowEntriesAreHostPort() {
        assertEquals("git.internal:443", EgressSettings.hostPort(" Git.Internal:0443 ").orElseThrow());
        assertEquals("[fd00::1]:443", EgressSettings.hostPort("[fd00::1]:443").orElseThrow());
        assertEquals(true, EgressSettings.hostPort("git.internal").isEmpty());
        assertEquals(true, EgressSettings.hostPort("git.internal:99999").isEmpty());
        assertEquals(true, EgressSettings.hostPort("http://git.internal:443").isEmpty());
    }

    @Test
    void theConfiguredSitesGitUrlsAreNamed() {
        EgressSettings named = EgressSettings.NONE.withNamed(List.of("https://Git.Internal/docs.git", "http://127.0.0.1:3000/r",
                "file:///srv/repos/docs", "/srv/mirror"));
        assertEquals(Set.of("git.internal:443", "127.0.0.1:3000"), named.allow());
        assertEquals(List.of(Path.of("/srv/repos/docs"), Path.of("/srv/mirror")), named.gitFolders());
    }
}
