package dev.docsassistant.transport;

import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Percent-encodes status messages, as the gRPC protocol requires for {@code grpc-message}: Helidon
 * 4.4 writes the description as it is, so a message naming a non-ASCII value (or the "…" of
 * {@code Bearer svc_dsc_…}) would reach clients garbled.
 */
public final class StatusMessages implements ServerInterceptor {
    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                String description = status.getDescription();
                super.close(description == null ? status : status.withDescription(encode(description)), trailers);
            }
        }, headers);
    }

    /** Every byte outside printable ASCII, and '%', as {@code %XX} of its UTF-8 encoding. */
    static String encode(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length);
        for (byte b : bytes) {
            int c = b & 0xff;
            if (c >= ' ' && c <= '~' && c != '%') {
                out.write(c);
            } else {
                out.writeBytes(("%" + Character.toUpperCase(Character.forDigit(c >> 4, 16))
                        + Character.toUpperCase(Character.forDigit(c & 0xf, 16))).getBytes(StandardCharsets.US_ASCII));
            }
        }
        return out.toString(StandardCharsets.US_ASCII);
    }
}
