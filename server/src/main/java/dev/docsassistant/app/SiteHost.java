package dev.docsassistant.app;

import dev.docsassistant.config.SettingDoc;
import io.helidon.common.config.Config;

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

    /** @param section the {@code docs-assistant} node */
    public static SiteHost of(Config section) {
        return new SiteHost("." + section.get("site-host").asString().orElse(DEFAULT).toLowerCase(Locale.ROOT));
    }

    /** The host name itself, {@code localhost} by default. */
    public String name() {
        return suffix.substring(1);
    }

    /** The domain a host name (lower case, no port) names, if any: one label before the site host. */
    public Optional<String> domainOfHost(String host) {
        if (!host.endsWith(suffix) || host.length() == suffix.length() || host.lastIndexOf('.', host.length() - suffix.length() - 1) >= 0) {
            return Optional.empty();
        }
        return Optional.of(host.substring(0, host.length() - suffix.length()));
    }
}
