package dev.docsassistant.playground;

import dev.docsassistant.egress.EgressHttp;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The proxy's answer for an API response: {@code status}, {@code headers} (lower-case names, a
 * header's values joined with {@code ", "}), {@code body} with {@code bodyEncoding} ({@code text}
 * for UTF-8 text, {@code base64} for anything else), {@code truncated}, {@code durationMs} and the
 * {@code url} that answered (after redirects).
 */
final class ResponseJson {
    private ResponseJson() {
    }

    static Map<String, Object> of(EgressHttp.Response response, long durationMs) {
        Map<String, String> headers = new TreeMap<>();
        response.headers().forEach((name, values) -> headers.put(name, String.join(", ", values)));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", response.status());
        out.put("headers", headers);
        String text = textual(response.header("content-type")) ? utf8(response.body(), response.truncated()) : null;
        out.put("body", text != null ? text : Base64.getEncoder().encodeToString(response.body()));
        out.put("bodyEncoding", text != null ? "text" : "base64");
        out.put("truncated", response.truncated());
        out.put("durationMs", durationMs);
        out.put("url", response.uri().toString());
        return out;
    }

    /** Text types, and a body without a type (shown as text when it is UTF-8). */
    private static boolean textual(String contentType) {
        if (contentType == null) {
            return true;
        }
        String type = contentType.toLowerCase(Locale.ROOT).split(";", 2)[0].strip();
        return type.startsWith("text/") || type.endsWith("/json") || type.endsWith("+json") || type.endsWith("/xml")
                || type.endsWith("+xml") || List.of("application/javascript", "application/x-www-form-urlencoded",
                "application/yaml", "application/x-yaml", "application/graphql", "application/x-ndjson").contains(type);
    }

    /** The body as UTF-8, or null when it is not; a body cut off may end inside a character, which is dropped. */
    private static String utf8(byte[] body, boolean truncated) {
        for (int drop = 0; drop <= (truncated ? Math.min(3, body.length) : 0); drop++) {
            try {
                return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(body, 0, body.length - drop)).toString();
            } catch (CharacterCodingException e) {
                // try without the last bytes of a cut-off character
            }
        }
        return null;
    }
}
