package dev.docsassistant.readers;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The sign-in's {@code redirect}: a path of the same site, or the site's home. */
class SafeRedirectTest {
    @Test
    void pathsOfTheSiteAreFollowed() {
        assertEquals(Optional.of("/quickstart"), SafeRedirect.of("/quickstart", ""));
        assertEquals(Optional.of("/guides/a?tab=x#part"), SafeRedirect.of("/guides/a?tab=x#part", ""));
        assertEquals(Optional.of("/sites/handbook/guides/a"), SafeRedirect.of("/sites/handbook/guides/a", "/sites/handbook"));
    }

    @Test
    void anythingThatCouldLeaveTheSiteGoesHome() {
        for (String evil : List.of("https://evil.example/", "//evil.example/x", "/\\evil.example", "\\\\evil.example",
                "javascript:alert(1)", "/%2F%2Fevil.example", "/%5cevil.example", "/ /evil.example", "/\t/evil.example",
                "evil.example", "/sites/other/page", "/sites/handbook/../other/x", "/sites/handbook/%2e%2e/other",
                "/a\r\nLocation: https://evil.example", "")) {
            assertEquals(Optional.empty(), SafeRedirect.of(evil, evil.startsWith("/sites/") ? "/sites/handbook" : ""), evil);
            assertEquals("/sites/handbook/", SafeRedirect.orHome(evil, "/sites/handbook"), evil);
        }
        assertEquals(Optional.empty(), SafeRedirect.of("/other", "/sites/handbook"));
        assertEquals(Optional.empty(), SafeRedirect.of(null, ""));
    }
}
