package dev.docsassistant.playground;

import dev.docsassistant.apiref.ServerBase;
import dev.docsassistant.web.ApiException;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where a playground request may go: an absolute http(s) URL without user info whose path has no
 * dot segments and no encoded separators (in any encoding depth, so no server normalises it out of
 * its prefix), under one of the site's API servers.
 */
final class TargetUrl {
    /** How many servers a refusal lists. */
    private static final int LISTED = 5;

    private TargetUrl() {
    }

    /**
     * @throws ApiException 400 when the URL is malformed or its path could escape a prefix, 403 when it is
     *                      under none of {@code servers}
     */
    static URI check(String url, List<ServerBase> servers) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw ApiException.badRequest("url: not a valid URL (" + e.getReason() + " at character " + e.getIndex() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || uri.isOpaque() || !(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw ApiException.badRequest("url: must be an absolute http or https URL with a host, got '" + url + "'");
        }
        if (uri.getRawUserInfo() != null) {
            throw ApiException.badRequest("url: may not carry user info (send credentials as headers)");
        }
        checkPath(uri.getRawPath() == null ? "" : uri.getRawPath());
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        try {
            // The fragment stays in the browser; the rest exactly as given.
            uri = new URI(origin(uri) + path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
        } catch (URISyntaxException e) {
            throw ApiException.badRequest("url: not a valid URL (" + e.getReason() + ")");
        }
        for (ServerBase server : servers) {
            if (server.contains(uri)) {
                return uri;
            }
        }
        throw new ApiException(403, "url: " + origin(uri) + uri.getRawPath() + " is not under the servers of this site's API descriptions"
                + " (scheme, host, port and path must match one of: " + listed(servers) + ")");
    }

    /** Each segment, decoded up to three times, is neither {@code .} nor {@code ..} (before any {@code ;}) nor holds a separator. */
    private static void checkPath(String rawPath) {
        for (String segment : rawPath.split("/", -1)) {
            String s = segment;
            for (int depth = 0; depth < 4; depth++) {
                String bare = s.contains(";") ? s.substring(0, s.indexOf(';')) : s;
                if (bare.equals(".") || bare.equals("..")) {
                    throw ApiException.badRequest("url: the path may not contain '.' or '..' segments, encoded or not ('" + segment + "')");
                }
                if (depth > 0 && (s.contains("/") || s.contains("\\"))) {
                    throw ApiException.badRequest("url: the path may not contain an encoded '/' or '\\' ('" + segment + "')");
                }
                if (!s.contains("%")) {
                    break;
                }
                s = decode(s);
            }
        }
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest("url: the path has a malformed percent-encoding");
        }
    }

    static String origin(URI uri) {
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getRawAuthority();
    }

    static String listed(List<ServerBase> servers) {
        String shown = servers.stream().limit(LISTED).map(ServerBase::toString).collect(Collectors.joining(", "));
        return servers.size() > LISTED ? shown + " and " + (servers.size() - LISTED) + " more" : shown;
    }
}
