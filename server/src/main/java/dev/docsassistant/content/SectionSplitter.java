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
        int bodyStart = 0;
        String fence = null;
        for (int pos = 0; pos <= markdown.length(); ) {
            int newline = markdown.indexOf('\n', pos);
            int lineEnd = newline < 0 ? markdown.length() : newline;
            String line = markdown.substring(pos, lineEnd);
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
                    add(sections, markdown, anchor, heading, headingPath, bodyStart, pos);
                    int level = h.group(1).length();
                    String written = headingText(h.group(2));
                    heading = withoutCustomId(written);
                    headings[level] = heading;
                    for (int l = level + 1; l < headings.length; l++) {
                        headings[l] = null;
                    }
                    anchor = uniqueAnchor(anchorOf(written), seenAnchors);
                    headingPath = pathOf(headings, level);
                    bodyStart = pos;
                }
            }
            pos = lineEnd + 1;
        }
        add(sections, markdown, anchor, heading, headingPath, bodyStart, markdown.length());
        return sections;
    }

    /** Adds the text in {@code [from, to)} of the page, without its surrounding white space, cut into chunks when long. */
    private static void add(List<Section> sections, String page, String anchor, String heading, String path, int from, int to) {
        int start = skipSpace(page, from, to);
        int end = trimSpace(page, start, to);
        if (start == end) {
            return;
        }
        if (end - start <= MAX_CHUNK_CHARS) {
            sections.add(new Section(anchor, heading, path, page, start, end));
            return;
        }
        for (int[] chunk : chunks(page, start, end)) {
            sections.add(new Section(anchor, heading, path, page, chunk[0], chunk[1]));
        }
    }

    /** Cuts at blank lines outside code where possible; a single huge paragraph is cut hard. */
    private static List<int[]> chunks(String page, int from, int to) {
        List<int[]> out = new ArrayList<>();
        int start = from;
        while (to - start > MAX_CHUNK_CHARS) {
            int limit = start + MAX_CHUNK_CHARS;
            int cut = page.lastIndexOf("\n\n", limit);
            if (cut <= start + MAX_CHUNK_CHARS / 4) {
                cut = limit;
            }
            int s = skipSpace(page, start, cut);
            int e = trimSpace(page, s, cut);
            if (s < e) {
                out.add(new int[] {s, e});
            }
            start = cut;
        }
        int s = skipSpace(page, start, to);
        if (s < to) {
            out.add(new int[] {s, trimSpace(page, s, to)});
        }
        return out;
    }

    /** The first index in {@code [from, to)} that is not white space ({@link String#strip}'s rule), else {@code to}. */
    private static int skipSpace(String text, int from, int to) {
        int i = from;
        while (i < to && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The end of {@code [from, to)} without trailing white space. */
    private static int trimSpace(String text, int from, int to) {
        int i = to;
        while (i > from && Character.isWhitespace(text.charAt(i - 1))) {
            i--;
        }
        return i;
    }

    /** Heading text without Markdown: links keep their text, code keeps its content. */
    static String headingText(String raw) {
        String t = LINK.matcher(raw).replaceAll("$1");
        return t.replace("`", "").replace("**", "").replace("__", "").strip();
    }

    /** A heading's own anchor, as MDX writes it: {@code ## Options {#config}}. */
    private static final Pattern CUSTOM_ID = Pattern.compile("\\s*\\{#([A-Za-z0-9][\\w-]*)}\\s*$");

    /** The anchor of a heading as written: its {@code {#id}}, else its {@link #slug}. */
    public static String anchorOf(String written) {
        Matcher m = CUSTOM_ID.matcher(written);
        return m.find() ? m.group(1) : slug(written);
    }

    /** The heading's text without its {@code {#id}}. */
    public static String withoutCustomId(String written) {
        return CUSTOM_ID.matcher(written).replaceFirst("");
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
