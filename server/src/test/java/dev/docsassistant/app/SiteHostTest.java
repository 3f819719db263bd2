package dev.docsassistant.app;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SiteHostTest {
    @Test
    void sitesAnswerOnSubdomainsOfTheSiteHost() {
        SiteHost host = new SiteHost(".localhost");
        assertEquals(Optional.of("acme"), host.domainOfHost("acme.localhost:8080"));
        assertEquals(Optional.of("acme"), host.domainOfHost("ACME.localhost"));
        assertEquals(Optional.empty(), host.domainOfHost("localhost:8080"), "the bare name is no site's without root-site");
        assertEquals(Optional.empty(), host.domainOfHost("127.0.0.1:8080"));
        assertEquals(Optional.empty(), host.domainOfHost(null));
    }

    @Test
    void theRootSiteAnswersOnTheSiteHostItselfAndOnLoopbackAddresses() {
        SiteHost host = new SiteHost(".localhost", Optional.of("docs"));
        assertEquals(Optional.of("docs"), host.domainOfHost("localhost:3000"));
        assertEquals(Optional.of("docs"), host.domainOfHost("127.0.0.1:3000"));
        assertEquals(Optional.of("docs"), host.domainOfHost("[::1]:3000"));
        assertEquals(Optional.of("acme"), host.domainOfHost("acme.localhost:3000"), "other sites keep their names");
        assertEquals(Optional.empty(), host.domainOfHost("example.com"));
    }
}
