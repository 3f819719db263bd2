package dev.docsassistant.apiref;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The example request of an endpoint, as every code sample sends it: the first server with its
 * variables' defaults, path and query parameters filled with example values, the credentials of the
 * first security requirement as placeholders, and a body of the first media type.
 *
 * @param form  form fields for {@code multipart/form-data} and {@code application/x-www-form-urlencoded}
 *              (a value of {@code @file} is a file), else empty
 * @param json  the JSON body, or null
 * @param raw   another body as text, or null
 */
public record SampleRequest(String method, String url, Map<String, String> headers, String contentType,
                            Map<String, String> form, JsonNode json, String raw) {
    public static final String FILE = "@file";

    public boolean multipart() {
        return contentType != null && contentType.startsWith("multipart/");
    }

    public boolean urlEncoded() {
        return contentType != null && contentType.startsWith("application/x-www-form-urlencoded");
    }

    /** @param optional whether optional parameters and fields appear ({@code api.examples.defaults}) */
    public static SampleRequest of(Endpoint e, boolean optional) {
        String path = e.webhook() ? "" : e.path();
        Map<String, String> headers = new LinkedHashMap<>();
        List<String> query = new ArrayList<>();
        for (Parameter p : e.parameters()) {
            boolean wanted = optional || Boolean.TRUE.equals(p.getRequired()) || "path".equals(p.getIn());
            if (!wanted) {
                continue;
            }
            String value = ExampleValues.parameterValue(e.model(), p);
            switch (p.getIn() == null ? "" : p.getIn()) {
                case "path" -> path = path.replace("{" + p.getName() + "}", encode(value).replace("+", "%20"));
                case "query" -> query.add(encode(p.getName()) + "=" + encode(value));
                case "header" -> headers.put(p.getName(), value);
                case "cookie" -> headers.merge("Cookie", p.getName() + "=" + value, (a, b) -> a + "; " + b);
                default -> { }
            }
        }
        credentials(e, headers, query);
        String url = base(e) + path + (query.isEmpty() ? "" : "?" + String.join("&", query));
        RequestBody body = e.requestBody();
        String contentType = null;
        Map<String, String> form = new LinkedHashMap<>();
        JsonNode json = null;
        String raw = null;
        if (body != null && body.getContent() != null && !body.getContent().isEmpty()) {
            Map.Entry<String, MediaType> first = body.getContent().entrySet().iterator().next();
            contentType = first.getKey();
            MediaType media = first.getValue();
            JsonNode value = ExampleValues.ofMedia(e.model(), media, SchemaTrees.Direction.REQUEST, optional)
                    .values().stream().findFirst().orElse(null);
            if (contentType.startsWith("multipart/") || contentType.startsWith("application/x-www-form-urlencoded")) {
                Schemas.Merged merged = media.getSchema() == null ? null : Schemas.merge(e.refs(), media.getSchema());
                if (value != null && value.isObject()) {
                    value.fields().forEachRemaining(f -> {
                        Schema<?> prop = merged == null ? null : e.refs().schema(merged.properties().get(f.getKey()));
                        form.put(f.getKey(), prop != null && Schemas.isFile(prop) ? FILE
                                : f.getValue().isValueNode() ? f.getValue().asText() : f.getValue().toString());
                    });
                }
            } else if (contentType.contains("json")) {
                json = value;
            } else if (value != null && !value.isNull()) {
                raw = value.isTextual() ? value.asText() : value.toString();
            }
            headers.put("Content-Type", contentType);
        }
        return new SampleRequest(e.method(), url,
                headers, contentType, form, json, raw);
    }

    /** The first server's address with its variables' defaults, no trailing slash; empty when there is none. */
    public static String base(Endpoint e) {
        List<Server> servers = e.servers();
        if (servers.isEmpty()) {
            return "";
        }
        Server server = servers.get(0);
        String url = server.getUrl();
        if (server.getVariables() != null) {
            for (var v : server.getVariables().entrySet()) {
                url = url.replace("{" + v.getKey() + "}", v.getValue().getDefault() == null ? "" : v.getValue().getDefault());
            }
        }
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    private static void credentials(Endpoint e, Map<String, String> headers, List<String> query) {
        List<SecurityRequirement> security = e.security();
        if (security.isEmpty() || e.model().getComponents() == null || e.model().getComponents().getSecuritySchemes() == null) {
            return;
        }
        for (String name : security.get(0).keySet()) {
            SecurityScheme scheme = e.refs().securityScheme(e.model().getComponents().getSecuritySchemes().get(name));
            if (scheme == null || scheme.getType() == null) {
                continue;
            }
            String placeholder = scheme.getExtensions() != null && scheme.getExtensions().get("x-default") instanceof String d
                    ? d : null;
            switch (scheme.getType()) {
                case HTTP -> {
                    if ("basic".equalsIgnoreCase(scheme.getScheme())) {
                        headers.put("Authorization", "Basic <encoded-value>");
                    } else {
                        headers.put("Authorization", "Bearer " + (placeholder != null ? placeholder : "<token>"));
                    }
                }
                case APIKEY -> {
                    String value = placeholder != null ? placeholder : "<api-key>";
                    String in = scheme.getIn() == null ? "header" : scheme.getIn().toString();
                    if (in.equals("query")) {
                        query.add(encode(scheme.getName()) + "=" + encode(value));
                    } else if (in.equals("cookie")) {
                        headers.merge("Cookie", scheme.getName() + "=" + value, (a, b) -> a + "; " + b);
                    } else if (scheme.getName() != null) {
                        headers.put(scheme.getName(), value);
                    }
                }
                case OAUTH2, OPENIDCONNECT -> headers.put("Authorization", "Bearer <token>");
                default -> { }
            }
        }
    }

    private static String encode(String s) {
        // Placeholders stay readable in the URL.
        return s.startsWith("<") && s.endsWith(">") ? s : URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
