package dev.docsassistant.app;

import dev.docsassistant.config.PreviewDomains;
import dev.docsassistant.config.SettingDoc;
import io.helidon.common.config.Config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The host names sites answer on: {@code {domain}.{site-host}} ({@code docs-assistant.site-host},
 * default {@code localhost}), and the site-host itself for the {@code root-site} if one is set
 * ({@code dev} serves its one site at {@code http://localhost:3000/} so). A site's preview answers on
 * {@code {domain}--{name}.{site-host}} ({@link PreviewDomains}); a label holding {@code --} that is not
 * a well-formed preview domain names nothing.
 *
 * @param suffix   {@code .} and the site-host name
 * @param rootSite the domain served at the site-host name itself (and at loopback names), if any
 */
public record SiteHost(String suffix, Optional<String> rootSite) {
    static final String DEFAULT = "localhost";

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Site host names", "SiteHost", List.of(
            new SettingDoc("docs-assistant.site-host", "host name", DEFAULT,
                    "sites answer on {domain}.{site-host} besides /sites/{domain}/"),
            new SettingDoc("docs-assistant.root-site", "domain", "(none)",
                    "the site also served at the root of {site-host} itself and of loopback names (dev sets it)")));

    public SiteHost(String suffix) {
        this(suffix, Optional.empty());
    }

    /** @param section the {@code docs-assistant} node (two of its keys: site-host and root-site) */
    public static SiteHost from(Config section) {
        return new SiteHost("." + section.get("site-host").asString().orElse(DEFAULT).toLowerCase(Locale.ROOT),
                section.get("root-site").asString().asOptional().filter(s -> !s.isBlank()));
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
        String label = host.substring(0, host.length() - suffix.length());
        if (PreviewDomains.isPreview(label) && !PreviewDomains.wellFormed(label)) {
            return Optional.empty();
        }
        return Optional.of(label);
    }

    /** The host name preview {@code name} of site {@code domain} answers on. */
    public String previewHost(String domain, String name) {
        return PreviewDomains.of(domain, name) + suffix;
    }
}
