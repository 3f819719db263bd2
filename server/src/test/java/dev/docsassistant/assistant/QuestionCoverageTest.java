package dev.docsassistant.assistant;

import dev.docsassistant.search.SiteSearch;
import dev.docsassistant.testing.Corpora;
import dev.docsassistant.testing.TestApps;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Tag(Corpora.TAG)
class QuestionCoverageTest {

    @Test
    void namesAreCapitalisedWordsInsideASentence() {
        assertEquals(List.of("MCP", "Kafka", "RabbitMQ"),
                QuestionCoverage.names("How do I forward MCP notifications onto a Kafka topic? Or a RabbitMQ one."));
        assertEquals(List.of("API"), QuestionCoverage.names("Show steps to people but API-call instructions to agents"));
        assertEquals(List.of(), QuestionCoverage.names("¿Cómo evito que un grupo de pestañas cambie?"));
        assertEquals(List.of(), QuestionCoverage.names("如何配置导航？"));
    }

    @Test
    void aQuestionTheSiteCannotCoverIsRecognisedByItsWords() {
        SiteSearch mcp = TestApps.corpora().sites().get("mcp").orElseThrow().search();
        assertEquals(Optional.of("the site never mentions Kafka, RabbitMQ"),
                QuestionCoverage.gap(mcp, "How do I forward MCP server notifications onto a Kafka or RabbitMQ topic?"));
        assertEquals(Optional.of("the site uses none of bake, sourdough, bread"),
                QuestionCoverage.gap(mcp, "How do I bake sourdough bread at home?"));
        assertEquals(Optional.empty(), QuestionCoverage.gap(mcp, "Which exit code does the Inspector CLI use for OAuth errors?"));
        // A paraphrase with a word or two the docs never use is still covered.
        assertEquals(Optional.empty(), QuestionCoverage.gap(mcp,
                "Can I list a server that is only reachable on our corporate intranet in the registry?"));
    }
}
