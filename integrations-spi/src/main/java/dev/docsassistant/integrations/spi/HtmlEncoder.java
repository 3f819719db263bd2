package dev.docsassistant.integrations.spi;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns typed elements into HTML, encoding each value for its context: HTML attribute values,
 * percent-encoded URL parts (done by {@link Url}), and JS string literals with {@code <}, {@code >},
 * {@code &}, quotes, U+2028 and U+2029 escaped so no value can close a {@code <script>} element.
 *
 * <p>Consent-gated elements are written inert ({@code type="text/plain"}, no noscript fallback,
 * no preconnect) and activated in order by {@link #consentLoader(String, String)} once the visitor
 * consented.
 */
@Experimental("used by the platform to write elements into pages; plugins return typed elements instead of calling it")
public final class HtmlEncoder {
    /** Marks an inert script that the consent loader activates. */
    public static final String CONSENT_ATTRIBUTE = "data-consent";
    /** The DOM event a consent tool dispatches on {@code document} after storing consent, to load gated scripts at once. */
    public static final String CONSENT_EVENT = "docs-assistant-consent";

    private HtmlEncoder() {
    }

    /** The elements as HTML, one per line. */
    public static String html(List<Element> elements) {
        return html(elements, false);
    }

    /** The elements as HTML; gated ones are written inert for the consent loader. */
    public static String html(List<Element> elements, boolean gated) {
        StringBuilder sb = new StringBuilder();
        for (Element e : elements) {
            String line = gated ? gated(e) : element(e);
            if (!line.isEmpty()) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    static String element(Element element) {
        return switch (element) {
            case Element.Script s -> "<script src=\"" + attr(s.src().toString()) + "\"" + (s.async() ? " async" : "")
                    + (s.defer() ? " defer" : "") + attributes(s.attributes()) + "></script>";
            case Element.InlineScript i -> "<script>" + js(i.code()) + "</script>";
            case Element.NoScriptFrame f -> "<noscript><iframe src=\"" + attr(f.src().toString())
                    + "\" height=\"0\" width=\"0\" style=\"display:none;visibility:hidden\"></iframe></noscript>";
            case Element.Preconnect p -> "<link rel=\"preconnect\" href=\"" + attr(p.origin().origin()) + "\" crossorigin>";
        };
    }

    static String gated(Element element) {
        return switch (element) {
            case Element.Script s -> "<script type=\"text/plain\" " + CONSENT_ATTRIBUTE + " src=\""
                    + attr(s.src().toString()) + "\"" + (s.async() ? " async" : "") + (s.defer() ? " defer" : "")
                    + attributes(s.attributes()) + "></script>";
            case Element.InlineScript i -> "<script type=\"text/plain\" " + CONSENT_ATTRIBUTE + ">" + js(i.code())
                    + "</script>";
            // Both would reach the vendor before consent: left out.
            case Element.NoScriptFrame f -> "";
            case Element.Preconnect p -> "";
        };
    }

    /**
     * The inline script that, when {@code localStorage[key] === value} (now, or when the consent tool
     * later dispatches {@link #CONSENT_EVENT}), replaces every inert gated script by a live copy, in
     * document order, waiting for each blocking external script before running the next.
     */
    public static String consentLoader(String key, String value) {
        Js code = Js.code("(function(k,v){var done=false;function ok(){try{return window.localStorage.getItem(k)===v}"
                        + "catch(e){return false}}function run(){if(done||!ok())return;done=true;"
                        + "var q=[].slice.call(document.querySelectorAll('script[type=\"text/plain\"][" + CONSENT_ATTRIBUTE
                        + "]'));(function next(){var s=q.shift();if(!s)return;var n=document.createElement('script');"
                        + "for(var i=0;i<s.attributes.length;i++){var a=s.attributes[i];"
                        + "if(a.name!=='type'&&a.name!=='" + CONSENT_ATTRIBUTE + "')n.setAttribute(a.name,a.value)}"
                        + "var wait=n.hasAttribute('src')&&!n.hasAttribute('async');if(n.hasAttribute('src'))n.async=n.hasAttribute('async');"
                        + "else n.text=s.text;if(wait){n.onload=n.onerror=next}s.parentNode.replaceChild(n,s);if(!wait)next()})()}"
                        + "if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',run);else run();"
                        + "document.addEventListener('" + CONSENT_EVENT + "',run)})(")
                .string(key).then(",").string(value).then(");");
        return "<script>" + js(code) + "</script>\n";
    }

    /** Inline script text: plugin code as written, values as escaped literals. */
    public static String js(Js code) {
        StringBuilder sb = new StringBuilder();
        for (Js.Part part : code.parts()) {
            switch (part) {
                case Js.Code c -> {
                    String lower = c.text().toLowerCase(java.util.Locale.ROOT);
                    if (lower.contains("</script") || lower.contains("<!--") || lower.contains("<script")) {
                        throw new IllegalArgumentException("inline code may not contain <script, </script or <!--");
                    }
                    sb.append(c.text());
                }
                case Js.Str s -> sb.append(jsString(s.value()));
                case Js.Bool b -> sb.append(b.value());
                case Js.Num n -> sb.append(n.value());
            }
        }
        return sb.toString();
    }

    /** A double-quoted JS string literal safe inside a {@code <script>} element and an HTML attribute. */
    public static String jsString(String value) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '<', '>', '&', '\'', '\u2028', '\u2029' -> sb.append(unicode(c));
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(unicode(c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /**
     * An HTML attribute value (to be placed inside double quotes) or text content: {@code & < > " '}
     * become entities, U+2028/9 numeric references. A null value is written as nothing.
     */
    public static String attr(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                case '\u2028' -> sb.append("&#8232;"); // harmless here, but kept out of pages altogether
                case '\u2029' -> sb.append("&#8233;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String attributes(Map<String, String> attributes) {
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(attributes).forEach((k, v) -> sb.append(' ').append(k).append("=\"").append(attr(v)).append('"'));
        return sb.toString();
    }

    private static String unicode(char c) {
        return String.format("\\u%04x", (int) c);
    }
}
