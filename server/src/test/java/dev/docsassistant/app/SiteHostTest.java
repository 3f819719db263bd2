package dev.docsassistant.app;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SiteHostTest {
    @Test
    void sitesAnswerOnSubdomainsOfTheSiteHost() {
        SiteHost host = new SiteHost(".localhost");
        assertEquals(Optional.of("acme"), host.domainOfHost("acme.localhost"));
        assertEquals(Optional.empty(), host.domainOfHost("localhost"), "the bare name is no site's without root-site");
        assertEquals(Optional.empty(), host.domainOfHost("a.acme.localhost"), "one label only");
        assertEquals(Optional.empty(), host.domainOfHost("127.0.0.1"));
    }

    @Test
    void theRootSiteAnswersOnTheSiteHostItselfAndOnLoopbackNames() {
        ServedHosts hosts = new ServedHosts(new SiteHost(".localhost", Optional.of("docs")), Optional.empty(), Map.of(), Set.of());
        for (String authority : new String[]{"localhost:3000", "127.0.0.1:3000", "[::1]:3000"}) {
            assertEquals(new ServedHosts.Match(ServedHosts.Kind.SITE, "docs"), hosts.match(authority), authority);
        }
        assertEquals(new ServedHosts.Match(ServedHosts.Kind.SITE, "acme"), hosts.match("acme.localhost:3000"), "other sites keep their names");
        assertEquals(ServedHosts.Kind.DASHBOARD, hosts.match("dashboard.localhost:3000").kind());
        assertEquals(ServedHosts.Kind.UNKNOWN, hosts.match("example.com").kind());
    }

    @Test
    void previewsAnswerOnTheirOwnHostsAndMalformedOnesNameNothing() {
        SiteHost host = new SiteHost(".localhost");
        assertEquals(Optional.of("docs--pr-12"), host.domainOfHost("docs--pr-12.localhost"));
        assertEquals("docs--pr-12.localhost", host.previewHost("docs", "pr-12"));
        for (String bad : new String[]{"docs--.localhost", "--pr.localhost", "docs---pr.localhost", "docs--pr_1.localhost"}) {
            assertEquals(Optional.empty(), host.domainOfHost(bad), bad);
        }
        ServedHosts hosts = new ServedHosts(host, Optional.empty(), Map.of(), Set.of());
        assertEquals(new ServedHosts.Match(ServedHosts.Kind.SITE, "docs--pr-12"), hosts.match("docs--pr-12.localhost:8080"));
        assertEquals(ServedHosts.Kind.UNKNOWN, hosts.match("docs--.localhost:8080").kind(), "421");
        assertEquals("http://docs--pr-12.localhost:8080/", hosts.previewUrl("docs", "pr-12", "dashboard.localhost:8080", false));
        assertEquals("https://docs--pr-12.localhost/", hosts.previewUrl("docs", "pr-12", "dashboard.localhost", true));
    }
}
