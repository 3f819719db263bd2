package dev.docsassistant.grpc;

import dev.docsassistant.metrics.AppMetrics;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

import java.util.function.BooleanSupplier;

/**
 * Counts and times every call by method and status (the {@code rest} edge's twin), and refuses new
 * assistant calls with UNAVAILABLE while the server drains, so clients retry on another server.
 * Health and reflection stay open.
 */
final class CallMetrics implements ServerInterceptor {
    private final BooleanSupplier draining;

    CallMetrics(BooleanSupplier draining) {
        this.draining = draining;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        long started = System.nanoTime();
        String method = call.getMethodDescriptor().getFullMethodName();
        ServerCall<Q, R> timed = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                AppMetrics.request("grpc", method, status.getCode().name(), System.nanoTime() - started);
                super.close(status, trailers);
            }
        };
        if (draining.getAsBoolean() && !method.startsWith("grpc.")) {
            timed.close(Status.UNAVAILABLE.withDescription("the server is shutting down; retry on another server"), new Metadata());
            return new ServerCall.Listener<>() { };
        }
        return next.startCall(timed, headers);
    }
}
