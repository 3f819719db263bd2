package dev.docsassistant.security;

import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The dashboard's settings ({@code docs-assistant.dashboard}).
 *
 * @param url        the public base of the dashboard: its host is the only one the dashboard answers on (without
 *                   one, {@code dashboard.{site-host}} on the server's port)
 * @param sessionTtl how long a dashboard sign-in lasts
 */
public record DashboardSettings(Optional<String> url, Duration sessionTtl) {
    public static final DashboardSettings DEFAULTS = new DashboardSettings(Optional.empty(), Duration.ofHours(12));

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Dashboard", "DashboardSettings", List.of(
            new SettingDoc("docs-assistant.dashboard.url", "URL", "http://dashboard.{site-host}:PORT",
                    "the dashboard's address: its host serves the dashboard and /admin/v1 and nothing else, and no other host"
                            + " serves them; the base of sign-in links; an https URL also marks the session cookie Secure"),
            new SettingDoc("docs-assistant.dashboard.session-ttl", "duration", SettingDoc.duration(DEFAULTS.sessionTtl),
                    "how long a dashboard sign-in lasts")));

    /** @param dashboard the {@code docs-assistant.dashboard} node */
    public static DashboardSettings from(Config dashboard) {
        Optional<String> url = dashboard.get("url").asString().asOptional().map(String::strip).filter(s -> !s.isEmpty())
                .map(s -> s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
        return new DashboardSettings(url, Durations.read(dashboard.get("session-ttl"), DEFAULTS.sessionTtl));
    }

    /** Whether the dashboard is reached over https (its session cookie is then Secure). */
    public boolean https() {
        return url.orElse("").startsWith("https:");
    }
}
