package dev.docsassistant.playground;

import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import dev.docsassistant.egress.EgressSettings;
import dev.docsassistant.security.RateLimits;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The API playground proxy's settings ({@code docs-assistant.api-playground}).
 *
 * @param internalHosts    {@code host:port} pairs the proxy may call although they resolve to an internal address
 * @param connectTimeout   to connect to the API
 * @param timeout          for a whole request, redirects included
 * @param maxResponseBytes bytes of a response body returned; the rest is cut off and {@code truncated} set
 * @param maxRequestBytes  bytes of a request body (after base64 and multipart encoding) sent
 * @param perVisitor       requests per client address and site
 * @param perSite          requests per site, all visitors together
 */
public record PlaygroundSettings(Set<String> internalHosts, Duration connectTimeout, Duration timeout, int maxResponseBytes,
                                 int maxRequestBytes, RateLimits.Limit perVisitor, RateLimits.Limit perSite) {
    public static final PlaygroundSettings DEFAULTS = new PlaygroundSettings(Set.of(), Duration.ofSeconds(5), Duration.ofSeconds(30),
            5 * 1024 * 1024, 10 * 1024 * 1024, new RateLimits.Limit(30, Duration.ofMinutes(1)),
            new RateLimits.Limit(3000, Duration.ofHours(1)));

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("API playground proxy", "PlaygroundSettings", List.of(
            new SettingDoc("docs-assistant.api-playground.internal-hosts", "list of host:port", "none",
                    "API hosts the playground proxy may call although they resolve to a loopback, private, shared, link-local"
                            + " or metadata address (an API on the private network); the URL must still be under a server of the site's"
                            + " API descriptions. docs-assistant.egress.allow does not apply to the playground"),
            new SettingDoc("docs-assistant.api-playground.connect-timeout", "duration", SettingDoc.duration(DEFAULTS.connectTimeout),
                    "time to connect to the API"),
            new SettingDoc("docs-assistant.api-playground.timeout", "duration", SettingDoc.duration(DEFAULTS.timeout),
                    "time for a whole playground request, from connecting to the last byte of the response, redirects included"),
            new SettingDoc("docs-assistant.api-playground.max-response-bytes", "number", String.valueOf(DEFAULTS.maxResponseBytes),
                    "bytes of an API response body the playground shows; a longer body is cut there and marked truncated"),
            new SettingDoc("docs-assistant.api-playground.max-request-bytes", "number", String.valueOf(DEFAULTS.maxRequestBytes),
                    "bytes of a request body the playground sends (413 above)"),
            new SettingDoc("docs-assistant.api-playground.per-visitor-per-minute", "number", String.valueOf(DEFAULTS.perVisitor.requests()),
                    "playground requests per client address and site per minute (429 above)"),
            new SettingDoc("docs-assistant.api-playground.per-site-per-hour", "number", String.valueOf(DEFAULTS.perSite.requests()),
                    "playground requests per site per hour, all visitors together (429 above)")));

    public PlaygroundSettings {
        internalHosts = Set.copyOf(internalHosts);
    }

    /** @param node the {@code docs-assistant.api-playground} node */
    public static PlaygroundSettings from(Config node) {
        Set<String> hosts = new TreeSet<>();
        for (String entry : node.get("internal-hosts").asList(String.class).orElse(List.of())) {
            hosts.add(EgressSettings.hostPort(entry).orElseThrow(() -> new ConfigException(node.key() + ".internal-hosts: '"
                    + entry + "' must be host:port (an IPv6 address in brackets: [fd00::1]:443)")));
        }
        return new PlaygroundSettings(hosts,
                Durations.read(node.get("connect-timeout"), DEFAULTS.connectTimeout),
                Durations.read(node.get("timeout"), DEFAULTS.timeout),
                positive(node, "max-response-bytes", DEFAULTS.maxResponseBytes),
                positive(node, "max-request-bytes", DEFAULTS.maxRequestBytes),
                new RateLimits.Limit(positive(node, "per-visitor-per-minute", (int) DEFAULTS.perVisitor.requests()), Duration.ofMinutes(1)),
                new RateLimits.Limit(positive(node, "per-site-per-hour", (int) DEFAULTS.perSite.requests()), Duration.ofHours(1)));
    }

    private static int positive(Config node, String key, int otherwise) {
        int value = node.get(key).asInt().orElse(otherwise);
        if (value < 1) {
            throw new ConfigException(node.key() + "." + key + " must be at least 1");
        }
        return value;
    }

    /** The egress policy's settings for the playground: only its own internal hosts. */
    EgressSettings egress() {
        return new EgressSettings(internalHosts, List.of());
    }
}
