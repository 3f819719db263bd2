package dev.docsassistant.content;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a page's Markdown into sections at its headings (levels 1–4), each with the anchor the
 * rendered page gives that heading. Long sections are cut at paragraph boundaries into chunks
 * that share the anchor, so a huge generated page cannot bury the rest of the site.
 */
public final class SectionSplitter {
    static final int MAX_CHUNK_CHARS = 6000;
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.+?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^\\s*(`{3,}|~{3,})");
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)]\\([^)]*\\)");

    private SectionSplitter() {
    }

    public static List<Section> split(String markdown) {
        List<Section> sections = new ArrayList<>();
        Map<String, Integer> seenAnchors = new HashMap<>();
        String[] headings = new String[7];
        String anchor = null;
        String heading = null;
        String headingPath = null;
        StringBuilder body = new StringBuilder();
        String fence = null;
        for (String line : markdown.split("\n", -1)) {
            Matcher f = FENCE.matcher(line);
            if (f.find()) {
                if (fence == null) {
                    fence = f.group(1);
                } else if (line.strip().startsWith(fence)) {
                    fence = null;
                }
            } else if (fence == null) {
                Matcher h = HEADING.matcher(line);
                if (h.matches() && h.group(1).length() <= 4) {
                    add(sections, anchor, heading, headingPath, body);
                    int level = h.group(1).length();
                    heading = headingText(h.group(2));
                    headings[level] = heading;
                    for (int l = level + 1; l < headings.length; l++) {
                        headings[l] = null;
                    }
                    anchor = uniqueAnchor(slug(heading), seenAnchors);
                    headingPath = pathOf(headings, level);
                    body.setLength(0);
                }
            }
            body.append(line).append('\n');
        }
        add(sections, anchor, heading, headingPath, body);
        return sections;
    }

    private static void add(List<Section> sections, String anchor, String heading, String path, StringBuilder body) {
        String text = body.toString().strip();
        if (text.isEmpty()) {
            return;
        }
        if (text.length() <= MAX_CHUNK_CHARS) {
            sections.add(new Section(anchor, heading, path, text));
            return;
        }
        for (String chunk : chunks(text)) {
            sections.add(new Section(anchor, heading, path, chunk));
        }
    }

    /** Cuts at blank lines outside code where possible; a single huge paragraph is cut hard. */
    private static List<String> chunks(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        while (text.length() - start > MAX_CHUNK_CHARS) {
            int limit = start + MAX_CHUNK_CHARS;
            int cut = text.lastIndexOf("\n\n", limit);
            if (cut <= start + MAX_CHUNK_CHARS / 4) {
                cut = limit;
            }
            out.add(text.substring(start, cut).strip());
            start = cut;
        }
        String rest = text.substring(start).strip();
        if (!rest.isEmpty()) {
            out.add(rest);
        }
        return out;
    }

    /** Heading text without Markdown: links keep their text, code keeps its content. */
    static String headingText(String raw) {
        String t = LINK.matcher(raw).replaceAll("$1");
        return t.replace("`", "").replace("**", "").replace("__", "").strip();
    }

    /** The anchor a heading gets: lower case, punctuation dropped, spaces to dashes (GitHub style). */
    public static String slug(String heading) {
        StringBuilder s = new StringBuilder();
        for (char c : heading.toLowerCase(Locale.ROOT).strip().toCharArray()) {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                s.append(c);
            } else if (Character.isWhitespace(c)) {
                s.append('-');
            }
        }
        return s.toString();
    }

    private static String uniqueAnchor(String slug, Map<String, Integer> seen) {
        Integer n = seen.get(slug);
        seen.put(slug, n == null ? 1 : n + 1);
        return n == null ? slug : slug + "-" + n;
    }

    private static String pathOf(String[] headings, int level) {
        StringBuilder s = new StringBuilder();
        for (int l = 1; l <= level; l++) {
            if (headings[l] != null) {
                s.append(s.isEmpty() ? "" : " › ").append(headings[l]);
            }
        }
        return s.toString();
    }
}
