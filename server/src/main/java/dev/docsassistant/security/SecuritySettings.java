package dev.docsassistant.security;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
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

/**
 * The security settings of {@code docs-assistant}: {@code security.admin-token} (admin API off without
 * one), {@code security.trusted-proxies}, {@code limits.organization-per-hour} and
 * {@code limits.ip-per-day} (10,000 each by default), and the keys configured per site
 * ({@code sites[].assistant-key}, optional {@code sites[].assistant-key-origins}), and which sites
 * without one get a page key made at start-up ({@code site-pages.page-keys}, default on with the
 * embedded store and off with a shared one ({@code store.url}), overridden per site by {@code sites[].page-key}).
 */
public record SecuritySettings(Optional<String> adminToken, TrustedProxies proxies, RateLimits.Limit perOrganization,
                               RateLimits.Limit perAddress, List<SiteKey> siteKeys, Set<String> pageKeySites) {
    /** Admin tokens shorter than this are refused: the admin API can mint keys for any organisation. */
    public static final int MIN_ADMIN_TOKEN_CHARS = 32;

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
                + ", " + perAddress + ", " + siteKeys + ", page keys for " + pageKeySites + "]";
    }

    /** The key configured for a site's own assistant widget ({@code sites[].assistant-key}), if any. */
    public Optional<SiteKey> siteKey(String domain) {
        return siteKeys.stream().filter(k -> k.domain().equals(domain)).findFirst();
    }

    /** Whether {@code domain}'s pages get a page key: it has no configured key and page keys are on for it. */
    public boolean makesPageKey(String domain) {
        return pageKeySites.contains(domain);
    }

    public static SecuritySettings from(AppConfig app) {
        Config root = app.section();
        Optional<String> admin = root.get("security.admin-token").asString().asOptional().filter(s -> !s.isBlank());
        if (admin.isPresent() && admin.get().length() < MIN_ADMIN_TOKEN_CHARS) {
            throw new ConfigException("docs-assistant.security.admin-token must be at least " + MIN_ADMIN_TOKEN_CHARS
                    + " characters (e.g. `openssl rand -base64 32`)");
        }
        TrustedProxies proxies;
        try {
            proxies = TrustedProxies.parse(root.get("security.trusted-proxies").asList(String.class).orElse(List.of()));
        } catch (IllegalArgumentException e) {
            throw new ConfigException("docs-assistant.security.trusted-proxies: " + e.getMessage());
        }
        RateLimits.Limit perOrganization = limit(root, "limits.organization-per-hour", Duration.ofHours(1));
        RateLimits.Limit perAddress = limit(root, "limits.ip-per-day", Duration.ofDays(1));
        Map<String, String> organizations = new LinkedHashMap<>();
        app.sites().forEach(s -> organizations.put(s.domain(), s.organization()));
        List<SiteKey> siteKeys = new ArrayList<>();
        Set<String> pageKeySites = new LinkedHashSet<>();
        // Each start replaces the page key, so servers sharing a store (store.url) would revoke each
        // other's: there pages need a configured key unless page keys are asked for explicitly.
        boolean pageKeys = AppConfig.flag(root.get("site-pages.page-keys"), "docs-assistant.site-pages.page-keys",
                !root.get("store.url").exists());
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
        return new SecuritySettings(admin, proxies, perOrganization, perAddress, List.copyOf(siteKeys),
                Collections.unmodifiableSet(pageKeySites));
    }

    private static RateLimits.Limit limit(Config root, String key, Duration window) {
        int requests = root.get(key).asInt().orElse(10_000);
        if (requests < 1) {
            throw new ConfigException("docs-assistant." + key + " must be at least 1");
        }
        return new RateLimits.Limit(requests, window);
    }
}
