package dev.docsassistant.app;

import dev.docsassistant.config.SettingDoc;
import io.helidon.common.config.Config;
import io.helidon.webserver.http.ServerRequest;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The host names sites answer on: {@code {domain}.{site-host}} ({@code docs-assistant.site-host},
 * default {@code localhost}).
 */
public record SiteHost(String suffix) {
    static final String DEFAULT = "localhost";

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Site host names", "SiteHost", List.of(
            new SettingDoc("docs-assistant.site-host", "host name", DEFAULT,
                    "sites answer on {domain}.{site-host} besides /sites/{domain}/")));

    /** @param siteHost the {@code docs-assistant.site-host} node */
    public static SiteHost from(Config siteHost) {
        return new SiteHost("." + siteHost.asString().orElse(DEFAULT).toLowerCase(Locale.ROOT));
    }

    /** The host name itself, {@code localhost} by default. */
    public String name() {
        return suffix.substring(1);
    }

    /** The domain a request's host ({@code Host: {domain}.{site-host}[:port]}, or HTTP/2's :authority) names, if any. */
    public Optional<String> domainOf(ServerRequest req) {
        String host = req.authority() == null ? "" : req.authority().toLowerCase(Locale.ROOT);
        int colon = host.lastIndexOf(':');
        if (colon > 0 && !host.endsWith("]")) {
            host = host.substring(0, colon);
        }
        if (!host.endsWith(suffix) || host.length() == suffix.length()) {
            return Optional.empty();
        }
        return Optional.of(host.substring(0, host.length() - suffix.length()));
    }
}
