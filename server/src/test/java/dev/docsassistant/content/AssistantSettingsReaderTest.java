package dev.docsassistant.content;

import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A site's assistant settings come from its folder (Mintlify's {@code .mintlify/Assistant.md},
 * docs.json {@code assistant}), and every mistake is reported as docs.json's are: file, line and
 * column, an error when the site would not be served as written.
 */
class AssistantSettingsReaderTest {
    @TempDir
    Path dir;

    private TestSites site(String assistant) {
        return new TestSites(dir).file("docs.json", """
                {
                  "name": "Relay",
                  "navigation": {"pages": ["index"]},
                  "assistant": %s
                }""".formatted(assistant)).page("index", "Relay delivers webhooks.", "title: Home");
    }

    private static SiteProblem problem(SiteContent content, String pointer) {
        return content.problems().stream().filter(p -> p.location().equals(pointer)).findFirst()
                .orElseThrow(() -> new AssertionError("no problem at " + pointer + ": " + content.problems()));
    }

    @Test
    void settingsAreReadFromTheDocsFolder() {
        site("""
                {"starterQuestions": ["How are deliveries retried?", "How do I verify a signature?"],
                 "handoff": {"label": "Contact support", "url": "https://relay.example/support"}}""")
                .file(".mintlify/Assistant.md", "\nAnswer in a friendly tone.\nNever discuss pricing.\n\n");
        SiteContent content = SiteReader.read(dir);
        assertTrue(content.problems().isEmpty(), content.problems().toString());
        AssistantSettings s = content.assistant();
        assertEquals("Answer in a friendly tone.\nNever discuss pricing.", s.instructions());
        assertEquals(List.of("How are deliveries retried?", "How do I verify a signature?"), s.starterQuestions());
        assertEquals("For more help, [Contact support](https://relay.example/support).", s.handoff().sentence());
        assertTrue(content.page("/.mintlify/Assistant").isEmpty(), "the instructions are never a page of the site");
    }

    @Test
    void anEmailHandoffLinksToTheAddress() {
        site("{\"handoff\": {\"email\": \"help@relay.example\"}}").file(".mintlify/ASSISTANT.md", "Be brief.");
        SiteContent content = SiteReader.read(dir);
        assertTrue(content.problems().isEmpty(), content.problems().toString());
        assertEquals("For more help, [help@relay.example](mailto:help@relay.example).", content.assistant().handoff().sentence());
        assertEquals("Be brief.", content.assistant().instructions());
    }

    @Test
    void mistakesAreErrorsPlacedAtTheirLineAndColumn() {
        site("""
                {"starterQuestions": ["Fine", "", 42, "Fine"],
                   "handoff": {"url": "javascript:alert(1)", "label": "Help"},
                   "tone": "friendly"}""");
        SiteContent content = SiteReader.read(dir);
        SiteProblem empty = problem(content, "/assistant/starterQuestions/1");
        assertTrue(empty.isError() && empty.message().equals("must be a non-empty string"), empty.toString());
        assertEquals("docs.json:4:46", empty.position(), empty.toString());
        assertTrue(problem(content, "/assistant/starterQuestions/2").isError());
        SiteProblem again = problem(content, "/assistant/starterQuestions/3");
        assertTrue(!again.isError() && again.message().contains("same question"), again.toString());
        SiteProblem url = problem(content, "/assistant/handoff/url");
        assertTrue(url.isError() && url.message().startsWith("must be an https://"), url.toString());
        assertEquals("docs.json:5:16", url.position(), url.toString());
        SiteProblem unknown = problem(content, "/assistant/tone");
        assertTrue(!unknown.isError() && unknown.message().contains("unknown key 'tone'"), unknown.toString());
        assertEquals(List.of("Fine"), content.assistant().starterQuestions(), "bad entries are left out");
        assertNull(content.assistant().handoff());
    }

    @Test
    void aHandoffNeedsExactlyOneTargetAndAShortLabel() {
        SiteContent both = SiteReader.read(site("{\"handoff\": {\"url\": \"https://a.example\", \"email\": \"a@a.example\"}}").dir());
        assertTrue(problem(both, "/assistant/handoff").message().contains("either url or email"), both.problems().toString());
        SiteContent none = SiteReader.read(site("{\"handoff\": {\"label\": \"Help\"}}").dir());
        assertTrue(problem(none, "/assistant/handoff").message().contains("needs a url"), none.problems().toString());
        SiteContent email = SiteReader.read(site("{\"handoff\": {\"email\": \"not an address\"}}").dir());
        assertTrue(problem(email, "/assistant/handoff/email").isError());
        SiteContent label = SiteReader.read(site("{\"handoff\": {\"url\": \"https://a.example\", \"label\": \"" + "x".repeat(81) + "\"}}").dir());
        assertTrue(problem(label, "/assistant/handoff/label").isError());
        SiteContent parens = SiteReader.read(site("{\"handoff\": {\"url\": \"https://a.example/x)[y](z\"}}").dir());
        assertTrue(problem(parens, "/assistant/handoff/url").isError(), "a URL that would break out of its Markdown link");
    }

    @Test
    void tooManyQuestionsOrAWrongShapeAreErrors() {
        SiteContent many = SiteReader.read(site("{\"starterQuestions\": [\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\"]}").dir());
        assertTrue(problem(many, "/assistant/starterQuestions").message().contains("at most 6"), many.problems().toString());
        assertEquals(6, many.assistant().starterQuestions().size());
        SiteContent notObject = SiteReader.read(site("[\"How?\"]").dir());
        assertTrue(problem(notObject, "/assistant").isError(), notObject.problems().toString());
        assertEquals("docs.json:4:3", problem(notObject, "/assistant").position(), "at its key");
    }

    @Test
    void instructionsTooLongAreAnErrorAtTheCharacterPastTheLimit() {
        String line = "x".repeat(99) + "\n";
        site("{}").file(".mintlify/Assistant.md", line.repeat(AssistantSettingsReader.MAX_INSTRUCTIONS_CHARS / 100) + "over");
        SiteContent content = SiteReader.read(dir);
        SiteProblem p = content.problems().stream().filter(x -> x.file().equals(".mintlify/Assistant.md")).findFirst().orElseThrow();
        assertTrue(p.isError() && p.message().contains("longer than 20000 characters"), p.toString());
        assertEquals(".mintlify/Assistant.md:201:1", p.position());
        assertNull(content.assistant().instructions());
    }
}
