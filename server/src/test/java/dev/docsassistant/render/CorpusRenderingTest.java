package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.site.Page;
import dev.docsassistant.sites.Site;
import dev.docsassistant.site.SiteContent;
import dev.docsassistant.site.SiteReader;
import dev.docsassistant.testing.Corpora;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every page of both shared corpora renders, and no component is left on the page as raw JSX. */
class CorpusRenderingTest {
    /** An escaped component tag in text: {@code &lt;Card}, {@code &lt;/Steps&gt;}. */
    private static final Pattern RAW_JSX = Pattern.compile("&lt;/?[A-Z][A-Za-z0-9.]*(\\s|&gt;|/)");
    /** Code, and parameter types such as {@code ReactElement<StepProps>[]}, may show angle brackets. */
    private static final Pattern CODE = Pattern.compile(
            "<pre>.*?</pre>|<code[^>]*>.*?</code>|<span class=\"field-meta field-type\">.*?</span>", Pattern.DOTALL);
    private static final Pattern ACTIVE = Pattern.compile("<script|<iframe|<style|\\son[a-z]+=|javascript:", Pattern.CASE_INSENSITIVE);

    @ParameterizedTest
    @ValueSource(strings = {"mcp", "mintlify", "acme"})
    void everyPageRendersWithoutRawComponents(String corpus) {
        // acme: the example site the default configuration serves.
        SiteContent content = corpus.equals("acme") ? SiteReader.read(Path.of("../examples/acme-docs")) : Corpora.read(corpus);
        Site site = new Site(new SiteConfig(corpus, "acme", content.dir(), Optional.empty()), content, null, null);
        SiteRenderer renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
        List<String> problems = new ArrayList<>();
        int rendered = 0;
        for (Page page : content.pages()) {
            if (!page.isPublic()) {
                continue;
            }
            SiteRenderer.Result result = renderer.render("/" + page.path(), "/sites/" + corpus, null);
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
            Matcher m = RAW_JSX.matcher(CODE.matcher(prose).replaceAll(""));
            if (m.find()) {
                int at = m.start();
                String around = CODE.matcher(prose).replaceAll("");
                problems.add(page.path() + ": " + around.substring(Math.max(0, at - 80), Math.min(around.length(), at + 80)));
            }
        }
        assertTrue(rendered >= Math.min(300, content.pages().size()), "rendered " + rendered);
        assertEquals(List.of(), problems.subList(0, Math.min(problems.size(), 15)), problems.size() + " pages with problems");
    }
}
