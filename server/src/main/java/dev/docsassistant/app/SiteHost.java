package dev.docsassistant.app;

import dev.docsassistant.config.SettingDoc;
import io.helidon.common.config.Config;
import io.helidon.webserver.http.ServerRequest;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The host names sites answer on: {@code {domain}.{site-host}} ({@code docs-assistant.site-host},
 * default {@code localhost}), and the site-host itself for the {@code root-site} if one is set
 * ({@code dev} serves its one site at {@code http://localhost:3000/} so).
 *
 * @param suffix   {@code .} and the site-host name
 * @param rootSite the domain served at the site-host name itself (and at loopback addresses), if any
 */
public record SiteHost(String suffix, Optional<String> rootSite) {
    static final String DEFAULT = "localhost";
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "[::1]");

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Site host names", "SiteHost", List.of(
            new SettingDoc("docs-assistant.site-host", "host name", DEFAULT,
                    "sites answer on {domain}.{site-host} besides /sites/{domain}/"),
            new SettingDoc("docs-assistant.root-site", "domain", "(none)",
                    "the site also served at the root of {site-host} itself and of loopback addresses (dev sets it)")));

    public SiteHost(String suffix) {
        this(suffix, Optional.empty());
    }

    /** @param section the {@code docs-assistant} node */
    public static SiteHost from(Config section) {
        return new SiteHost("." + section.get("site-host").asString().orElse(DEFAULT).toLowerCase(Locale.ROOT),
                section.get("root-site").asString().asOptional().filter(s -> !s.isBlank()));
    }

    /** The host name itself, {@code localhost} by default. */
    public String name() {
        return suffix.substring(1);
    }

    /** The domain a request's host ({@code Host: {domain}.{site-host}[:port]}, or HTTP/2's :authority) names, if any. */
    public Optional<String> domainOf(ServerRequest req) {
        return domainOfHost(req.authority());
    }

    /** The domain a {@code Host} value ({@code name[:port]}) names, if any. */
    Optional<String> domainOfHost(String authority) {
        String host = authority == null ? "" : authority.toLowerCase(Locale.ROOT);
        int colon = host.lastIndexOf(':');
        if (colon > 0 && !host.endsWith("]")) {
            host = host.substring(0, colon);
        }
        if (rootSite.isPresent() && (host.equals(name()) || LOOPBACK.contains(host))) {
            return rootSite;
        }
        if (!host.endsWith(suffix) || host.length() == suffix.length()) {
            return Optional.empty();
        }
        return Optional.of(host.substring(0, host.length() - suffix.length()));
    }
}
