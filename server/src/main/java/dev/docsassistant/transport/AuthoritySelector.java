package dev.docsassistant.transport;

import io.helidon.common.HelidonServiceLoader;
import io.helidon.common.buffers.BufferData;
import io.helidon.http.HeaderNames;
import io.helidon.http.WritableHeaders;
import io.helidon.http.http2.FlowControl;
import io.helidon.http.http2.Http2Flag;
import io.helidon.http.http2.Http2FrameHeader;
import io.helidon.http.http2.Http2Headers;
import io.helidon.http.http2.Http2RstStream;
import io.helidon.http.http2.Http2StreamState;
import io.helidon.http.http2.Http2StreamWriter;
import io.helidon.http.http2.Http2WindowUpdate;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ProtocolConfigs;
import io.helidon.webserver.http2.Http2Config;
import io.helidon.webserver.http2.Http2ConnectionSelector;
import io.helidon.webserver.http2.spi.Http2SubProtocolProvider;
import io.helidon.webserver.http2.spi.Http2SubProtocolSelector;
import io.helidon.webserver.http2.spi.SubProtocolResult;
import io.helidon.webserver.spi.ProtocolConfig;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.spi.ServerConnectionSelector;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Predicate;

/**
 * HTTP/2 connections (prior knowledge, as gRPC clients open them) built as Helidon builds its own,
 * except that every sub-protocol (gRPC) first checks the stream's {@code :authority}: a host the
 * configuration does not name gets {@code PERMISSION_DENIED} before any service sees the call, the
 * rule the HTTP routes apply with 421. gRPC calls never reach the HTTP routing's filters, and
 * Helidon's calls do not expose their authority, so the check sits here.
 */
public final class AuthoritySelector implements ServerConnectionSelector {
    private static final int PERMISSION_DENIED = 7;
    private final ServerConnectionSelector http2;

    /**
     * @param protocols the listener's protocol settings
     * @param served    whether an authority ({@code host[:port]}) is one the server answers for
     */
    public AuthoritySelector(List<ProtocolConfig> protocols, Predicate<String> served) {
        ProtocolConfigs configs = ProtocolConfigs.create(protocols);
        Http2Config http2Config = protocols.stream().filter(Http2Config.class::isInstance).map(Http2Config.class::cast)
                .findFirst().orElseGet(Http2Config::create);
        Http2ConnectionSelector.Builder builder = Http2ConnectionSelector.builder().http2Config(http2Config);
        List<Http2SubProtocolSelector> selectors = new ArrayList<>();
        for (Http2SubProtocolProvider<?> provider : HelidonServiceLoader.create(ServiceLoader.load(Http2SubProtocolProvider.class)).asList()) {
            selectors.addAll(create(provider, configs));
        }
        selectors.forEach(s -> builder.addSubProtocolSelector(guarded(s, served)));
        this.http2 = builder.build();
    }

    /**
     * The provider's selectors, one per configuration of its protocol; with none configured (the
     * listener's protocols are only filled in when the server is built), one with its defaults, as
     * Helidon's own connections get.
     */
    private static <T extends ProtocolConfig> List<Http2SubProtocolSelector> create(Http2SubProtocolProvider<T> provider,
                                                                                 ProtocolConfigs configs) {
        List<T> found = configs.config(provider.protocolType(), provider.protocolConfigType());
        if (found.isEmpty()) {
            try {
                // Every Helidon protocol configuration is a prototype with a static create() of its defaults.
                found = List.of(provider.protocolConfigType().cast(provider.protocolConfigType().getMethod("create").invoke(null)));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot make the default configuration of " + provider.protocolType(), e);
            }
        }
        return found.stream().map(c -> provider.create(c, configs)).toList();
    }

    private static Http2SubProtocolSelector guarded(Http2SubProtocolSelector selector, Predicate<String> served) {
        return (ctx, prologue, headers, writer, streamId, serverSettings, clientSettings, flowControl, state, router) -> {
            SubProtocolResult result = selector.subProtocol(ctx, prologue, headers, writer, streamId, serverSettings,
                    clientSettings, flowControl, state, router);
            // Health stays open to any authority: orchestrators' gRPC probes name the pod by its address.
            if (result.supported() && !headers.path().startsWith("/grpc.health.v1.Health/") && !served.test(authority(headers))) {
                return new SubProtocolResult(true, new Refusal(writer, streamId, authority(headers)));
            }
            return result;
        };
    }

    private static String authority(Http2Headers headers) {
        String authority = headers.authority();
        return authority != null ? authority : headers.httpHeaders().first(HeaderNames.HOST).orElse("");
    }

    @Override
    public int bytesToIdentifyConnection() {
        return http2.bytesToIdentifyConnection();
    }

    @Override
    public Support supports(BufferData request) {
        return http2.supports(request);
    }

    @Override
    public Set<String> supportedApplicationProtocols() {
        return http2.supportedApplicationProtocols();
    }

    @Override
    public ServerConnection connection(ConnectionContext ctx) {
        return http2.connection(ctx);
    }

    /** A trailers-only gRPC answer: PERMISSION_DENIED naming the host, then the stream is done. */
    private static final class Refusal implements Http2SubProtocolSelector.SubProtocolHandler {
        private final Http2StreamWriter writer;
        private final int streamId;
        private final String authority;
        private Http2StreamState state = Http2StreamState.OPEN;

        Refusal(Http2StreamWriter writer, int streamId, String authority) {
            this.writer = writer;
            this.streamId = streamId;
            this.authority = authority;
        }

        @Override
        public void init() {
            String shown = authority.length() > 100 ? authority.substring(0, 100) : authority;
            WritableHeaders<?> headers = WritableHeaders.create()
                    .set(Http2Headers.STATUS_NAME, 200)
                    .set(HeaderNames.CONTENT_TYPE, "application/grpc")
                    .set(HeaderNames.create("grpc-status"), String.valueOf(PERMISSION_DENIED))
                    .set(HeaderNames.create("grpc-message"), percentEncoded("host " + shown
                            + " is not served here; use a host name the server is configured for"));
            writer.writeHeaders(Http2Headers.create(headers), streamId,
                    Http2Flag.HeaderFlags.create(Http2Flag.END_OF_HEADERS | Http2Flag.END_OF_STREAM), FlowControl.Outbound.NOOP);
            state = Http2StreamState.HALF_CLOSED_LOCAL;
        }

        @Override
        public Http2StreamState streamState() {
            return state;
        }

        @Override
        public void rstStream(Http2RstStream rstStream) {
            state = Http2StreamState.CLOSED;
        }

        @Override
        public void windowUpdate(Http2WindowUpdate windowUpdate) {
        }

        @Override
        public void data(Http2FrameHeader header, BufferData data) {
            // The call's messages are not read: it was refused by its headers.
        }

        /** grpc-message: printable ASCII as is, everything else (and '%') percent-encoded. */
        private static String percentEncoded(String text) {
            StringBuilder out = new StringBuilder();
            for (byte b : text.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                int c = b & 0xff;
                if (c >= 0x20 && c <= 0x7e && c != '%') {
                    out.append((char) c);
                } else {
                    out.append('%').append(String.format("%02X", c));
                }
            }
            return out.toString();
        }
    }
}
