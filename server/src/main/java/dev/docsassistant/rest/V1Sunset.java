package dev.docsassistant.rest;

import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The headers that tell clients of the deprecated v1 assistant route where it is going:
 * {@code Deprecation} (RFC 9745, a structured-field date), {@code Sunset} (RFC 8594, an HTTP date)
 * and a {@code Link} to the v2 documentation with {@code rel="successor-version"}. The dates and the
 * link come from {@code docs-assistant.v1.{deprecated, sunset, successor}}.
 *
 * <p>The first filter of the REST edge, so every response of the route carries them: the answer,
 * and each refusal (wrong method, no key, rate limit, bad body, unknown thread, draining server).
 * The error handlers start the response afresh and put them back through {@link #reapply}.
 */
public record V1Sunset(String deprecation, String sunset, String link) implements Filter {
    private static final Pattern V1_ASSISTANT = Pattern.compile("/v1/assistant/[^/]+/message/?");
    static final String DEFAULT_DEPRECATED = "2026-11-22";
    static final String DEFAULT_SUNSET = "2027-06-30";
    /** The v2 operation in the served OpenAPI document ({@code /} is {@code ~1} in a JSON Pointer). */
    static final String DEFAULT_SUCCESSOR = "/openapi.yaml#/paths/~1v2~1assistant~1%7Bdomain%7D~1message";

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Deprecated v1 assistant route", "V1Sunset", List.of(
            new SettingDoc("docs-assistant.v1.deprecated", "date", DEFAULT_DEPRECATED, "the Deprecation header of v1 assistant answers"),
            new SettingDoc("docs-assistant.v1.sunset", "date", DEFAULT_SUNSET, "the Sunset header: the last day v1 answers"),
            new SettingDoc("docs-assistant.v1.successor", "URI", DEFAULT_SUCCESSOR,
                    "the Link rel=\"successor-version\" of v1 answers")));

    private static V1Sunset of(LocalDate deprecated, LocalDate sunset, String successor) {
        // The end of the sunset day: v1 still answers on that date.
        return new V1Sunset("@" + deprecated.atStartOfDay(ZoneOffset.UTC).toEpochSecond(),
                DateTimeFormatter.RFC_1123_DATE_TIME.format(sunset.atTime(23, 59, 59).atZone(ZoneOffset.UTC)),
                "<" + successor + ">; rel=\"successor-version\"");
    }

    /** @param v1 the {@code docs-assistant.v1} node */
    public static V1Sunset from(Config v1) {
        LocalDate deprecated = date(v1, "deprecated", DEFAULT_DEPRECATED);
        LocalDate sunset = date(v1, "sunset", DEFAULT_SUNSET);
        if (sunset.isBefore(deprecated)) {
            throw new ConfigException("docs-assistant.v1.sunset (" + sunset + ") is before v1.deprecated (" + deprecated + ")");
        }
        String successor = v1.get("successor").asString().filter(s -> !s.isBlank()).orElse(DEFAULT_SUCCESSOR);
        if (successor.contains(">") || successor.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new ConfigException("docs-assistant.v1.successor must be a URI without spaces or '>'");
        }
        return of(deprecated, sunset, successor);
    }

    private static LocalDate date(Config v1, String key, String fallback) {
        String value = v1.get(key).asString().orElse(fallback);
        try {
            return LocalDate.parse(value);
        } catch (DateTimeParseException e) {
            throw new ConfigException("docs-assistant.v1." + key + ": '" + value + "' is not a date (YYYY-MM-DD)");
        }
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        if (V1_ASSISTANT.matcher(req.path().path()).matches()) {
            req.context().register(this);
            apply(res);
        }
        chain.proceed();
    }

    /** Puts the headers back on a response started afresh, when the request is one of the v1 route's. */
    static void reapply(ServerRequest req, ServerResponse res) {
        req.context().get(V1Sunset.class).ifPresent(headers -> headers.apply(res));
    }

    void apply(ServerResponse res) {
        res.header("Deprecation", deprecation);
        res.header("Sunset", sunset);
        res.header("Link", link);
    }
}
