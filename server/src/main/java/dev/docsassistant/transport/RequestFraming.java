package dev.docsassistant.transport;

import dev.docsassistant.web.Json;

import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.ServerRequestHeaders;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * Rejects body framing that Helidon 4.4 would misread before any route reads the body: a negative
 * {@code Content-Length} (Helidon takes {@code -1} for "chunked" and waits forever), two different
 * lengths, both a length and {@code Transfer-Encoding} (the classic request-smuggling shape), and a
 * transfer coding other than {@code chunked}. The connection closes after the 400: its next bytes
 * cannot be told apart from this body.
 */
public final class RequestFraming {
    private RequestFraming() {
    }

    /** The filter; {@code decorate} adds the edge's own headers (CORS, rate limits) to the 400. */
    public static Filter filter(BiConsumer<RoutingRequest, RoutingResponse> decorate) {
        return (FilterChain chain, RoutingRequest req, RoutingResponse res) -> {
            String problem = problem(req.headers());
            if (problem == null) {
                chain.proceed();
                return;
            }
            res.header(HeaderValues.CONNECTION_CLOSE);
            decorate.accept(req, res);
            Json.sendError(res, 400, problem);
        };
    }

    /** @return what is wrong with the request's framing headers, or null when nothing is */
    static String problem(ServerRequestHeaders headers) {
        List<String> lengths = headers.contains(HeaderNames.CONTENT_LENGTH)
                ? headers.get(HeaderNames.CONTENT_LENGTH).allValues() : List.of();
        if (headers.contains(HeaderNames.TRANSFER_ENCODING)) {
            String coding = String.join(",", headers.get(HeaderNames.TRANSFER_ENCODING).allValues()).trim();
            if (!coding.equalsIgnoreCase("chunked")) {
                return "Transfer-Encoding must be chunked, got '" + shorten(coding) + "'";
            }
            if (!lengths.isEmpty()) {
                return "a request must not carry both Content-Length and Transfer-Encoding";
            }
        }
        for (String length : lengths) {
            if (!length.trim().matches("[0-9]{1,18}")) {
                return "Content-Length must be a non-negative integer, got '" + shorten(length) + "'";
            }
        }
        if (lengths.stream().map(String::trim).distinct().count() > 1) {
            return "Content-Length is given twice with different values";
        }
        return null;
    }

    private static String shorten(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "…";
    }
}
