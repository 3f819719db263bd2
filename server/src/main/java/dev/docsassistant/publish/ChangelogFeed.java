package dev.docsassistant.publish;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.SectionSplitter;
import dev.docsassistant.content.SiteFiles;
import dev.docsassistant.content.mdx.FrontMatter;
import dev.docsassistant.content.mdx.JsxTag;
import dev.docsassistant.content.mdx.MdxToMarkdown;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A changelog page's RSS feed, as Mintlify's {@code create/changelogs.mdx} and {@code components/update.mdx}
 * describe it: the page's address with {@code /rss.xml} appended; per {@code <Update>} one item for each
 * Markdown heading in it, or one titled by its label when it has none, or the one its {@code rss} object
 * ({@code title}, {@code description}) gives; content as plain Markdown without components, code or HTML,
 * the update's tags as categories.
 */
final class ChangelogFeed {
    private static final Pattern FENCED = Pattern.compile("(?ms)^\\s*(`{3,}|~{3,}).*?^\\s*\\1[`~]*\\s*$");
    private static final Pattern HTML = Pattern.compile("<[^>]+>");
    /** The {@code rss={{ … }}} object of an update's tag. */
    private static final Pattern RSS_OBJECT = Pattern.compile("\\brss\\s*=\\s*\\{\\s*\\{(.*?)}\\s*}", Pattern.DOTALL);
    /** One {@code key: "string"} of that object (any of JavaScript's three quotes). */
    private static final Pattern RSS_FIELD = Pattern.compile("(\\w+)\\s*:\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|'((?:[^'\\\\]|\\\\.)*)'|`([^`$]*)`)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}[ \\t]+(.+?)[ \\t#]*$");

    private ChangelogFeed() {
    }

    /** The feed of a page with updates, or empty when the page has none. */
    static Optional<String> of(Page page, Path siteDir, String baseUrl) {
        Path file = siteDir.resolve(page.file());
        String text;
        try {
            if (!SiteFiles.regularFileInside(siteDir, file)) {
                return Optional.empty();
            }
            text = Files.readString(file);
        } catch (IOException e) {
            return Optional.empty();
        }
        String body = FrontMatter.parse(text, (line, column, message) -> { }).body();
        String link = baseUrl + "/" + page.path();
        StringBuilder items = new StringBuilder();
        int from = 0;
        while (true) {
            int open = body.indexOf("<Update", from);
            if (open < 0) {
                break;
            }
            JsxTag tag = JsxTag.parse(body, open);
            int close = body.indexOf("</Update>", open);
            if (tag == null || tag.closing() || !tag.name().equals("Update")) {
                from = open + 1;
                continue;
            }
            String inner = tag.selfClosing() || close < 0 ? "" : body.substring(tag.end(), close);
            from = close < 0 ? tag.end() : close + "</Update>".length();
            String label = tag.attr("label");
            String description = tag.attr("description");
            String markdown = HTML.matcher(MdxToMarkdown.convert(FENCED.matcher(inner).replaceAll(""), path -> null)).replaceAll("").strip();
            String categories = categories(tag.attributes().get("tags"));
            Map<String, String> rss = rssObject(body.substring(open, tag.end()));
            String title = label == null ? page.title() : label;
            String anchor = label == null ? "" : "#" + SectionSplitter.anchorOf(label);
            if (!rss.isEmpty()) {
                item(items, rss.getOrDefault("title", title), link, page.path(), anchor, categories,
                        rss.getOrDefault("description", (description == null ? "" : description + "\n\n") + markdown));
                continue;
            }
            Matcher heading = HEADING.matcher(markdown);
            List<int[]> starts = new ArrayList<>();
            while (heading.find()) {
                starts.add(new int[] {heading.start(), heading.end(), heading.start(1), heading.end(1)});
            }
            if (starts.isEmpty()) {
                item(items, title, link, page.path(), anchor, categories, (description == null ? "" : description + "\n\n") + markdown);
                continue;
            }
            // The text before the first heading opens the first heading's item.
            String lead = markdown.substring(0, starts.get(0)[0]).strip();
            for (int h = 0; h < starts.size(); h++) {
                int[] at = starts.get(h);
                String name = markdown.substring(at[2], at[3]).strip();
                String section = markdown.substring(at[1], h + 1 < starts.size() ? starts.get(h + 1)[0] : markdown.length()).strip();
                if (h == 0 && !lead.isEmpty()) {
                    section = lead + "\n\n" + section;
                }
                item(items, name, link, page.path(), "#" + SectionSplitter.anchorOf(name), categories,
                        (h == 0 && description != null ? description + "\n\n" : "") + section.strip());
            }
        }
        if (items.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel>"
                + "<title>" + xml(page.title()) + "</title><link>" + xml(link) + "</link>"
                + "<description>" + xml(page.description().isEmpty() ? page.title() : page.description()) + "</description>"
                + "<atom:link href=\"" + xml(link + "/rss.xml") + "\" rel=\"self\" type=\"application/rss+xml\"/>\n"
                + items + "</channel></rss>\n");
    }

    private static void item(StringBuilder items, String title, String link, String path, String anchor, String categories,
                             String description) {
        items.append("<item><title>").append(xml(title)).append("</title>")
                .append("<link>").append(xml(link + anchor)).append("</link>")
                .append("<guid isPermaLink=\"false\">").append(xml(path + anchor)).append("</guid>")
                .append(categories)
                .append("<description>").append(xml(description.strip())).append("</description></item>\n");
    }

    private static String categories(String tags) {
        StringBuilder s = new StringBuilder();
        if (tags != null) {
            for (String t : tags.split("\n")) {
                s.append("<category>").append(xml(t.strip())).append("</category>");
            }
        }
        return s.toString();
    }

    /** An update's {@code rss} object: its string fields, or empty when the tag has none. */
    static Map<String, String> rssObject(String tagText) {
        Matcher object = RSS_OBJECT.matcher(tagText);
        Map<String, String> fields = new LinkedHashMap<>();
        if (object.find()) {
            Matcher field = RSS_FIELD.matcher(object.group(1));
            while (field.find()) {
                String value = field.group(2) != null ? field.group(2) : field.group(3) != null ? field.group(3) : field.group(4);
                fields.put(field.group(1), value.replaceAll("\\\\(.)", "$1"));
            }
        }
        return fields;
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
