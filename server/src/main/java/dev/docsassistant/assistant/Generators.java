package dev.docsassistant.assistant;

import java.util.Map;

/** The answer generator of each site; sites not listed use the default. */
public final class Generators {
    private final Map<String, AnswerGenerator> byDomain;
    private final AnswerGenerator fallback;

    public Generators(Map<String, AnswerGenerator> byDomain, AnswerGenerator fallback) {
        this.byDomain = Map.copyOf(byDomain);
        this.fallback = fallback;
    }

    /** The same generator for every site. */
    public static Generators of(AnswerGenerator generator) {
        return new Generators(Map.of(), generator);
    }

    public AnswerGenerator forSite(String domain) {
        return byDomain.getOrDefault(domain, fallback);
    }
}
