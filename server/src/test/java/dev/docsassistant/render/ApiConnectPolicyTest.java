package dev.docsassistant.render;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The servers a playground calls from the browser enter {@code connect-src} and nothing else of the policy. */
class ApiConnectPolicyTest {
    private static String connectSrc(List<String> sources) {
        for (String directive : ContentSecurityPolicy.of(Injected.NONE, null, sources).split(";")) {
            if (directive.strip().startsWith("connect-src ")) {
                return directive.strip();
            }
        }
        throw new AssertionError("no connect-src");
    }

    @Test
    void serversAreAllowedWithTheirPathPrefixes() {
        assertEquals("connect-src 'self' https://api.acme.com/v1/ http://[::1]:8080",
                connectSrc(List.of("https://api.acme.com/v1/", "http://[::1]:8080")));
    }

    @Test
    void aServerPathThatWouldBreakOutOfTheDirectiveIsCutToItsOrigin() {
        String policy = ContentSecurityPolicy.of(Injected.NONE, null, List.of("https://api.acme.com/v1;script-src-elem *;/",
                "https://x.acme.com/a,b/", "https://evil.acme.com 'unsafe-inline'"));
        assertEquals("connect-src 'self' https://api.acme.com https://x.acme.com", connectSrc(List.of(
                "https://api.acme.com/v1;script-src-elem *;/", "https://x.acme.com/a,b/", "https://evil.acme.com 'unsafe-inline'")));
        assertEquals(ContentSecurityPolicy.of(Injected.NONE, null, List.of())
                        .replace("connect-src 'self'", "connect-src 'self' https://api.acme.com https://x.acme.com"), policy,
                "every other directive as without the servers");
    }
}
