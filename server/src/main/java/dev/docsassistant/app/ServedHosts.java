package dev.docsassistant.app;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.SettingDoc;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.security.DashboardSettings;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The host names this server answers for, and what each one serves. A browser keeps apart what
 * different origins hold, so every kind of content gets origins of its own: the dashboard (and the
 * admin API) its own host; each site its own {@code {domain}.{site-host}} (or {@code sites[].url});
 * API clients the loopback names and {@code server.allowed-hosts}. Any other host is refused, so a
 * name an attacker rebinds to this server's address (DNS rebinding) reaches nothing.
 */
public final class ServedHosts {
    /** What a host name serves. */
    public enum Kind {
        /** The dashboard's host: {@code /dashboard} and {@code /admin/v1} only. */
        DASHBOARD,
        /** One site's own host: its pages, files for agents and MCP at the root. */
        SITE,
        /** localhost and loopback addresses: the API, MCP, and {@code /sites/{domain}/} for local use. */
        LOOPBACK,
        /** A name of {@code server.allowed-hosts}, or the site host itself: the API and MCP. */
        API,
        /** Not configured: refused. */
        UNKNOWN
    }

    /** @param domain the site a {@link Kind#SITE} host serves (null otherwise) */
    public record Match(Kind kind, String domain) {
    }

