package dev.docsassistant.security;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The security settings of {@code docs-assistant}: {@code security.admin-token}, else the
 * {@code DOCS_ASSISTANT_ADMIN_TOKEN} environment variable (admin API off without either), {@code security.trusted-proxies}, {@code limits.organization-per-hour} and
 * {@code limits.ip-per-day} (10,000 each by default), {@code limits.site-pages-per-hour} (each site's
 * public traffic: its page key, keyless MCP, its search page; 10,000 by default), and the keys configured per site
 * ({@code sites[].assistant-key}, optional {@code sites[].assistant-key-origins}), and which sites
 * without one get a page key made at start-up ({@code site-pages.page-keys}, default on with the
 * embedded store and off with a shared one ({@code store.url}) unless {@code site-pages.page-key-secret}
 * is set, overridden per site by {@code sites[].page-key}). With that secret every server derives the
 * same page key per site, so a fleet's pages work on any server ({@link PageKeys}).
 *
 * @param limitsStore where rate limits are counted: {@code memory} (each server) or {@code redis} (the fleet)
 */
public record SecuritySettings(Optional<String> adminToken, TrustedProxies proxies, RateLimits.Limit perOrganization,
                               RateLimits.Limit perAddress, RateLimits.Limit perSitePages, List<SiteKey> siteKeys, Set<String> pageKeySites,
                               Optional<String> pageKeySecret, String limitsStore, boolean runTimePageKeys) {
    /** Page key secrets shorter than this are refused: anyone who guesses it can derive every page key. */
    public static final int MIN_PAGE_KEY_SECRET_CHARS = 32;
    /** Admin tokens shorter than this are refused: the admin API can mint keys for any organisation. */
    public static final int MIN_ADMIN_TOKEN_CHARS = 32;
    /**
     * The environment variable holding the admin token when {@code security.admin-token} is not set: the
     * one name the server, {@code deploy} and the guides use.
     */
    public static final String ADMIN_TOKEN_ENV = "DOCS_ASSISTANT_ADMIN_TOKEN";
    /** Requests per window when {@code limits.organization-per-hour} or {@code limits.ip-per-day} is not set. */
    static final int DEFAULT_LIMIT = 10_000;
    static final String DEFAULT_LIMITS_STORE = "memory";

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Security, keys and rate limits", "SecuritySettings", List.of(
            new SettingDoc("docs-assistant.security.admin-token", "secret", "",
                    "enables the admin API under /admin/v1 (at least " + MIN_ADMIN_TOKEN_CHARS + " characters); when not set, the "
                            + ADMIN_TOKEN_ENV + " environment variable does (the admin API is off without either)"),
            new SettingDoc("docs-assistant.security.trusted-proxies", "list of CIDRs", "",
                    "proxies whose X-Forwarded-For is believed for the client address"),
            new SettingDoc("docs-assistant.limits.organization-per-hour", "number", String.valueOf(DEFAULT_LIMIT),
                    "API requests per organisation per hour, with its own keys (the keys its sites' pages embed count on site-pages-per-hour)"),
            new SettingDoc("docs-assistant.limits.site-pages-per-hour", "number", String.valueOf(DEFAULT_LIMIT),
                    "public requests per site per hour: with the key its pages embed (page key or assistant-key), keyless MCP, "
                            + "and its /_search page; a budget of their own, apart from the organisation's"),
            new SettingDoc("docs-assistant.limits.ip-per-day", "number", String.valueOf(DEFAULT_LIMIT),
                    "API requests per client address per day"),
            new SettingDoc("docs-assistant.limits.store", "memory or redis", DEFAULT_LIMITS_STORE,
                    "where rate limits are counted: each server, or once for a fleet (needs redis.url)"),
            new SettingDoc("docs-assistant.site-pages.page-keys", "true/false", "true with the embedded store, else only with page-key-secret",
                    "sites without an assistant-key get a page key for their rendered pages"),
            new SettingDoc("docs-assistant.site-pages.page-key-secret", "secret", "",
                    "derives the same page key per site on every server of a fleet (at least " + MIN_PAGE_KEY_SECRET_CHARS + " characters)"),
            new SettingDoc("docs-assistant.sites[].assistant-key", "secret", "",
                    "the key the site's pages embed (svc_dsc_…, from the environment); else a page key"),
            new SettingDoc("docs-assistant.sites[].assistant-key-origins", "list of origins", "",
                    "browser origins allowed to use the site's assistant-key"),
            new SettingDoc("docs-assistant.sites[].page-key", "true/false", "site-pages.page-keys",
                    "whether this site's pages get a page key")));

    /** A key configured for one site, registered in the store by hash at start-up. */
    public record SiteKey(String domain, String organization, String secret, List<String> origins) {
        @Override
        public String toString() {
            return "SiteKey[" + domain + ", " + organization + ", " + KeyHasher.displayPrefix(secret) + "…]";
        }
    }

    @Override
    public String toString() {
        return "SecuritySettings[admin API " + (adminToken.isPresent() ? "on" : "off") + ", " + perOrganization
                + ", " + perAddress + ", site pages " + perSitePages + " in " + limitsStore + ", " + siteKeys + ", page keys for " + pageKeySites
                + (pageKeySecret.isPresent() ? " (derived from the page key secret)" : "") + "]";
    }

    /** The key configured for a site's own assistant widget ({@code sites[].assistant-key}), if any. */
    public Optional<SiteKey> siteKey(String domain) {
        return siteKeys.stream().filter(k -> k.domain().equals(domain)).findFirst();
    }

    /** Whether {@code domain}'s pages get a page key: it has no configured key and page keys are on for it. */
    public boolean makesPageKey(String domain) {
        return pageKeySites.contains(domain);
    }

    /**
     * Whether sites created at run time (admin API) get page keys: {@code site-pages.page-keys}, whose
     * default is on for one server and, in a fleet, only with a page key secret.
     */
    public boolean makesRunTimePageKeys() {
        return runTimePageKeys;
    }

    public static SecuritySettings from(AppConfig app) {
        return from(app, System::getenv);
    }

    /** @param env the environment ({@code System::getenv}), for {@link #ADMIN_TOKEN_ENV} */
    public static SecuritySettings from(AppConfig app, Function<String, String> env) {
        Config root = app.section();
        Optional<String> configured = root.get("security.admin-token").asString().asOptional().filter(s -> !s.isBlank());
        Optional<String> admin = configured.or(() -> Optional.ofNullable(env.apply(ADMIN_TOKEN_ENV)).map(String::strip)
                .filter(s -> !s.isEmpty()));
        if (admin.isPresent() && admin.get().length() < MIN_ADMIN_TOKEN_CHARS) {
            throw new ConfigException((configured.isPresent() ? "docs-assistant.security.admin-token" : ADMIN_TOKEN_ENV)
                    + " must be at least " + MIN_ADMIN_TOKEN_CHARS + " characters (e.g. `openssl rand -base64 32`)");
        }
        TrustedProxies proxies;
        try {
            proxies = TrustedProxies.parse(root.get("security.trusted-proxies").asList(String.class).orElse(List.of()));
        } catch (IllegalArgumentException e) {
            throw new ConfigException("docs-assistant.security.trusted-proxies: " + e.getMessage());
        }
        RateLimits.Limit perOrganization = limit(root, "limits.organization-per-hour", Duration.ofHours(1));
        RateLimits.Limit perAddress = limit(root, "limits.ip-per-day", Duration.ofDays(1));
        RateLimits.Limit perSitePages = limit(root, "limits.site-pages-per-hour", Duration.ofHours(1));
        String limitsStore = root.get("limits.store").asString().orElse(DEFAULT_LIMITS_STORE).trim();
        if (!limitsStore.equals("memory") && !limitsStore.equals("redis")) {
            throw new ConfigException("docs-assistant.limits.store must be memory or redis, not '" + limitsStore + "'");
        }
        if (limitsStore.equals("redis") && root.get("redis.url").asString().filter(u -> !u.isBlank()).isEmpty()) {
            throw new ConfigException("docs-assistant.limits.store is redis but docs-assistant.redis.url is not set");
        }
        Optional<String> pageKeySecret = root.get("site-pages.page-key-secret").asString().asOptional()
                .map(String::trim).filter(s -> !s.isEmpty());
        if (pageKeySecret.isPresent() && (pageKeySecret.get().matches("\\$\\{[^}]*}")
                || pageKeySecret.get().length() < MIN_PAGE_KEY_SECRET_CHARS)) {
            throw new ConfigException("docs-assistant.site-pages.page-key-secret must be at least " + MIN_PAGE_KEY_SECRET_CHARS
                    + " characters (e.g. `openssl rand -base64 32`, set from the environment)");
        }
        Map<String, String> organizations = new LinkedHashMap<>();
        app.sites().forEach(s -> organizations.put(s.domain(), s.organization()));
        List<SiteKey> siteKeys = new ArrayList<>();
        Set<String> pageKeySites = new LinkedHashSet<>();
        // Without a page key secret each start makes a new page key, so servers sharing a store
        // (store.url) would revoke each other's: there page keys need the secret unless asked for explicitly.
        boolean pageKeys = AppConfig.flag(root.get("site-pages.page-keys"), "docs-assistant.site-pages.page-keys",
                !root.get("store.url").exists() || pageKeySecret.isPresent());
        for (Config site : root.get("sites").asNodeList().orElse(List.of())) {
            Optional<String> secret = site.get("assistant-key").asString().asOptional().filter(s -> !s.isBlank());
            if (secret.isEmpty()) {
                if (AppConfig.flag(site.get("page-key"), site.key() + ".page-key", pageKeys)) {
                    pageKeySites.add(site.get("domain").asString().get());
                }
                continue;
            }
            String domain = site.get("domain").asString().get();
            if (secret.get().trim().matches("\\$\\{[^}]*}")) {
                throw new ConfigException(site.key() + ".assistant-key refers to " + secret.get().trim()
                        + ", which is not set in the environment");
            }
            if (!KeyHasher.wellFormed(secret.get().trim())) {
                throw new ConfigException(site.key() + ".assistant-key must be " + KeyHasher.PREFIX
                        + " followed by at least 43 URL-safe characters (make one with `bin/docs-assistant keys generate`)");
            }
            List<String> origins;
            try {
                origins = Origins.parseList(String.join(",",
                        site.get("assistant-key-origins").asList(String.class).orElse(List.of())));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(site.key() + ".assistant-key-origins: " + e.getMessage());
            }
            siteKeys.add(new SiteKey(domain, organizations.get(domain), secret.get().trim(), origins));
        }
        return new SecuritySettings(admin, proxies, perOrganization, perAddress, perSitePages, List.copyOf(siteKeys),
                Collections.unmodifiableSet(pageKeySites), pageKeySecret, limitsStore, pageKeys);
    }

    private static RateLimits.Limit limit(Config root, String key, Duration window) {
        int requests = root.get(key).asInt().orElse(DEFAULT_LIMIT);
        if (requests < 1) {
            throw new ConfigException("docs-assistant." + key + " must be at least 1");
        }
        return new RateLimits.Limit(requests, window);
    }
}
