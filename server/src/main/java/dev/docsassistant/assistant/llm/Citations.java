package dev.docsassistant.assistant.llm;

import dev.docsassistant.search.SearchHit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds, in the answer as it streams, the retrieved pages it cites: Markdown links to their paths
 * (or to their URL on the site) and numbered citations such as {@code [2]} that refer to the
 * numbered sections of the prompt. A link to anything that was not retrieved names no source.
 */
final class Citations {
    private static final Pattern CITE = Pattern.compile(
            "(?<link>\\]\\(\\s*<?(?<target>[^()\\s<>]+)>?(?:\\s+(?:\"[^\"]*\"|'[^']*'))?\\s*\\))"
                    + "|(?<![\\w)])\\[(?<nums>\\d{1,3}(?:\\s*,\\s*\\d{1,3})*)\\]");
    /** No citation is longer than this; text further back has been looked at for good. */
    private static final int LONGEST = 512;

    private final List<SearchHit> hits;
    private final Optional<String> siteUrl;
    private final StringBuilder text = new StringBuilder();
    private int scanned;

    /** @param siteUrl the site's public base URL (no trailing slash), when it has one */
    Citations(List<SearchHit> hits, Optional<String> siteUrl) {
        this.hits = hits;
        this.siteUrl = siteUrl;
    }

    /** The retrieved hits cited by citations that this delta completed, in order (repeats possible). */
    List<SearchHit> accept(String delta) {
        text.append(delta);
        return scan(false);
    }

    /** Citations left open at the end ({@code … see [2]} as the very last characters). */
    List<SearchHit> finish() {
        return scan(true);
    }

    private List<SearchHit> scan(boolean atEnd) {
        List<SearchHit> found = new ArrayList<>();
        Matcher m = CITE.matcher(text);
        int from = scanned;
        while (m.find(from)) {
            from = m.end();
            if (m.group("nums") != null) {
                // "[2]" may still become the text of a link "[2](…)": decide once the next character is in.
                if (m.end() == text.length() && !atEnd) {
                    break;
                }
                if (m.end() < text.length() && text.charAt(m.end()) == '(') {
                    from = m.end() - 1; // the link's "](" starts at this "]"
                    continue;
                }
                for (String n : m.group("nums").split("\\s*,\\s*")) {
                    int i = Integer.parseInt(n);
                    if (i >= 1 && i <= hits.size()) {
                        found.add(hits.get(i - 1));
                    }
                }
            } else {
                hit(m.group("target")).ifPresent(found::add);
            }
            scanned = m.end();
        }
        scanned = Math.max(scanned, text.length() - LONGEST);
        return found;
    }

    /** The retrieved hit a link points to: same page, the same section preferred. */
    Optional<SearchHit> hit(String target) {
        String t = target;
        if (siteUrl.isPresent() && t.toLowerCase(Locale.ROOT).startsWith(siteUrl.get().toLowerCase(Locale.ROOT))) {
            t = t.substring(siteUrl.get().length());
        } else if (t.contains("://") || t.startsWith("mailto:") || t.startsWith("//")) {
            return Optional.empty();
        }
        int query = t.indexOf('?');
        if (query >= 0) {
            int hash = t.indexOf('#');
            t = t.substring(0, query) + (hash > query ? t.substring(hash) : "");
        }
        int hash = t.indexOf('#');
        String page = normalise(hash < 0 ? t : t.substring(0, hash));
        String anchor = hash < 0 ? "" : t.substring(hash);
        SearchHit samePage = null;
        for (SearchHit h : hits) {
            if (normalise(h.pagePath()).equals(page)) {
                if (h.path().endsWith(anchor) && !anchor.isEmpty()) {
                    return Optional.of(h);
                }
                samePage = samePage == null ? h : samePage;
            }
        }
        return Optional.ofNullable(samePage);
    }

    private static String normalise(String path) {
        String p = path.strip();
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        if (!p.startsWith("/")) {
            p = "/" + p;
        }
        if (p.endsWith(".mdx")) {
            p = p.substring(0, p.length() - 4);
        } else if (p.endsWith(".md")) {
            p = p.substring(0, p.length() - 3);
        }
        while (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p.toLowerCase(Locale.ROOT);
    }
}
