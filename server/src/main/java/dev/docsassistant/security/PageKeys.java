package dev.docsassistant.security;

import dev.docsassistant.config.SiteConfig;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The key each site's rendered pages embed for their search box and assistant panel: the site's
 * configured key ({@code sites[].assistant-key}), else a page key made when the server starts, else
 * none (pages then say the assistant is off). A page key is a real key of the site's organisation,
 * stored by hash as {@code page:<domain>}; its secret lives only in this object.
 *
 * <p>Two ways to make one. With {@code site-pages.page-key-secret} (a fleet: the same secret on every
 * server), the key is derived from the secret and the site ({@link KeyHasher#derive}), so every server
 * embeds the same key and registering it is idempotent; a new secret retires the old keys. Without it,
 * the server makes a random key once and keeps its secret in the data directory ({@link KeptPageKeys}),
 * so later starts embed the same key; a kept key that was revoked (on the dashboard) is replaced by a
 * new one on the next start. Configuring a key or turning page keys off revokes the site's page keys either way.
 *
 * <p>A site created at run time (admin API) gets its page key the first time its pages are served,
 * made the same two ways when {@code site-pages.page-keys} is on; deleting the site revokes it.
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
    /** Sites created at run time, keyed once their pages are first served. */
    private final Map<String, SiteChoice> runTime = new ConcurrentHashMap<>();
    private final SecuritySettings security;
    private final ApiKeys keys;
    private final Function<String, Optional<String>> organizationOf;
    private final KeptPageKeys kept;

    private PageKeys(Map<String, SiteChoice> bySite, SecuritySettings security, ApiKeys keys,
                     Function<String, Optional<String>> organizationOf, KeptPageKeys kept) {
        this.bySite = bySite;
        this.security = security;
        this.keys = keys;
        this.organizationOf = organizationOf;
        this.kept = kept;
    }

    /**
     * Decides every configured site's key, making (or reusing) page keys in the store as it goes.
     *
     * @param keptIn         where page key secrets are kept between starts ({@code DATA_DIR/page-keys})
     * @param organizationOf the organisation of a site created at run time, empty for a domain no site has
     */
    public static PageKeys start(List<SiteConfig> sites, SecuritySettings security, ApiKeys keys, Path keptIn,
                                 Function<String, Optional<String>> organizationOf) {
        KeptPageKeys kept = new KeptPageKeys(keptIn);
        Map<String, SiteChoice> bySite = new LinkedHashMap<>();
        for (SiteConfig site : sites) {
            String domain = site.domain();
            Optional<SecuritySettings.SiteKey> configured = security.siteKey(domain);
            SiteChoice choice;
            if (configured.isPresent()) {
                keys.revokePageKeys(domain);
                choice = new SiteChoice(domain, configured.get().secret(),
                        "its configured key " + KeyHasher.displayPrefix(configured.get().secret()) + "…");
            } else if (security.makesPageKey(domain)) {
                choice = make(domain, site.organization(), security, keys, kept, "set sites[].assistant-key to use your own");
            } else {
                keys.revokePageKeys(domain);
                choice = new SiteChoice(domain, null, "no key: search-as-you-type and the assistant are off "
                        + "(set sites[].assistant-key or turn page keys on)");
            }
            bySite.put(domain, choice);
        }
        return new PageKeys(Collections.unmodifiableMap(bySite), security, keys, organizationOf, kept);
    }

    /**
     * A page key for {@code domain}: derived from the page key secret when there is one, else the one
     * kept from an earlier start while it is active, else a new one (replacing older ones, and kept).
     */
    private static SiteChoice make(String domain, String organization, SecuritySettings security, ApiKeys keys,
                                   KeptPageKeys kept, String made) {
        if (security.pageKeySecret().isPresent()) {
            String secret = KeyHasher.derive(security.pageKeySecret().get(),
                    "docs-assistant page key\u0000" + domain + "\u0000" + organization);
            ApiKey key = keys.registerPageKey(domain, organization, secret);
            return new SiteChoice(domain, secret, "page key " + key.prefix() + "… (" + key.id()
                    + ", derived from site-pages.page-key-secret: the same on every server)");
        }
        Optional<String> earlier = kept.read(domain);
        if (earlier.isPresent()) {
            ApiKey key = keys.registerPageKey(domain, organization, earlier.get());
            if (key.revokedAt().isEmpty()) {
                return new SiteChoice(domain, earlier.get(), "page key " + key.prefix() + "… (" + key.id()
                        + ", kept from an earlier start; " + made + ")");
            }
        }
        ApiKeys.Created created = keys.replacePageKey(domain, organization);
        kept.write(domain, created.secret());
        return new SiteChoice(domain, created.secret(), "page key " + created.key().prefix() + "… ("
                + created.key().id() + ", made now and kept for later starts; " + made + ")");
    }

    /** The key {@code domain}'s pages embed, if any; a site created at run time gets its page key here. */
    public Optional<String> secret(String domain) {
        SiteChoice configured = bySite.get(domain);
        if (configured != null) {
            return Optional.ofNullable(configured.secret());
        }
        if (!security.makesRunTimePageKeys()) {
            return Optional.empty();
        }
        return organizationOf.apply(domain)
                .map(org -> runTime.computeIfAbsent(domain, d -> make(d, org, security, keys, kept, "a site created at run time")))
                .map(SiteChoice::secret);
    }

    /** A site deleted at run time: its page keys stop working. */
    public void forget(String domain) {
        if (!bySite.containsKey(domain) && runTime.remove(domain) != null) {
            keys.revokePageKeys(domain);
            kept.delete(domain);
        }
    }

    /** Every site's choice, in configuration order, for the start-up log. */
    public List<SiteChoice> all() {
        return List.copyOf(bySite.values());
    }
}
