package dev.docsassistant.integrations.spi;

import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A typed piece of page markup an integration contributes. The platform turns elements into HTML,
 * encoding every value for where it lands; a plugin cannot emit raw markup.
 */
public sealed interface Element permits Element.Script, Element.InlineScript, Element.NoScriptFrame,
        Element.Preconnect {

    /** Data attribute names a script may carry ({@code data-domain}, {@code id}, {@code crossorigin}, ...). */
    Pattern ATTRIBUTE = Pattern.compile("(?:data-[a-z0-9-]+|id|crossorigin|referrerpolicy|charset)");

    /**
     * {@code <script src=... async defer ...attributes></script>}.
     *
     * @param attributes extra attributes, names matching {@link #ATTRIBUTE}, values encoded by the platform
     */
    record Script(Url src, boolean async, boolean defer, Map<String, String> attributes) implements Element {
        public Script {
            Objects.requireNonNull(src, "src");
            attributes = Map.copyOf(attributes);
            attributes.keySet().forEach(n -> {
                if (!ATTRIBUTE.matcher(n).matches()) {
                    throw new IllegalArgumentException("attribute not allowed on a script: " + n);
                }
            });
        }

        public static Script async(Url src) {
            return new Script(src, true, false, Map.of());
        }

        public static Script defer(Url src) {
            return new Script(src, false, true, Map.of());
        }

        public static Script blocking(Url src) {
            return new Script(src, false, false, Map.of());
        }

        public Script with(String attribute, String value) {
            var all = new java.util.LinkedHashMap<>(attributes);
            all.put(attribute, value);
            return new Script(src, async, defer, all);
        }
    }

    /** {@code <script>code</script>} built from plugin code and encoded literals. */
    record InlineScript(Js code) implements Element {
        public InlineScript {
            Objects.requireNonNull(code, "code");
        }
    }

    /** {@code <noscript><iframe src=... height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>}. */
    record NoScriptFrame(Url src) implements Element {
        public NoScriptFrame {
            Objects.requireNonNull(src, "src");
        }
    }

    /** {@code <link rel="preconnect" href=... crossorigin>}. */
    record Preconnect(Url origin) implements Element {
        public Preconnect {
            Objects.requireNonNull(origin, "origin");
        }
    }
}
