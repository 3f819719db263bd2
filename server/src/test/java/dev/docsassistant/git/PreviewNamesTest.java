package dev.docsassistant.git;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Branch names to preview names that are safe host labels. */
class PreviewNamesTest {
    @Test
    void aBranchThatIsALabelKeepsItsName() {
        assertEquals("docs-v2", PreviewNames.of("docs-v2"));
        assertEquals("42", PreviewNames.of("42"));
    }

    @Test
    void otherBranchesAreMadeSafeAndStayDistinct() {
        String login = PreviewNames.of("feature/Login");
        assertTrue(login.matches("feature-login-[0-9a-f]{6}"), login);
        assertEquals(login, PreviewNames.of("feature/Login"), "the same branch always gets the same preview");
        assertNotEquals(login, PreviewNames.of("feature/login"));
        assertNotEquals(PreviewNames.of("feature-login"), PreviewNames.of("feature/login"));
        assertTrue(PreviewNames.of("___").matches("branch-[0-9a-f]{6}"));
        assertTrue(PreviewNames.of("-leading").matches("leading-[0-9a-f]{6}"));
        String longName = PreviewNames.of("renovate/" + "very-long-dependency-name/".repeat(5) + "v1.2.3");
        assertTrue(longName.length() <= PreviewNames.MAX && PreviewNames.isName(longName), longName);
        String longLabel = "a".repeat(60);
        assertTrue(PreviewNames.isName(PreviewNames.of(longLabel)), "a label too long for a preview is shortened");
    }
}
