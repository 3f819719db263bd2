package dev.docsassistant.publish;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteFiles;
import dev.docsassistant.content.mdx.FrontMatter;
import dev.docsassistant.content.mdx.JsxTag;
import dev.docsassistant.content.mdx.MdxToMarkdown;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A changelog page's RSS feed, as Mintlify's {@code create/changelogs.mdx} describes it: the page's
 * address with {@code /rss.xml} appended, one item per {@code <Update>} (its label the title, its
 * content as plain Markdown without components, code or HTML, its tags as categories).
 */
final class ChangelogFeed {
    private static final Pattern FENCED = Pattern.compile("(?ms)^\\s*(`{3,}|~{3,}).*?^\\s*\\1[`~]*\\s*$");
    private static final Pattern HTML = Pattern.compile("<[^>]+>");

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
            String anchor = label == null ? "" : "#" + dev.docsassistant.content.SectionSplitter.anchorOf(label);
            items.append("<item><title>").append(xml(label == null ? page.title() : label)).append("</title>")
                    .append("<link>").append(xml(link + anchor)).append("</link>")
                    .append("<guid isPermaLink=\"false\">").append(xml(page.path() + anchor)).append("</guid>");
            String tags = tag.attributes().get("tags");
            if (tags != null) {
                for (String t : tags.split("\n")) {
                    items.append("<category>").append(xml(t.strip())).append("</category>");
                }
            }
            items.append("<description>").append(xml((description == null ? "" : description + "\n\n") + markdown)).append("</description></item>\n");
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

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
