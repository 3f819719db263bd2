package dev.docsassistant.grpc;

import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The gRPC edge's one place where exceptions become statuses: whatever a method, or the rules, core
 * and store it calls, throws is mapped by {@link GrpcErrors} and the call closed with that status and
 * its details, the shape of grpc-java's {@code TransmitStatusRuntimeExceptionInterceptor}. Services
 * just throw. Without it Helidon 4.4 logs the exception and cancels the call, and the client never
 * gets a status. Registered innermost, so the close passes through the access check's call and the
 * answer carries the {@code ratelimit-*} metadata like every other.
 */
final class ErrorStatuses implements ServerInterceptor {
    private static final Logger LOG = Logger.getLogger(ErrorStatuses.class.getName());

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        OnceClosedCall<Q, R> once = new OnceClosedCall<>(call);
        ServerCall.Listener<Q> listener;
        try {
            listener = next.startCall(once, headers);
        } catch (RuntimeException e) {
            once.closeWith(e);
            return new ServerCall.Listener<>() { };
        }
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            @Override
            public void onMessage(Q message) {
                try {
                    super.onMessage(message);
                } catch (RuntimeException e) {
                    once.closeWith(e);
                }
            }

            @Override
            public void onHalfClose() {
                try {
                    super.onHalfClose(); // unary and server-streaming methods run here
                } catch (RuntimeException e) {
                    once.closeWith(e);
                }
            }

            @Override
            public void onReady() {
                try {
                    super.onReady();
                } catch (RuntimeException e) {
                    once.closeWith(e);
                }
            }
        };
    }

    /** Closes at most once: an exception after the method closed the call itself is only logged. */
    private static final class OnceClosedCall<Q, R> extends ForwardingServerCall.SimpleForwardingServerCall<Q, R> {
        private boolean closed;

        OnceClosedCall(ServerCall<Q, R> call) {
            super(call);
        }

        @Override
        public synchronized void close(Status status, Metadata trailers) {
            if (!closed) {
                closed = true;
                super.close(status, trailers);
            }
        }

        synchronized void closeWith(RuntimeException e) {
            String method = getMethodDescriptor().getFullMethodName();
            if (closed) {
                LOG.log(Level.WARNING, "error after " + method + " had answered", e);
                return;
            }
            StatusRuntimeException status = GrpcErrors.toStatus(e, method);
            close(status.getStatus(), status.getTrailers() == null ? new Metadata() : status.getTrailers());
        }
    }
}
