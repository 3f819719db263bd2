package dev.docsassistant.render;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.sites.Site;
import dev.docsassistant.testing.Corpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every page of Mintlify's own documentation shows what its code-block options, variables, snippet props and heading ids mean, never their syntax. */
@Tag(Corpora.TAG)
class MintlifyCorpusFidelityTest {
    private static final Pattern TITLE = Pattern.compile("<div class=\"code-title\">(.*?)</div>");
    /** A code-block option left in a title: {@code key=}, a flag, braces. */
    private static final Pattern OPTION = Pattern.compile("\\b[a-z]+=|\\{|\\b(lines|wrap|expandable|nocopy|twoslash)\\b");

    /** A value's placeholder left in the text a reader sees: {@code {{product}}}, {@code {word}}, a heading's {@code {#id}}. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{?[A-Za-z#][\\w-]*}}?");
    private static final Pattern CODE = Pattern.compile("(?s)<pre[^>]*>.*?</pre>|<code[^>]*>.*?</code>");

    private static final Pattern UNKNOWN = Pattern.compile("unknown component (<[\\w.]+>)|(<[\\w.]+>) has no attribute \"([^\"]+)\"");

    /** Every unknown component or attribute the corpus uses is a row of docs/mintlify.md (custom React components are one row). */
    @Test
    void everyUnknownComponentIsInTheCompatibilityTable() throws java.io.IOException {
        SiteContent content = Corpora.read("mintlify");
        List<String> table = java.nio.file.Files.readAllLines(MintlifyCompatibilityTest.TABLE).stream().filter(l -> l.startsWith("| ")).toList();
        List<String> missing = new ArrayList<>();
        int seen = 0;
        for (var problem : content.problems()) {
            Matcher m = UNKNOWN.matcher(problem.message());
            if (problem.message().contains(dev.docsassistant.content.mdx.ComponentCheck.CUSTOM)) {
                seen++;
                continue;
            }
            if (!m.find()) {
                continue;
            }
            seen++;
            String component = "`" + (m.group(1) != null ? m.group(1) : m.group(2)) + "`";
            String attribute = m.group(3) == null ? null : "`" + m.group(3) + "`";
            if (table.stream().noneMatch(row -> row.contains(component) && (attribute == null || row.contains(attribute)))) {
                missing.add(problem.toString());
            }
        }
        assertTrue(seen > 0, "the corpus uses its own React components: " + content.problems());
        assertEquals(List.of(), missing);
        // Mintlify renders its own math and diagrams: none is reported as one that cannot be.
        assertEquals(List.of(), content.problems().stream().map(Object::toString)
                .filter(p -> p.contains(": math $") || p.contains(": Mermaid diagram")).toList());
    }

    @Test
    void noCodeBlockOptionOrPlaceholderLeaks() {
        SiteContent content = Corpora.read("mintlify");
        Site site = new Site(new SiteConfig("mintlify", "acme", content.dir(), Optional.empty()), content, null, null);
        SiteRenderer renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
        List<String> problems = new ArrayList<>();
        int titles = 0;
        for (Page page : content.pages()) {
            if (!page.isPublic() || page.api() != null) {
                continue;
            }
            SiteRenderer.Result result = renderer.render("/" + PagePaths.withoutIndex(page.path()), "", null);
            if (!(result instanceof SiteRenderer.HtmlPage html)) {
                continue;
            }
            String prose = html.html().substring(html.html().indexOf("<div class=\"prose\">"));
            Matcher left = PLACEHOLDER.matcher(CODE.matcher(prose.substring(0, prose.indexOf("</aside>"))).replaceAll(""));
            if (left.find()) {
                problems.add(page.path() + ": literal " + left.group());
            }
            Matcher m = TITLE.matcher(html.html());
            while (m.find()) {
                titles++;
                String title = m.group(1).replaceAll("(?s)<svg.*?</svg>|<[^>]*>", ""); // the icon is markup, not title
                if (OPTION.matcher(title).find()) {
                    problems.add(page.path() + ": code title " + title);
                }
            }
        }
        assertTrue(titles > 100, "titles seen: " + titles);
        assertEquals(List.of(), problems.subList(0, Math.min(problems.size(), 15)), problems.size() + " problems");
    }
}
