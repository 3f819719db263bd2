package dev.docsassistant.grpc;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The smallest HTTP/2 gRPC client: one call, written frame by frame, that never resets its stream.
 * It shows what the server does on its own (a stock client cancels at its deadline by itself).
 */
final class RawGrpcCall {
    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private RawGrpcCall() {
    }

    /** Sends CreateMessage with {@code grpc-timeout}; true once the server ends the stream (END_STREAM on stream 1). */
    static boolean createMessage(int port, String authorization, String grpcTimeout, byte[] request, Duration wait) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout((int) wait.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(PREFACE);
            frame(out, 4, 0, 0, new byte[0]); // SETTINGS
            ByteArrayOutputStream headers = new ByteArrayOutputStream();
            // Pseudo-headers by their HPACK static-table entries (Helidon accepts no literal pseudo-header names).
            headers.write(0x83); // :method POST
            headers.write(0x86); // :scheme http
            headers.write(0x04); // :path, literal value
            string(headers, "/docsassistant.v1.AssistantService/CreateMessage".getBytes(StandardCharsets.US_ASCII));
            headers.write(0x01); // :authority, literal value
            string(headers, "localhost".getBytes(StandardCharsets.US_ASCII));
            for (String[] h : new String[][]{{"content-type", "application/grpc"}, {"te", "trailers"},
                    {"grpc-timeout", grpcTimeout}, {"authorization", authorization}}) {
                literal(headers, h[0], h[1]);
            }
            frame(out, 1, 0x4, 1, headers.toByteArray()); // HEADERS, END_HEADERS
            ByteArrayOutputStream message = new ByteArrayOutputStream();
            message.write(0);
            message.write(new byte[]{(byte) (request.length >>> 24), (byte) (request.length >>> 16), (byte) (request.length >>> 8), (byte) request.length});
            message.write(request);
            frame(out, 0, 0x1, 1, message.toByteArray()); // DATA, END_STREAM
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            while (true) {
                int length = (in.readUnsignedByte() << 16) | (in.readUnsignedByte() << 8) | in.readUnsignedByte();
                int type = in.readUnsignedByte();
                int flags = in.readUnsignedByte();
                int stream = in.readInt() & 0x7fffffff;
                in.readFully(new byte[length]);
                if (type == 4 && (flags & 0x1) == 0) {
                    frame(out, 4, 0x1, 0, new byte[0]); // SETTINGS ACK
                    out.flush();
                }
                if (stream == 1 && (type == 0 || type == 1) && (flags & 0x1) != 0) {
                    return true;
                }
            }
        } catch (EOFException | java.net.SocketTimeoutException e) {
            return false;
        }
    }

    private static void frame(OutputStream out, int type, int flags, int stream, byte[] payload) throws IOException {
        out.write(new byte[]{(byte) (payload.length >>> 16), (byte) (payload.length >>> 8), (byte) payload.length,
                (byte) type, (byte) flags, (byte) (stream >>> 24), (byte) (stream >>> 16), (byte) (stream >>> 8), (byte) stream});
        out.write(payload);
    }

    /** HPACK "literal header field without indexing, new name", no Huffman coding. */
    private static void literal(ByteArrayOutputStream out, String name, String value) {
        out.write(0);
        string(out, name.getBytes(StandardCharsets.US_ASCII));
        string(out, value.getBytes(StandardCharsets.US_ASCII));
    }

    private static void string(ByteArrayOutputStream out, byte[] s) {
        int n = s.length;
        if (n < 127) {
            out.write(n);
        } else {
            out.write(127);
            n -= 127;
            while (n >= 128) {
                out.write((n & 0x7f) | 0x80);
                n >>>= 7;
            }
            out.write(n);
        }
        out.writeBytes(s);
    }
}
