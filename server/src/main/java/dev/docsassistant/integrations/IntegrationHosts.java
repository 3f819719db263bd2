package dev.docsassistant.integrations;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The hosts an integration puts in a page's Content-Security-Policy ({@code plausible.server},
 * {@code posthog.apiHost}, {@code segment.cdnUrl}, {@code adobe.launchUrl}, …) may serve script to
 * every page. A public analytics or chat service has a DNS name on the default port; an IP
 * literal, {@code localhost}, user information or a port points at a machine of the network the
 * reader or the server sits in, so they are refused unless
 * {@code docs-assistant.integrations.allow-private-hosts} is set.
 */
final class IntegrationHosts {
    /** Browsers read a host whose last label is a number (decimal, octal or 0x hex) as IPv4. */
    private static final Pattern IPV4_LAST_LABEL = Pattern.compile("(0x[0-9a-f]*|[0-9]+)\\.?");

    private IntegrationHosts() {
    }

    /** Why a CSP host is refused, or empty when it is a plain public host name. */
    static Optional<String> refusal(String cspHost) {
        String host = cspHost.toLowerCase(Locale.ROOT).replaceFirst("^[a-z][a-z0-9+.-]*://", "");
        int slash = host.indexOf('/');
        host = slash < 0 ? host : host.substring(0, slash);
        if (host.contains("@")) {
            return Optional.of("has user information");
        }
        if (host.startsWith("[")) {
            return Optional.of("is an IP address");
        }
        if (host.matches(".*:[0-9]*")) {
            return Optional.of("names a port");
        }
        if (host.equals("localhost") || host.endsWith(".localhost") || host.equals("localhost.")) {
            return Optional.of("is localhost");
        }
        String last = host.substring(host.lastIndexOf('.', host.length() - 2) + 1);
        if (IPV4_LAST_LABEL.matcher(last).matches()) {
            return Optional.of("is an IP address");
        }
        return Optional.empty();
    }
}
