package dev.docsassistant.grpc;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import dev.docsassistant.assistant.AssistantException;
import dev.docsassistant.request.InvalidFieldException;
import dev.docsassistant.sites.SiteNotReadyException;
import dev.docsassistant.store.StoreException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;

import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps what the shared core, the rules and the store throw to gRPC statuses; nothing becomes UNKNOWN.
 * Applied to every call by {@link ErrorStatuses}; the REST twin is {@code http.RestErrors}.
 */
public final class GrpcErrors {
    private static final Logger LOG = Logger.getLogger(GrpcErrors.class.getName());
    private static final Pattern UPPER = Pattern.compile("[A-Z]");

    private GrpcErrors() {
    }

    public static StatusRuntimeException toStatus(RuntimeException e, String method) {
        return switch (e) {
            case StatusRuntimeException s -> s;
            case InvalidFieldException invalid -> invalidArgument(invalid);
            case AssistantException a -> (switch (a.kind()) {
                case NOT_FOUND -> Status.NOT_FOUND;
                case INVALID -> Status.INVALID_ARGUMENT;
                // The answer provider failed before anything was streamed; a retry may succeed.
                case UPSTREAM_FAILED, UPSTREAM_UNAVAILABLE -> Status.UNAVAILABLE;
                case BUSY -> Status.UNAVAILABLE; // as many answers as the heap holds are streaming
            }).withDescription(a.getMessage()).asRuntimeException();
            case SiteNotReadyException indexing -> Status.UNAVAILABLE.withDescription(indexing.getMessage()).asRuntimeException();
            case StoreException store -> {
                LOG.log(Level.WARNING, "store unavailable in " + method, store);
                yield Status.UNAVAILABLE.withDescription("the store is unavailable; please try again").asRuntimeException();
            }
            default -> {
                LOG.log(Level.SEVERE, "unhandled error in " + method, e);
                yield Status.INTERNAL.withDescription("internal server error").asRuntimeException();
            }
        };
    }

    /** INVALID_ARGUMENT naming the field in the message and in a {@code google.rpc.BadRequest} detail. */
    static StatusRuntimeException invalidArgument(InvalidFieldException e) {
        String field = protoNames(e.field());
        BadRequest detail = BadRequest.newBuilder().addFieldViolations(BadRequest.FieldViolation.newBuilder()
                .setField(field).setDescription(e.problem())).build();
        return StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder()
                .setCode(Code.INVALID_ARGUMENT_VALUE)
                .setMessage(field + " " + e.problem())
                .addDetails(Any.pack(detail))
                .build());
    }

    /** A field path of the JSON API spelled as the .proto does: {@code context[0].elementId} → {@code context[0].element_id}. */
    static String protoNames(String text) {
        Matcher m = UPPER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean inWord = m.start() > 0 && Character.isLowerCase(text.charAt(m.start() - 1));
            m.appendReplacement(out, inWord ? "_" + m.group().toLowerCase() : m.group());
        }
        m.appendTail(out);
        return out.toString();
    }
}
