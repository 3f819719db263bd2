package dev.docsassistant.security;

import dev.docsassistant.config.SiteConfig;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The key each site's rendered pages embed for their search box and assistant panel: the site's
 * configured key ({@code sites[].assistant-key}), else a page key made when the server starts, else
 * none (pages then say the assistant is off). A page key is a real key of the site's organisation,
 * stored by hash as {@code page:<domain>}; its secret lives only in this object.
 *
 * <p>Two ways to make one. With {@code site-pages.page-key-secret} (a fleet: the same secret on every
 * server), the key is derived from the secret and the site ({@link KeyHasher#derive}), so every server
 * embeds the same key and registering it is idempotent; a new secret retires the old keys. Without it,
 * each start makes a random key and revokes the site's page keys of earlier starts, which suits one
 * server. Configuring a key or turning page keys off revokes the site's page keys either way.
 *
 * <p>Page keys are not restricted to origins: a server bound to every interface is reached under
 * names it cannot know (a LAN address, a proxy's host), and an origin list missing one would break the
 * site's own pages there. Rate limits apply to them as to any key.
 */
public final class PageKeys {
    /** What one site's pages use. {@code secret} is null when they have no key. */
    public record SiteChoice(String domain, String secret, String description) {
        @Override
        public String toString() {
            return "SiteChoice[" + domain + ", " + description + "]";
        }
    }

    private final Map<String, SiteChoice> bySite;

    private PageKeys(Map<String, SiteChoice> bySite) {
        this.bySite = bySite;
    }

    /** Decides every site's key, making (and replacing) page keys in the store as it goes. */
    public static PageKeys start(List<SiteConfig> sites, SecuritySettings security, ApiKeys keys) {
        Map<String, SiteChoice> bySite = new LinkedHashMap<>();
        for (SiteConfig site : sites) {
            String domain = site.domain();
            Optional<SecuritySettings.SiteKey> configured = security.siteKey(domain);
            SiteChoice choice;
            if (configured.isPresent()) {
                keys.revokePageKeys(domain);
                choice = new SiteChoice(domain, configured.get().secret(),
                        "its configured key " + KeyHasher.displayPrefix(configured.get().secret()) + "…");
            } else if (security.makesPageKey(domain) && security.pageKeySecret().isPresent()) {
                String secret = KeyHasher.derive(security.pageKeySecret().get(),
                        "docs-assistant page key\u0000" + domain + "\u0000" + site.organization());
                ApiKey key = keys.registerPageKey(domain, site.organization(), secret);
                choice = new SiteChoice(domain, secret, "page key " + key.prefix() + "… (" + key.id()
                        + ", derived from site-pages.page-key-secret: the same on every server)");
            } else if (security.makesPageKey(domain)) {
                ApiKeys.Created made = keys.replacePageKey(domain, site.organization());
                choice = new SiteChoice(domain, made.secret(), "page key " + made.key().prefix() + "… ("
                        + made.key().id() + ", made at start-up; set sites[].assistant-key to use your own)");
            } else {
                keys.revokePageKeys(domain);
                choice = new SiteChoice(domain, null, "no key: search-as-you-type and the assistant are off "
                        + "(set sites[].assistant-key or turn page keys on)");
            }
            bySite.put(domain, choice);
        }
        return new PageKeys(Collections.unmodifiableMap(bySite));
    }

    /** The key {@code domain}'s pages embed, if any. */
    public Optional<String> secret(String domain) {
        return Optional.ofNullable(bySite.get(domain)).map(SiteChoice::secret);
    }

    /** Every site's choice, in configuration order, for the start-up log. */
    public List<SiteChoice> all() {
        return List.copyOf(bySite.values());
    }
}
