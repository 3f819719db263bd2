package dev.docsassistant.render;

import dev.docsassistant.integrations.spi.HtmlEncoder;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a page shows of the reader reading it, as Mintlify's personalization documents it:
 * {@code {user.firstName}} (also {@code {user.org?.plan}}) in a page's MDX shows that value of the
 * reader's {@code content}, HTML-escaped, or nothing for a reader without it (a reader not signed in
 * is an empty object); an endpoint page of a signed-in reader carries their {@code apiPlaygroundInputs}
 * in a JSON data element ({@link #INPUTS_ELEMENT_ID}) for the playground to prefill.
 *
 * <p>A page body is rendered once and kept, whoever reads it: the placeholders are marked in it with
 * letters and digits only (untouched by Markdown) and filled for each request.
 *
 * @param value            a {@code content} value by its dotted path
 * @param playgroundInputs the reader's {@code apiPlaygroundInputs} as JSON, or null
 */
public record ReaderValues(Function<String, Optional<String>> value, String playgroundInputs) {
    /** A reader who is not signed in. */
    public static final ReaderValues NONE = new ReaderValues(path -> Optional.empty(), null);
    public static final String INPUTS_ELEMENT_ID = "api-playground-inputs";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\s*user((?:\\??\\.[A-Za-z_$][\\w$]*)+)\\s*}");
    private static final String MARK_START = "zzdareaderv";
    private static final Pattern MARK = Pattern.compile(MARK_START + "([0-9a-f]+)zz");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");

    /** The MDX with each {@code {user.…}} outside fenced code replaced by its mark. */
    static String mark(String mdx) {
        if (!mdx.contains("user")) {
            return mdx;
        }
        StringBuilder out = new StringBuilder(mdx.length());
        boolean inFence = false;
        for (String line : mdx.split("\n", -1)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
            }
            out.append(inFence ? line : PLACEHOLDER.matcher(line).replaceAll(m -> MARK_START
                    + HexFormat.of().formatHex(m.group(1).replace("?", "").substring(1).getBytes(StandardCharsets.UTF_8)) + "zz"))
                    .append('\n');
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    /** The page's HTML with the marks filled with this reader's values. */
    String fill(String html) {
        if (!html.contains(MARK_START)) {
            return html;
        }
        Matcher m = MARK.matcher(html);
        return m.replaceAll(r -> Matcher.quoteReplacement(value.apply(new String(HexFormat.of().parseHex(r.group(1)),
                StandardCharsets.UTF_8)).map(HtmlEncoder::attr).orElse("")));
    }

    /** The data element holding the reader's playground inputs, or "" when there are none. */
    String inputsElement() {
        if (playgroundInputs == null) {
            return "";
        }
        String json = playgroundInputs.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        return "<script type=\"application/json\" id=\"" + INPUTS_ELEMENT_ID + "\">" + json + "</script>\n";
    }
}
