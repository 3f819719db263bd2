package dev.docsassistant.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A site that puts the XSS vectors of {@code safety/markup.json} and the refused URLs of
 * {@code safety/urls.json} in every place an author or a docs.json change controls: raw HTML,
 * Markdown links and images, MDX component attributes, front matter, docs.json fields (name,
 * navbar, tabs, footer, logo, favicon, redirects, 404 page), and, through {@link #requests}, search
 * queries and unknown paths. The Java tests check the rendered markup; clients/js/test/xss.test.mjs
 * loads it in Chromium ({@code main} writes it there).
 */
public final class HostileSite {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The pages, by path. */
    public static final List<String> PAGES = List.of("raw", "links", "components", "clobbering", "unbalanced");

    private HostileSite() {
    }

    /** Usage: {@code HostileSite DIR}: writes the site into DIR and prints the request paths to load, one a line. */
    public static void main(String[] args) {
        write(Path.of(args[0]));
        requests().forEach(System.out::println);
    }

    public static List<String> markup() {
        return strings(vectors("markup.json"));
    }

    /** The URLs the link check refuses. */
    public static List<String> refusedUrls() {
        List<String> urls = new ArrayList<>();
        vectors("urls.json").forEach(v -> {
            if (v.get("href").isNull() && !v.get("url").asText().isBlank()) {
                urls.add(v.get("url").asText());
            }
        });
        return urls;
    }

    /**
     * Request paths (below where the site is served) that render what the vectors reach: the pages,
     * search queries and unknown paths carrying the vectors (five at a time, as a query or path
     * segment), and the redirects docs.json tries (refused ones are the 404 page).
     */
    public static List<String> requests() {
        List<String> paths = new ArrayList<>();
        PAGES.forEach(p -> paths.add("/" + p));
        List<String> markup = markup();
        for (int i = 0; i < markup.size(); i += 5) {
            String group = String.join(" ", markup.subList(i, Math.min(markup.size(), i + 5)));
            paths.add("/_search?q=" + URLEncoder.encode(group, StandardCharsets.UTF_8));
            paths.add("/missing/" + URLEncoder.encode(group, StandardCharsets.UTF_8).replace("+", "%20"));
        }
        paths.add("/r/0");
        paths.add("/rest/%5Cevil.example");
        paths.add("/rest//evil.example");
        return paths;
    }

    public static Path write(Path dir) {
        List<String> markup = markup();
        List<String> urls = refusedUrls();
        TestSites site = new TestSites(dir);
        site.file("docs.json", docsJson(markup, urls).toPrettyString());
        StringBuilder raw = new StringBuilder();
        for (String v : markup) {
            raw.append(v).append("\n\nInline ").append(v).append(" text.\n\n");
        }
        site.page("raw", raw.toString(), frontMatter(markup, 0));
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < urls.size(); i++) {
            String entities = entities(urls.get(i));
            links.append("[markdown link ").append(i).append("](").append(entities).append(")\n\n")
                    .append("![markdown image ").append(i).append("](").append(entities).append(")\n\n")
                    .append("<a href=\"").append(entities).append("\">html link ").append(i).append("</a>\n\n")
                    .append("<img src=\"").append(entities).append("\" alt=\"html image ").append(i).append("\" />\n\n")
                    .append("<iframe src=\"").append(entities).append("\" title=\"frame ").append(i).append("\"></iframe>\n\n")
                    .append("<Card title=\"card ").append(i).append("\" href=\"").append(urls.get(i).replace("\"", ""))
                    .append("\">card body</Card>\n\n");
        }
        links.append("<a class=\"entities\" href=\"/guide?a=1&amp;b=2\">entity link</a>\n\n")
                .append("<Card title=\"Fish &amp; chips\" href=\"/menu?a=1&b=2\">ampersands</Card>\n\n");
        site.page("links", links.toString(), frontMatter(markup, 1));
        StringBuilder components = new StringBuilder();
        for (String v : markup) {
            String a = v.replace("\"", "'");
            components.append("<Tooltip tip=\"").append(a).append("\">tooltip</Tooltip> and <Badge>").append(v).append("</Badge>\n\n")
                    .append("<Accordion title=\"").append(a).append("\">accordion body</Accordion>\n\n")
                    .append("<Tabs><Tab title=\"").append(a).append("\">tab body</Tab></Tabs>\n\n")
                    .append("<Steps><Step title=\"").append(a).append("\">step body</Step></Steps>\n\n")
                    .append("<ParamField path=\"").append(a).append("\" type=\"").append(a).append("\" default=\"").append(a)
                    .append("\">param body</ParamField>\n\n")
                    .append("<Frame caption=\"").append(a).append("\"><p>frame</p></Frame>\n\n")
                    .append("<Update label=\"").append(a).append("\" description=\"").append(a).append("\">update</Update>\n\n");
        }
        site.page("components", components.toString(), frontMatter(markup, 2));
        site.page("clobbering", """
                ## Assistant

                ## Content

                ## Config

                ## Da config

                The retry schedule of hostile deliveries: [quoted link](\u0001javascript:alert('quoted')) and
                [plain quoted link](javascript:alert('plain')) and [tab quoted](java\tscript:alert('tab')).

                <div id="da:assistant" class="assistant" data-open-assistant>fake panel</div>
                <aside class="assistant"><form class="assistant-form"><textarea></textarea></form></aside>
                <form class="search"><input name="q"></form>
                <button data-open-assistant data-feedback-value="yes">fake button</button>
                """, frontMatter(markup, 3));
        site.page("unbalanced", """
                <table><tr><td>an unclosed table

                </div></div></main></article></body>

                <details><summary>an unclosed disclosure

                The text after them stays in the page body.
                """, frontMatter(markup, 4));
        return dir;
    }

    private static ObjectNode docsJson(List<String> markup, List<String> urls) {
        ObjectNode docs = JSON.createObjectNode();
        docs.put("name", markup.get(0)).put("theme", "mint").put("logo", urls.get(0)).put("favicon", urls.get(1));
        ArrayNode navbar = docs.putObject("navbar").putArray("links");
        ArrayNode tabs = docs.putObject("navigation").putArray("tabs");
        ObjectNode docsTab = tabs.addObject().put("tab", "Docs");
        ArrayNode pages = docsTab.putArray("groups").addObject().put("group", markup.get(1)).putArray("pages");
        PAGES.forEach(pages::add);
        ObjectNode socials = docs.putObject("footer").putObject("socials");
        ArrayNode redirects = docs.putArray("redirects");
        for (int i = 0; i < urls.size(); i++) {
            navbar.addObject().put("label", markup.get(i % markup.size())).put("href", urls.get(i));
            tabs.addObject().put("tab", "tab " + i).put("href", urls.get(i));
            socials.put("social" + i, urls.get(i));
            redirects.addObject().put("source", "/r/" + i).put("destination", urls.get(i));
        }
        redirects.addObject().put("source", "/rest/:rest*").put("destination", "/:rest*");
        docs.putObject("errors").putObject("404").put("title", markup.get(2)).put("description", markup.get(3));
        return docs;
    }

    /** Title and description, as YAML double-quoted strings (JSON string syntax is valid there). */
    private static String[] frontMatter(List<String> markup, int n) {
        try {
            return new String[] {"title: " + JSON.writeValueAsString(markup.get(n * 2 % markup.size())),
                    "description: " + JSON.writeValueAsString(markup.get((n * 2 + 1) % markup.size()))};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every character but letters, digits and {@code :/.} as a numeric character reference, which Markdown and HTML decode. */
    private static String entities(String url) {
        StringBuilder s = new StringBuilder();
        url.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) && c < 128 || c == ':' || c == '/' || c == '.') {
                s.appendCodePoint(c);
            } else {
                s.append("&#").append(c).append(';');
            }
        });
        return s.toString();
    }

    private static JsonNode vectors(String name) {
        try (InputStream in = HostileSite.class.getResourceAsStream("/safety/" + name)) {
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
