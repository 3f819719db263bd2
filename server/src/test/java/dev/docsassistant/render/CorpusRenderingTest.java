package dev.docsassistant.render;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.sites.Site;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.testing.Corpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every public page of both shared corpora renders as a reader should see it: no component left as
 * raw JSX, no Markdown left as text (a line starting with {@code #}, a table rule, a {@code **}
 * pair), and nothing of the content marked for agents only.
 */
class CorpusRenderingTest {
    /** An escaped component tag in text: {@code &lt;Card}, {@code &lt;/Steps&gt;}. */
    private static final Pattern RAW_JSX = Pattern.compile("&lt;/?[A-Z][A-Za-z0-9.]*(\\s|&gt;|/)");
    /** Code, and parameter types such as {@code ReactElement<StepProps>[]}, may show angle brackets. */
    private static final Pattern CODE = Pattern.compile(
            "<pre[^>]*>.*?</pre>|<code[^>]*>.*?</code>|<span class=\"field-meta field-type\">.*?</span>", Pattern.DOTALL);
    /** Markdown a reader should never see as text. */
    private static final Pattern RAW_MARKDOWN = Pattern.compile("(?m)^[ \\t]*(#{1,6} \\S.*|\\|? ?:?-{3,}:? ?\\|.*|.*\\*\\*\\S[^*\\n]*\\*\\*.*)$");
    private static final Pattern AGENT_ONLY = Pattern.compile("<Visibility\\s+for=\"agents\"\\s*>(.*?)</Visibility>", Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<[^>]*>");
    private static final Pattern ACTIVE = Pattern.compile("<script|<iframe|<style|\\son[a-z]+=|javascript:", Pattern.CASE_INSENSITIVE);

    /** acme: the example site the default configuration serves. */
    @Test
    void everyExamplePageRendersWithoutRawComponents() {
        everyPageRendersWithoutRawComponents("acme", SiteReader.read(Path.of("../examples/acme-docs")));
    }

    @Tag(Corpora.TAG)
    @ParameterizedTest
    @ValueSource(strings = {"mcp", "mintlify"})
    void everyCorpusPageRendersWithoutRawComponents(String corpus) {
        everyPageRendersWithoutRawComponents(corpus, Corpora.read(corpus));
    }

    private static void everyPageRendersWithoutRawComponents(String corpus, SiteContent content) {
        Site site = new Site(new SiteConfig(corpus, "acme", content.dir(), Optional.empty()), content, null, null);
        SiteRenderer renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
        List<String> problems = new ArrayList<>();
        int rendered = 0;
        int agentChecks = 0;
        for (Page page : content.pages()) {
            if (!page.isPublic()) {
                continue;
            }
            SiteRenderer.Result result = renderer.render("/" + PagePaths.withoutIndex(page.path()), "/sites/" + corpus, null);
            if (!(result instanceof SiteRenderer.HtmlPage html) || html.status() != 200) {
                problems.add(page.path() + ": " + result);
                continue;
            }
            rendered++;
            String prose = html.html().substring(html.html().indexOf("<div class=\"prose\">"));
            String article = prose.substring(0, prose.indexOf("</article>"));
            if (ACTIVE.matcher(CODE.matcher(article).replaceAll("")).find()) {
                problems.add(page.path() + ": active content in the page body");
            }
            String visible = prose.substring(0, prose.indexOf("</aside>"));
            String text = TAG.matcher(CODE.matcher(visible).replaceAll("\n")).replaceAll("\n");
            Matcher markdown = RAW_MARKDOWN.matcher(text);
            if (markdown.find()) {
                problems.add(page.path() + ": raw Markdown: " + markdown.group().strip());
            }
            for (String agentOnly : agentOnlyLines(content.dir().resolve(page.file()))) {
                agentChecks++;
                if (CODE.matcher(visible).replaceAll("").contains(HtmlEncoder.attr(agentOnly))) {
                    problems.add(page.path() + ": agent-only content: " + agentOnly);
                }
            }
            Matcher m = RAW_JSX.matcher(CODE.matcher(prose).replaceAll(""));
            if (m.find()) {
                int at = m.start();
                String around = CODE.matcher(prose).replaceAll("");
                problems.add(page.path() + ": " + around.substring(Math.max(0, at - 80), Math.min(around.length(), at + 80)));
            }
        }
        assertTrue(!corpus.equals("mintlify") || agentChecks > 0, "the agent-only check met no agent-only content");
        assertTrue(rendered >= Math.min(300, content.pages().size()), "rendered " + rendered);
        assertEquals(List.of(), problems.subList(0, Math.min(problems.size(), 15)), problems.size() + " pages with problems");
    }

    /** The plain-text lines of the page's agent-only blocks (outside code fences): words no reader should meet. */
    private static List<String> agentOnlyLines(Path file) {
        String source;
        try {
            source = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> lines = new ArrayList<>();
        Matcher m = AGENT_ONLY.matcher(source.replaceAll("(?s)```.*?```", ""));
        while (m.find()) {
            for (String line : m.group(1).split("\n")) {
                String words = line.replaceAll("[>*`#\\[\\]()]", "").strip();
                if (words.length() > 20 && !words.contains("<")) {
                    lines.add(words.substring(0, Math.min(60, words.length())));
                }
            }
        }
        return lines;
    }
}
