package dev.docsassistant.playground;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/** A {@code multipart/form-data} body (RFC 7578) of the playground's form parts, with a random boundary. */
record MultipartBody(String contentType, byte[] bytes) {
    private static final SecureRandom RANDOM = new SecureRandom();

    static MultipartBody of(List<PlaygroundRequest.Part> parts) {
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        String boundary = "----docs-assistant-" + HexFormat.of().formatHex(random);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (PlaygroundRequest.Part part : parts) {
            StringBuilder head = new StringBuilder("--").append(boundary).append("\r\n")
                    .append("Content-Disposition: form-data; name=\"").append(quoted(part.name())).append('"');
            if (part.filename() != null) {
                head.append("; filename=\"").append(quoted(part.filename())).append('"');
            }
            head.append("\r\n");
            if (part.contentType() != null) {
                head.append("Content-Type: ").append(part.contentType().replaceAll("[\\r\\n]", "")).append("\r\n");
            }
            out.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
            out.writeBytes(part.content());
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return new MultipartBody("multipart/form-data; boundary=" + boundary, out.toByteArray());
    }

    /** A name in a quoted string: quotes and line breaks percent-encoded, as browsers do. */
    private static String quoted(String s) {
        return s.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
    }
}
