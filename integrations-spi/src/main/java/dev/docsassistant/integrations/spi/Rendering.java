package dev.docsassistant.integrations.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one integration adds to every page.
 *
 * @param head         elements for {@code <head>}, in order
 * @param bodyStart    elements right after {@code <body>} opens
 * @param bodyEnd      elements right before {@code </body>}
 * @param csp          hosts to allow, per Content-Security-Policy directive
 * @param needsConsent whether the snippet may only load once the visitor consented (it sets cookies or tracks visitors across visits)
 * @param providesConsent whether the snippet is a consent manager that gives the {@link Consent} signal
 */
public record Rendering(List<Element> head, List<Element> bodyStart, List<Element> bodyEnd,
                        Map<CspDirective, Set<String>> csp, boolean needsConsent, boolean providesConsent) {
    public Rendering {
        head = List.copyOf(head);
        bodyStart = List.copyOf(bodyStart);
        bodyEnd = List.copyOf(bodyEnd);
        Map<CspDirective, Set<String>> copy = new EnumMap<>(CspDirective.class);
        csp.forEach((k, v) -> copy.put(k, Collections.unmodifiableSet(new LinkedHashSet<>(v))));
        csp = Collections.unmodifiableMap(copy);
    }

    public Rendering(List<Element> head, List<Element> bodyStart, List<Element> bodyEnd,
                     Map<CspDirective, Set<String>> csp, boolean needsConsent) {
        this(head, bodyStart, bodyEnd, csp, needsConsent, false);
    }

    /** Nothing on the page (platform settings). */
    public static Rendering none() {
        return new Rendering(List.of(), List.of(), List.of(), Map.of(), false, false);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects elements and hosts; script and frame hosts are added to the CSP automatically. */
    public static final class Builder {
        private final List<Element> head = new ArrayList<>();
        private final List<Element> bodyStart = new ArrayList<>();
        private final List<Element> bodyEnd = new ArrayList<>();
        private final Map<CspDirective, Set<String>> csp = new EnumMap<>(CspDirective.class);
        private boolean needsConsent;
        private boolean providesConsent;

        public Builder head(Element element) {
            head.add(track(element));
            return this;
        }

        public Builder bodyStart(Element element) {
            bodyStart.add(track(element));
            return this;
        }

        public Builder bodyEnd(Element element) {
            bodyEnd.add(track(element));
            return this;
        }

        /** Allows a host for a directive (the host of a URL the loaded script calls, an image beacon, ...). */
        public Builder allow(CspDirective directive, String host) {
            csp.computeIfAbsent(directive, d -> new LinkedHashSet<>()).add(host);
            return this;
        }

        public Builder needsConsent(boolean needsConsent) {
            this.needsConsent = needsConsent;
            return this;
        }

        /** Marks a consent manager: its snippet runs {@link Consent#GRANT} once the visitor consents. */
        @Experimental("with Consent")
        public Builder providesConsent() {
            this.providesConsent = true;
            return this;
        }

        public Rendering build() {
            return new Rendering(head, bodyStart, bodyEnd, csp, needsConsent, providesConsent);
        }

        private Element track(Element element) {
            switch (element) {
                case Element.Script s -> allow(CspDirective.SCRIPT_SRC, s.src().host());
                case Element.NoScriptFrame f -> allow(CspDirective.FRAME_SRC, f.src().host());
                case Element.Preconnect p -> allow(CspDirective.CONNECT_SRC, p.origin().host());
                case Element.InlineScript i -> { }
            }
            return element;
        }
    }
}
