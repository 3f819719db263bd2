package dev.docsassistant.testing;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Holds every REST test's HTTP exchange to the served OpenAPI document ({@code openapi/openapi.yaml},
 * the file {@code /openapi.yaml} sends), checked by Atlassian's swagger-request-validator:
 * <ul>
 *   <li>the response must match the document for its operation and status (body schema, media type,
 *       declared headers);</li>
 *   <li>a request the document refuses (a missing field, a value out of range, no key) must be
 *       refused by the server too (4xx), so the document is never stricter than the server;</li>
 *   <li>a method or path the document does not have may only be answered 404 or 405.</li>
 * </ul>
 * A mismatch fails the test that made the exchange, naming the operation and the validator's messages.
 * CORS preflights ({@code OPTIONS}) are HTTP's, not the API's, and are not checked.
 */
public final class OpenApiContract {
    private static final String RESOURCE = "/openapi/openapi.yaml";
    private static final Set<String> UNDOCUMENTED = Set.of("validation.request.path.missing",
            "validation.request.operation.notAllowed");
    private static final OpenApiInteractionValidator VALIDATOR =
            OpenApiInteractionValidator.createForInlineApiSpecification(document()).build();

    private OpenApiContract() {
    }

    /** The document as the server serves it. */
    public static String document() {
        try (InputStream in = OpenApiContract.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the test class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static OpenApiInteractionValidator validator() {
        return VALIDATOR;
    }

    /**
     * One exchange, as the test sent and received it.
     *
     * @param pathAndQuery    the request target: {@code /v1/search/docs} or {@code /admin/v1/keys?organization=acme}
     * @param requestHeaders  what the test sent (name → values)
     * @param requestBody     what the test sent, or null
     * @param responseBody    what came back ("" for none)
     * @throws AssertionError when the exchange and the document disagree
     */
    public static void check(String method, String pathAndQuery, Map<String, List<String>> requestHeaders, String requestBody,
                             int status, Map<String, List<String>> responseHeaders, String responseBody) {
        if (method.equalsIgnoreCase("OPTIONS")) {
            return;
        }
        Request.Method verb = Request.Method.valueOf(method.toUpperCase(Locale.ROOT));
        String[] split = pathAndQuery.split("\\?", 2);
        SimpleRequest.Builder request = new SimpleRequest.Builder(verb, split[0]);
        if (split.length > 1) {
            for (String pair : split[1].split("&")) {
                String[] kv = pair.split("=", 2);
                request.withQueryParam(decode(kv[0]), kv.length > 1 ? decode(kv[1]) : "");
            }
        }
        requestHeaders.forEach(request::withHeader);
        if (requestBody != null) {
            request.withBody(requestBody);
        }
        SimpleResponse.Builder response = SimpleResponse.Builder.status(status);
        responseHeaders.forEach(response::withHeader);
        if (!responseBody.isEmpty()) {
            response.withBody(responseBody);
        }
        String exchange = method + " " + pathAndQuery + " → " + status;
        ValidationReport requestReport = VALIDATOR.validateRequest(request.build());
        boolean undocumented = requestReport.getMessages().stream().anyMatch(m -> UNDOCUMENTED.contains(m.getKey()));
        if (undocumented) {
            if (status != 404 && status != 405) {
                throw new AssertionError(exchange + ": the document has no such operation, yet the server answered "
                        + status + ": " + requestReport.getMessages());
            }
            return;
        }
        if (requestReport.hasErrors() && status < 400) {
            throw new AssertionError(exchange + ": the server took a request the document refuses: " + requestReport.getMessages());
        }
        ValidationReport responseReport = VALIDATOR.validateResponse(split[0], verb, response.build());
        if (responseReport.hasErrors()) {
            throw new AssertionError(exchange + ": the response does not match the document: " + responseReport.getMessages()
                    + "\n" + responseBody.substring(0, Math.min(responseBody.length(), 500)));
        }
    }

    /** The same check for an exchange made with {@code java.net.http}. */
    public static HttpResponse<String> check(HttpRequest request, String requestBody, HttpResponse<String> response) {
        String target = request.uri().getRawPath() + (request.uri().getRawQuery() == null ? "" : "?" + request.uri().getRawQuery());
        check(request.method(), target, request.headers().map(), requestBody, response.statusCode(),
                response.headers().map(), response.body());
        return response;
    }

    /** The same check for an exchange made with {@link RawHttp}: the request as sent, its first response. */
    public static RawHttp.Response check(String rawRequest, RawHttp.Response response) {
        int end = rawRequest.indexOf("\r\n\r\n");
        String[] head = rawRequest.substring(0, end).split("\r\n");
        String[] requestLine = head[0].split(" ");
        String body = rawRequest.substring(end + 4);
        check(requestLine[0], requestLine[1], headers(head), body.isEmpty() ? null : body, response.status(),
                headers(response.head().split("\r\n")), response.body());
        return response;
    }

    /** Header lines (after the first line of a head) as name → values. */
    private static Map<String, List<String>> headers(String[] head) {
        Map<String, List<String>> headers = new java.util.LinkedHashMap<>();
        for (int i = 1; i < head.length; i++) {
            int colon = head[i].indexOf(':');
            if (colon > 0) {
                headers.computeIfAbsent(head[i].substring(0, colon), k -> new java.util.ArrayList<>()).add(head[i].substring(colon + 1).trim());
            }
        }
        return headers;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
