package dev.docsassistant.web;

import io.helidon.webserver.http.ServerRequest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** The fields of a submitted form ({@code application/x-www-form-urlencoded}), read up to a size limit. */
public final class FormBody {
    public static final int MAX_BYTES = 16 * 1024;

    private final Map<String, String> fields;

    private FormBody(Map<String, String> fields) {
        this.fields = fields;
    }

    public static FormBody read(ServerRequest req) {
        String type = req.headers().contentType().map(t -> t.mediaType().text()).orElse("");
        if (!type.equals("application/x-www-form-urlencoded")) {
            throw ApiException.badRequest("a form must be sent as application/x-www-form-urlencoded");
        }
        byte[] bytes;
        try (InputStream in = req.content().inputStream()) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (bytes.length > MAX_BYTES) {
            throw ApiException.tooLarge("a form may hold at most " + MAX_BYTES + " bytes");
        }
        Map<String, String> fields = new HashMap<>();
        for (String pair : new String(bytes, StandardCharsets.UTF_8).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            try {
                String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                fields.putIfAbsent(name, value);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest("the form is not valid URL encoding");
            }
        }
        return new FormBody(fields);
    }

    /** The field's value, or null when the form has none. */
    public String get(String name) {
        return fields.get(name);
    }
}
