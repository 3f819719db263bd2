package dev.docsassistant.sites;

import dev.docsassistant.apiref.ApiSpecs;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressHttp;
import dev.docsassistant.egress.EgressRefused;
import dev.docsassistant.egress.Use;
import io.helidon.config.Config;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * API descriptions named by URL in docs.json ({@code openapi: "https://…"}), fetched when a site is
 * built, only when {@code docs-assistant.api-specs.fetch-urls} is on: through the egress policy (use
 * {@link Use#SPEC}: http and https, internal addresses refused unless in {@code docs-assistant.egress.allow},
 * redirects checked again), within a connect and a total timeout, at most {@code max-bytes}.
 *
 * @param fetch          whether URLs are fetched at all
 * @param connectTimeout to connect to the host
 * @param timeout        for the whole request, redirects included
 * @param maxBytes       bytes a description may have; a longer one is not read
 */
public record SpecUrls(boolean fetch, Duration connectTimeout, Duration timeout, int maxBytes) {
    public static final SpecUrls DEFAULTS = new SpecUrls(false, Duration.ofSeconds(5), Duration.ofSeconds(30), 20 * 1024 * 1024);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("API descriptions by URL", "SpecUrls", List.of(
            new SettingDoc("docs-assistant.api-specs.fetch-urls", "boolean", String.valueOf(DEFAULTS.fetch),
                    "whether an OpenAPI description named by URL in docs.json is fetched when the site is built (through the egress"
                            + " policy: an internal address only when listed in docs-assistant.egress.allow); off, such a description is"
                            + " a site problem and sites are built offline"),
            new SettingDoc("docs-assistant.api-specs.connect-timeout", "duration", SettingDoc.duration(DEFAULTS.connectTimeout),
                    "time to connect to a description's host"),
            new SettingDoc("docs-assistant.api-specs.timeout", "duration", SettingDoc.duration(DEFAULTS.timeout),
                    "time to fetch a description, from connecting to its last byte, redirects included"),
            new SettingDoc("docs-assistant.api-specs.max-bytes", "number", String.valueOf(DEFAULTS.maxBytes),
                    "bytes a fetched description may have; a larger one is a site problem and not read")));

    /** @param node the {@code docs-assistant.api-specs} node */
    public static SpecUrls from(Config node) {
        int max = node.get("max-bytes").asInt().orElse(DEFAULTS.maxBytes);
        if (max < 1) {
            throw new ConfigException(node.key() + ".max-bytes must be at least 1");
        }
        return new SpecUrls(node.get("fetch-urls").asBoolean().orElse(DEFAULTS.fetch),
                Durations.read(node.get("connect-timeout"), DEFAULTS.connectTimeout),
                Durations.read(node.get("timeout"), DEFAULTS.timeout), max);
    }

    /** How this process reads descriptions by URL from now on: {@link ApiSpecs#OFFLINE} unless {@link #fetch}. */
    public void use(Egress egress) {
        ApiSpecs.readUrlsWith(fetch ? reader(egress) : ApiSpecs.OFFLINE);
    }

    /** A reader through {@code egress} with these limits; its refusals name the URL and the rule. */
    public ApiSpecs.UrlReader reader(Egress egress) {
        EgressHttp http = new EgressHttp(egress, connectTimeout, timeout, maxBytes, false);
        return url -> {
            try {
                EgressHttp.Response response = http.send(Use.SPEC, "GET", new URI(url),
                        Map.of("Accept", "application/json, application/yaml, text/yaml, */*"), null);
                if (response.status() != 200) {
                    throw new IllegalStateException("API description " + url + " answered HTTP " + response.status());
                }
                return response.body();
            } catch (EgressRefused e) {
                throw new IllegalStateException("API description " + url + " not fetched: " + e.getMessage());
            } catch (EgressHttp.Timeout e) {
                throw new IllegalStateException("API description " + url + " not fetched: no answer within "
                        + SettingDoc.duration(e.connecting() ? connectTimeout : timeout) + " (docs-assistant.api-specs."
                        + (e.connecting() ? "connect-timeout" : "timeout") + ")");
            } catch (IOException e) {
                throw new IllegalStateException("API description " + url + " not fetched: " + e.getMessage()
                        + (e.getMessage() != null && e.getMessage().contains("larger than") ? " (docs-assistant.api-specs.max-bytes)" : ""));
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                throw new IllegalStateException("API description " + url + " is not a URL");
            }
        };
    }
}
