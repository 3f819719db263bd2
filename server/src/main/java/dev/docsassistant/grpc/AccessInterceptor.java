package dev.docsassistant.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Duration;
import com.google.rpc.Code;
import com.google.rpc.RetryInfo;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.AccessDecision;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.Quota;
import dev.docsassistant.security.Caller;
import io.grpc.Context;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.helidon.webserver.grpc.GrpcConnectionContext;
import io.helidon.webserver.grpc.ServerContextKeys;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * The gRPC edge of {@link AccessCheck}, the rule REST applies: the key in the {@code authorization}
 * metadata ({@code Bearer svc_dsc_…}) must open the site the request names, within the rate limits.
 * The site is a field of the request message, so the check runs when the message arrives, before
 * the method sees it. Refusals: UNAUTHENTICATED, PERMISSION_DENIED, RESOURCE_EXHAUSTED with a
 * {@code google.rpc.RetryInfo} detail and a {@code retry-after} trailer. Every answer carries the
 * {@code ratelimit-*} metadata REST sends as headers. Health and reflection stay open, as REST's
 * {@code /health} does.
 */
final class AccessInterceptor implements ServerInterceptor {
    static final Metadata.Key<String> AUTHORIZATION = Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> X_FORWARDED_FOR = Metadata.Key.of("x-forwarded-for", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> ORIGIN = Metadata.Key.of("origin", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> RATE_LIMIT_LIMIT = Metadata.Key.of("ratelimit-limit", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> RATE_LIMIT_REMAINING = Metadata.Key.of("ratelimit-remaining", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> RATE_LIMIT_RESET = Metadata.Key.of("ratelimit-reset", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> RETRY_AFTER = Metadata.Key.of("retry-after", Metadata.ASCII_STRING_MARSHALLER);
    /** The granted caller, in the context the method runs in: its key says which access groups it reads. */
    static final Context.Key<Caller> CALLER = Context.key("docs-assistant.caller");

    private final AccessCheck access;

    AccessInterceptor(AccessCheck access) {
        this.access = access;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        if (!AssistantServiceGrpc.SERVICE_NAME.equals(call.getMethodDescriptor().getServiceName())) {
            return next.startCall(call, headers);
        }
        String authorization = headers.get(AUTHORIZATION);
        Iterable<String> forwarded = headers.getAll(X_FORWARDED_FOR);
        List<String> forwardedFor = new ArrayList<>();
        if (forwarded != null) {
            forwarded.forEach(forwardedFor::add);
        }
        String origin = headers.get(ORIGIN);
        InetAddress peer = peer();
        QuotaCall<Q, R> quotaCall = new QuotaCall<>(call);
        ServerCall.Listener<Q> listener = next.startCall(quotaCall, headers);
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            private boolean refused;
            private Caller caller;

            @Override
            public void onMessage(Q message) {
                String domain = domainOf(message);
                if (domain.isEmpty()) {
                    super.onMessage(message); // the method answers INVALID_ARGUMENT: domain is required
                    return;
                }
                AccessDecision decision = access.check(new AccessRequest(domain, authorization, peer, forwardedFor, origin));
                quotaCall.quota = decision.quota();
                if (decision.granted()) {
                    caller = decision.caller();
                    super.onMessage(message);
                    return;
                }
                refused = true;
                StatusRuntimeException status = refusal(decision);
                Metadata trailers = status.getTrailers() == null ? new Metadata() : status.getTrailers();
                putQuota(trailers, decision.quota());
                call.close(status.getStatus(), trailers);
            }

            @Override
            public void onHalfClose() {
                if (refused) {
                    return;
                }
                // Unary and server-streaming methods run here: they see the caller in their context.
                Context previous = Context.current().withValue(CALLER, caller).attach();
                try {
                    super.onHalfClose();
                } finally {
                    Context.current().detach(previous);
                }
            }
        };
    }

    static StatusRuntimeException refusal(AccessDecision decision) {
        return switch (decision.outcome()) {
            case UNAUTHENTICATED -> Status.UNAUTHENTICATED.withDescription(decision.message()).asRuntimeException();
            case FORBIDDEN -> Status.PERMISSION_DENIED.withDescription(decision.message()).asRuntimeException();
            case RATE_LIMITED -> StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder()
                    .setCode(Code.RESOURCE_EXHAUSTED_VALUE)
                    .setMessage(decision.message())
                    .addDetails(com.google.protobuf.Any.pack(RetryInfo.newBuilder()
                            .setRetryDelay(Duration.newBuilder().setSeconds(decision.quota().retryAfterSeconds())).build()))
                    .build());
            case GRANTED -> throw new IllegalArgumentException("not a refusal");
        };
    }

    private static void putQuota(Metadata metadata, Quota q) {
        if (q == null) {
            return;
        }
        metadata.put(RATE_LIMIT_LIMIT, Long.toString(q.limit()));
        metadata.put(RATE_LIMIT_REMAINING, Long.toString(q.remaining()));
        metadata.put(RATE_LIMIT_RESET, Long.toString(q.resetSeconds()));
        if (!q.allowed()) {
            metadata.put(RETRY_AFTER, Long.toString(q.retryAfterSeconds()));
        }
    }

    /** The {@code domain} field every request message of the service has (field 1). */
    private static String domainOf(Object message) {
        if (message instanceof com.google.protobuf.Message m) {
            Descriptors.FieldDescriptor field = m.getDescriptorForType().findFieldByName("domain");
            if (field != null && m.getField(field) instanceof String domain) {
                return domain;
            }
        }
        return "";
    }

    /** The socket's remote address, as REST takes it; loopback when the transport has none. */
    private static InetAddress peer() {
        GrpcConnectionContext connection = ServerContextKeys.CONNECTION_CONTEXT.get();
        if (connection != null && connection.remotePeer().address() instanceof InetSocketAddress socket && socket.getAddress() != null) {
            return socket.getAddress();
        }
        return InetAddress.getLoopbackAddress();
    }

    /**
     * Puts the request's quota on a granted call's response headers, or on its trailers when it ends
     * without headers (an error such as INVALID_ARGUMENT or NOT_FOUND is a trailers-only answer).
     */
    private static final class QuotaCall<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        private volatile Quota quota;
        private volatile boolean headersSent;

        QuotaCall(ServerCall<Q, R> call) {
            super(call);
        }

        @Override
        public void sendHeaders(Metadata headers) {
            putQuota(headers, quota);
            headersSent = true;
            super.sendHeaders(headers);
        }

        @Override
        public void close(Status status, Metadata trailers) {
            if (!headersSent && trailers.get(RATE_LIMIT_LIMIT) == null) {
                putQuota(trailers, quota);
            }
            super.close(status, trailers);
        }
    }
}
