package dev.docsassistant.render;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The colours pages give components ({@code <Callout color>}, {@code <Card color>}, a palette's
 * swatches): the sanitizer keeps no {@code style} attribute a page writes, so components leave a
 * marker with a checked colour, and once the body is clean the marker becomes the one style the
 * component needs (a {@code --accent} for the element it follows, or a swatch).
 */
final class StyleMarks {
    /** A private-use character, as the icons' marker: never in docs text, untouched by Markdown and HTML escaping. */
    private static final char MARK = '\uE001';
    private static final Pattern COLOR = Pattern.compile(
            "#[0-9a-fA-F]{3,8}|(?:rgba?|hsla?|oklch)\\([0-9.,%\\s/a-z-]{1,60}\\)|[a-zA-Z]{3,24}");
    /** An element's opening tag followed by its markers ({@code a:} an accent colour, {@code z:} a size). */
    private static final Pattern STYLED = Pattern.compile("(<[a-z]+\\b[^>]*?)>((?:" + MARK + "[az]:[^" + MARK + "<>\"]+" + MARK + ")+)");
    private static final Pattern ONE = Pattern.compile(MARK + "([az]):([^" + MARK + "<>\"]+)" + MARK);
    private static final Pattern LENGTH = Pattern.compile("\\d{1,3}(\\.\\d{1,2})?px");
    private static final Pattern SWATCH = Pattern.compile(MARK + "s:([^" + MARK + "<>\"]+)" + MARK);

    private StyleMarks() {
    }

    /** Whether a value is a colour a page may give (a hex, rgb/hsl/oklch or named colour). */
    static boolean isColor(String value) {
        return value != null && COLOR.matcher(value.strip()).matches();
    }

    /** Right after an element's opening tag: gives that element {@code --accent: color}; empty for no or a bad colour. */
    static String accent(String color) {
        return isColor(color) ? MARK + "a:" + color.strip() + MARK : "";
    }

    /** Right after an element's opening tag: gives that element {@code --size: length} (pixels); empty for another value. */
    static String size(String length) {
        return length != null && LENGTH.matcher(length).matches() ? MARK + "z:" + length + MARK : "";
    }

    /** A square of the colour (decorative: the colour's name and value are written beside it). */
    static String swatch(String color) {
        return isColor(color) ? MARK + "s:" + color.strip() + MARK : "";
    }

    /** The clean body with each marker turned into its style. */
    static String expand(String html) {
        if (html.indexOf(MARK) < 0) {
            return html;
        }
        String s = STYLED.matcher(html).replaceAll(m -> {
            StringBuilder style = new StringBuilder();
            Matcher one = ONE.matcher(m.group(2));
            while (one.find()) {
                style.append(style.isEmpty() ? "" : "; ").append(one.group(1).equals("a") ? "--accent: " : "--size: ").append(one.group(2));
            }
            return Matcher.quoteReplacement(m.group(1) + " style=\"" + style + "\">");
        });
        s = SWATCH.matcher(s).replaceAll(m -> Matcher.quoteReplacement(
                "<span class=\"swatch\" style=\"background: " + m.group(1) + "\" aria-hidden=\"true\"></span>"));
        return s.replace(String.valueOf(MARK), "");
    }
}
