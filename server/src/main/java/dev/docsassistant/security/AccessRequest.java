package dev.docsassistant.security;

import java.net.InetAddress;
import java.util.List;

/**
 * What an edge (HTTP or gRPC) knows of a request before any work is done on it.
 *
 * @param domain        the site asked for (null only for {@link AccessCheck#checkAnySite})
 * @param authorization the {@code Authorization} value as received, or null
 * @param peer          the socket's remote address
 * @param forwardedFor  every {@code X-Forwarded-For} value received, in order (empty when none)
 * @param origin        the browser's {@code Origin} header, or null
 */
public record AccessRequest(String domain, String authorization, InetAddress peer, List<String> forwardedFor,
                            String origin) {
}
