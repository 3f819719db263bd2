package dev.docsassistant.egress;

import java.util.Set;

/** What an outbound connection is for, and the URL schemes that use may reach. */
public enum Use {
    /** A site's Git source: https or http; {@code file} only for folders named in configuration. */
    GIT("Git sources", Set.of("https", "http", "file")),
    /** An OpenAPI document named by URL in a site's content. */
    SPEC("OpenAPI spec URLs", Set.of("https", "http")),
    /** A webhook the server calls. */
    WEBHOOK("webhooks", Set.of("https", "http")),
    /** Requests an API playground sends on a reader's behalf. */
    PLAYGROUND("the API playground", Set.of("https", "http")),
    /** A site's sign-in provider for readers: OpenID Connect discovery, tokens, keys and an Info API. */
    SIGN_IN("sign-in providers", Set.of("https", "http"));

    private final String label;
    private final Set<String> schemes;

    Use(String label, Set<String> schemes) {
        this.label = label;
        this.schemes = schemes;
    }

    /** How refusals name the use ("not allowed for Git sources"). */
    public String label() {
        return label;
    }

    public boolean allows(String scheme) {
        return schemes.contains(scheme);
    }
}
