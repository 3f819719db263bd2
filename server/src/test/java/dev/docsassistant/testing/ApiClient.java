package dev.docsassistant.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.web.Json;
import io.helidon.http.HeaderNames;
import io.helidon.http.Headers;
import io.helidon.http.Method;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The REST route tests' HTTP client: sends a request with Helidon's {@link WebClient}, reads the
 * whole response, and holds the exchange to the OpenAPI document ({@link OpenApiContract}) before
 * the test sees it, so the document cannot drift from what the tests exercise.
 */
public final class ApiClient {
    private final WebClient client;

    public ApiClient(WebClient client) {
        this.client = client;
    }

    /**
     * @param headers the response headers; {@link #header} reads one
     * @param body    the whole body ("" for none)
     */
    public record Reply(int status, Headers headers, String body) {
        public String header(String name) {
            return headers.first(HeaderNames.create(name)).orElse(null);
        }

        public String contentType() {
            return headers.first(HeaderNames.CONTENT_TYPE).orElse("");
        }

        /** The body as JSON. */
        public JsonNode json() {
            return parse(body);
        }

        /** The JSON events of a stream body (its {@code data: {...}} lines), in order. */
        public List<JsonNode> events() {
            return body.lines().filter(l -> l.startsWith("data: {")).map(l -> parse(l.substring(6))).toList();
        }

        /** The v2 stream's part types, in order. */
        public List<String> types() {
            return events().stream().map(e -> e.get("type").asText()).toList();
        }

        /** The v2 stream's text: its text-delta parts joined. */
        public String text() {
            return events().stream().filter(e -> e.get("type").asText().equals("text-delta"))
                    .map(e -> e.get("delta").asText()).collect(Collectors.joining());
        }

        private static JsonNode parse(String json) {
            try {
                return Json.MAPPER.readTree(json);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A JSON POST ({@code Content-Type: application/json}) with these extra header name/value pairs. */
    public Reply postJson(String path, String body, String... headers) {
        List<String> all = new ArrayList<>(List.of("Content-Type", "application/json"));
        all.addAll(List.of(headers));
        return send(Method.POST, path, body, all.toArray(String[]::new));
    }

    /**
     * @param pathAndQuery the path, with a query string if any
     * @param body         the request body, or null for none
     * @param headers      header name/value pairs, sent as given
     */
    public Reply send(Method method, String pathAndQuery, String body, String... headers) {
        int query = pathAndQuery.indexOf('?');
        HttpClientRequest req = client.method(method).path(query < 0 ? pathAndQuery : pathAndQuery.substring(0, query));
        if (query >= 0) {
            for (String pair : pathAndQuery.substring(query + 1).split("&")) {
                int eq = pair.indexOf('=');
                req.queryParam(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
            }
        }
        Map<String, List<String>> sent = new LinkedHashMap<>();
        for (int i = 0; i < headers.length; i += 2) {
            req.header(HeaderNames.create(headers[i]), headers[i + 1]);
            sent.computeIfAbsent(headers[i], k -> new ArrayList<>()).add(headers[i + 1]);
        }
        try (HttpClientResponse res = body == null ? req.request() : req.submit(body)) {
            String text = res.entity().hasEntity() ? res.as(String.class) : "";
            Map<String, List<String>> received = new LinkedHashMap<>();
            res.headers().forEach(h -> received.put(h.name(), h.allValues()));
            OpenApiContract.check(method.text(), pathAndQuery, sent, body, res.status().code(), received, text);
            return new Reply(res.status().code(), res.headers(), text);
        }
    }
}
