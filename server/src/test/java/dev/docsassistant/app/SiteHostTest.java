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
}
