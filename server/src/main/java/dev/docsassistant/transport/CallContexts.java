package dev.docsassistant.transport;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Gives every call a cancellable {@link Context} carrying the client's deadline ({@code grpc-timeout}),
 * cancelled when the client cancels, the deadline passes or the call ends, as grpc-java's own server
 * does (Helidon's does not). Handlers read {@code Context.current().isCancelled()} to stop working.
 */
public final class CallContexts implements ServerInterceptor {
    static final Metadata.Key<String> GRPC_TIMEOUT = Metadata.Key.of("grpc-timeout", Metadata.ASCII_STRING_MARSHALLER);
    private final ScheduledExecutorService deadlines;

    /** @param deadlines cancels contexts whose deadline passed; owned by the server (see {@code GrpcSetup}) */
    public CallContexts(ScheduledExecutorService deadlines) {
        this.deadlines = deadlines;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        Long timeout = timeoutNanos(headers.get(GRPC_TIMEOUT));
        Context.CancellableContext context = timeout == null
                ? Context.current().withCancellation()
                : Context.current().withDeadlineAfter(timeout, TimeUnit.NANOSECONDS, deadlines);
        ServerCall.Listener<Q> listener;
        try {
            listener = Contexts.interceptCall(context, call, headers, next);
        } catch (RuntimeException e) {
            context.cancel(e);
            throw e;
        }
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            @Override
            public void onCancel() {
                context.cancel(null);
                super.onCancel();
            }

            @Override
            public void onComplete() {
                try {
                    super.onComplete();
                } finally {
                    context.cancel(null);
                }
            }
        };
    }

    /** The {@code grpc-timeout} value (1–8 digits and a unit: H, M, S, m, u, n) in nanoseconds, or null. */
    public static Long timeoutNanos(String value) {
        if (value == null || value.length() < 2 || value.length() > 9) {
            return null;
        }
        long amount;
        try {
            amount = Long.parseLong(value.substring(0, value.length() - 1));
        } catch (NumberFormatException e) {
            return null;
        }
        if (amount < 0) {
            return null;
        }
        TimeUnit unit = switch (value.charAt(value.length() - 1)) {
            case 'H' -> TimeUnit.HOURS;
            case 'M' -> TimeUnit.MINUTES;
            case 'S' -> TimeUnit.SECONDS;
            case 'm' -> TimeUnit.MILLISECONDS;
            case 'u' -> TimeUnit.MICROSECONDS;
            case 'n' -> TimeUnit.NANOSECONDS;
            default -> null;
        };
        return unit == null ? null : unit.toNanos(amount);
    }
}
