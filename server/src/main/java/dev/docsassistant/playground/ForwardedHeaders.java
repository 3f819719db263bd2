package dev.docsassistant.playground;

import dev.docsassistant.web.ApiException;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The headers a playground request sends: only those the reader set in its JSON (never the incoming
 * request's cookies, keys, {@code Authorization} or forwarding headers). Hop-by-hop headers are
 * dropped; headers that would frame the request, name another host or claim to be a proxy's are
 * refused. {@code Cookie} is sent when the reader set it (an API key in a cookie).
 */
final class ForwardedHeaders {
    /** Meaningful for one connection only; the proxy's connection sets its own. */
    static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive", "proxy-connection", "te", "trailer", "upgrade",
            "proxy-authorization", "proxy-authenticate");
    /** Set by the proxy (host, framing), or a proxy's claim about the client the reader may not make. */
    static final Set<String> FORBIDDEN = Set.of("host", "content-length", "transfer-encoding", "forwarded", "x-real-ip", "via");
    private static final String TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]{1,256}";
    static final String USER_AGENT = "docs-assistant-api-playground";

    private ForwardedHeaders() {
    }

    /**
     * @param multipartType the Content-Type of the multipart body the proxy writes, or null
     * @throws ApiException 400 naming the header
     */
    static Map<String, String> of(Map<String, String> given, String multipartType) {
        Map<String, String> out = new LinkedHashMap<>();
        boolean agent = false;
        for (Map.Entry<String, String> e : given.entrySet()) {
            String name = e.getKey();
            String lower = name.toLowerCase(Locale.ROOT);
            if (!name.matches(TOKEN)) {
                throw ApiException.badRequest("headers: '" + name + "' is not a header name");
            }
            if (e.getValue().chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
                throw ApiException.badRequest("headers." + name + ": a value may not hold a line break or NUL");
            }
            if (FORBIDDEN.contains(lower) || lower.startsWith("x-forwarded-")) {
                throw ApiException.badRequest("headers." + name + ": set by the proxy, not by the playground"
                        + " (Host, Content-Length, Transfer-Encoding, Forwarded, X-Forwarded-*, X-Real-IP and Via are refused)");
            }
            if (HOP_BY_HOP.contains(lower) || lower.equals("accept-encoding")
                    || (multipartType != null && lower.equals("content-type"))) {
                continue; // the proxy's own: its connection, an identity encoding, the boundary it writes
            }
            agent |= lower.equals("user-agent");
            out.put(name, e.getValue());
        }
        if (multipartType != null) {
            out.put("Content-Type", multipartType);
        }
        out.put("Accept-Encoding", "identity"); // the body is shown as sent, never compressed
        if (!agent) {
            out.put("User-Agent", USER_AGENT);
        }
        return out;
    }
}