    public static final List<String> LOOPBACK_NAMES = List.of("localhost", "127.0.0.1", "::1");
    /** The dashboard's host is {@code dashboard.{site-host}} unless {@code dashboard.url} names another. */
    static final String DEFAULT_DASHBOARD_LABEL = "dashboard";

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Host names", "ServedHosts", List.of(
            new SettingDoc("server.allowed-hosts", "list of host names", "",
                    "further names API and MCP clients reach the server by (besides localhost, 127.0.0.1, ::1, "
                            + "the sites' and the dashboard's hosts); a request naming any other Host gets 421")));

    private final SiteHost siteHost;
    private final Optional<String> configuredDashboardUrl;
    private final String dashboardHost;
    private final Map<String, String> customSiteHosts;
    private final Set<String> apiHosts;
    /** {@code sites[].path-prefix} by domain, for the sites that have one. */
    private final Map<String, String> prefixes;

    public ServedHosts(SiteHost siteHost, Optional<String> dashboardUrl, Map<String, String> customSiteHosts,
                       Set<String> apiHosts) {
        this(siteHost, dashboardUrl, customSiteHosts, apiHosts, Map.of());
    }

    public ServedHosts(SiteHost siteHost, Optional<String> dashboardUrl, Map<String, String> customSiteHosts,
                       Set<String> apiHosts, Map<String, String> prefixes) {
        this.prefixes = Map.copyOf(prefixes);
        this.siteHost = siteHost;
        this.configuredDashboardUrl = dashboardUrl;
        this.dashboardHost = dashboardUrl.map(ServedHosts::hostOfUrl).orElse(DEFAULT_DASHBOARD_LABEL + siteHost.suffix());
        this.customSiteHosts = Map.copyOf(customSiteHosts);
        this.apiHosts = Set.copyOf(apiHosts);
    }

    /**
     * Reads {@code server.allowed-hosts} and the hosts of {@code sites[].url} and
     * {@code docs-assistant.dashboard.url}.
     *
     * @throws ConfigException when the dashboard's host is also a site's
     */
    public static ServedHosts create(AppConfig config, SiteHost siteHost, DashboardSettings dashboard) {
        Map<String, String> custom = new LinkedHashMap<>();
        Map<String, String> prefixes = new LinkedHashMap<>();
        for (SiteConfig site : config.sites()) {
            site.url().map(ServedHosts::hostOfUrl).ifPresent(host -> custom.put(host, site.domain()));
            if (!site.pathPrefix().isEmpty()) {
                prefixes.put(site.domain(), site.pathPrefix());
            }
        }
        Set<String> api = new LinkedHashSet<>();
        config.config().get("server").get("allowed-hosts").asList(String.class).orElse(List.of())
                .forEach(h -> api.add(normalise(h)));
        ServedHosts hosts = new ServedHosts(siteHost, dashboard.url(), custom, api, prefixes);
        Match dashboardMatch = hosts.siteMatch(hosts.dashboardHost);
        if (dashboardMatch != null && config.sites().stream().anyMatch(s -> s.domain().equals(dashboardMatch.domain()))) {
            throw new ConfigException("docs-assistant.dashboard.url: its host " + hosts.dashboardHost + " is the host of site "
                    + dashboardMatch.domain() + "; the dashboard needs a host of its own (rendered sites run their authors' scripts)");
        }
        return hosts;
    }

    /** What the host of {@code authority} ({@code Host} or HTTP/2's {@code :authority}, port optional) serves. */
    public Match match(String authority) {
        String host = hostOf(authority);
        if (host.isEmpty()) {
            return new Match(Kind.UNKNOWN, null);
        }
        if (host.equals(dashboardHost)) {
            return new Match(Kind.DASHBOARD, null);
        }
        if (siteHost.rootSite().isPresent() && (host.equals(siteHost.name()) || LOOPBACK_NAMES.contains(host))) {
            return new Match(Kind.SITE, siteHost.rootSite().get()); // dev: the one site at http://localhost:PORT/
        }
        Match site = siteMatch(host);
        if (site != null) {
            return site;
        }
        if (LOOPBACK_NAMES.contains(host)) {
            return new Match(Kind.LOOPBACK, null);
        }
        // The site host itself (docs.example.com when sites are {domain}.docs.example.com) is an API name.
        return new Match(apiHosts.contains(host) || host.equals(siteHost.name()) ? Kind.API : Kind.UNKNOWN, null);
    }

    private Match siteMatch(String host) {
        String domain = customSiteHosts.get(host);
        if (domain != null) {
            return new Match(Kind.SITE, domain);
        }
        return siteHost.domainOfHost(host).map(d -> new Match(Kind.SITE, d)).orElse(null);
    }

    /**
     * The path the site is served under on its own hosts ({@code sites[].path-prefix}): "" at their root.
     * The path-based form on loopback names ({@code /sites/{domain}}) has no further prefix.
     */
    public String prefixOf(String domain) {
        return domain == null ? "" : prefixes.getOrDefault(domain, "");
    }

    /** Whether the host an {@code Origin} names is one this server serves (the dashboard's excepted). */
    public boolean servesOrigin(String origin) {
        try {
            URI uri = URI.create(origin);
            if (uri.getHost() == null) {
                return false;
            }
            Kind kind = match(uri.getHost()).kind();
            return kind != Kind.UNKNOWN && kind != Kind.DASHBOARD;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Why a site created at run time may not be called {@code domain}, if it may not: its host
     * {@code {domain}.{site-host}} is already configured for something else (the dashboard's, another
     * site's {@code url}, a name of {@code server.allowed-hosts}), or it is {@code dashboard}, the
     * dashboard's host label unless {@code dashboard.url} moves it (reserved either way, so that
     * setting it back never turns a site's host into the dashboard's).
     */
    public Optional<String> reservedLabel(String domain) {
        String host = domain + siteHost.suffix();
        if (domain.equals(DEFAULT_DASHBOARD_LABEL) || host.equals(dashboardHost)) {
            return Optional.of("its host " + host + " is the dashboard's (reserved)");
        }
        String site = customSiteHosts.get(host);
        if (site != null) {
            return Optional.of("its host " + host + " is the url of site " + site);
        }
        if (apiHosts.contains(host)) {
            return Optional.of("its host " + host + " is listed in server.allowed-hosts");
        }
        return Optional.empty();
    }

    /** The dashboard's host name ({@code dashboard.{site-host}} unless {@code dashboard.url} names another). */
    public String dashboardHost() {
        return dashboardHost;
    }

    /** The dashboard's address: {@code dashboard.url}, else its host on the port of {@code authority}. */
    public String dashboardUrl(String authority) {
        return configuredDashboardUrl.orElseGet(() -> "http://" + dashboardHost + portOf(authority));
    }

    /**
     * Where absolute links to a site start: {@code sites[].url}, else the site's own host with its
     * {@code path-prefix}; for the path-based form ({@code /sites/{domain}}) on a loopback or API name,
     * that name. Never a host the configuration does not name, whatever the request says.
     *
     * @param authority the request's authority: only its port is taken, and its host when configured
     */
    public String linkBase(SiteConfig site, String authority, boolean secure, boolean pathBased) {
        if (site.url().isPresent()) {
            return site.url().get();
        }
        String port = portOf(authority);
        String scheme = secure ? "https://" : "http://";
        if (pathBased) {
            String host = hostOf(authority);
            Kind kind = match(host).kind();
            if (kind == Kind.LOOPBACK || kind == Kind.API) {
                return scheme + (host.contains(":") ? "[" + host + "]" : host) + port + "/sites/" + site.domain();
            }
        }
        return scheme + site.domain() + "." + siteHost.name() + port + site.pathPrefix();
    }

    /**
     * The address of preview {@code name} of site {@code domain}: its own host on the scheme and port
     * the request came by (the admin API answers on the same port as the sites).
     */
    public String previewUrl(String domain, String name, String authority, boolean secure) {
        return (secure ? "https://" : "http://") + siteHost.previewHost(domain, name) + portOf(authority) + "/";
    }

    /** The host name of an authority, lower case, without port or IPv6 brackets. */
    static String hostOf(String authority) {
        if (authority == null) {
            return "";
        }
        String a = authority.strip().toLowerCase(Locale.ROOT);
        if (a.startsWith("[")) {
            int end = a.indexOf(']');
            return end < 0 ? "" : a.substring(1, end);
        }
        int colon = a.indexOf(':');
        if (colon >= 0 && a.indexOf(':', colon + 1) < 0) {
            a = a.substring(0, colon);
        }
        return a.endsWith(".") ? a.substring(0, a.length() - 1) : a;
    }

    /** {@code :port} of an authority when it names a numeric one, else "". */
    static String portOf(String authority) {
        if (authority == null) {
            return "";
        }
        int colon = authority.lastIndexOf(':');
        if (colon < 0 || authority.indexOf(']', colon) >= 0 || authority.startsWith("[") && authority.lastIndexOf(']') > colon) {
            return "";
        }
        String port = authority.substring(colon + 1);
        return port.matches("[0-9]{1,5}") ? ":" + port : "";
    }

    private static String hostOfUrl(String url) {
        try {
            String host = URI.create(url.strip()).getHost();
            if (host == null) {
                throw new ConfigException("'" + url + "' is not a URL with a host");
            }
            return normalise(host);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("'" + url + "' is not a URL: " + e.getMessage());
        }
    }

    private static String normalise(String host) {
        return hostOf(host);
    }
}
