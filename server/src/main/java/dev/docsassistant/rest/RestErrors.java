package dev.docsassistant.rest;

import dev.docsassistant.web.ApiException;

import dev.docsassistant.assistant.AssistantException;
import dev.docsassistant.request.InvalidFieldException;
import dev.docsassistant.sites.SiteNotReadyException;
import dev.docsassistant.store.StoreException;
import io.helidon.http.HttpException;

/**
 * The REST edge's one table from what the core, the rules and the store throw to an HTTP status and
 * the {@code {"message"}} the client reads. The gRPC edge's twin is {@code grpc.GrpcErrors}; a test
 * holds the two to the same answers.
 */
public final class RestErrors {
    /** Sent when the store fails: the failure is ours and passing, so the client may retry. */
    public static final String STORE_UNAVAILABLE = "the store is unavailable; please try again";

    private RestErrors() {
    }

    /**
     * @param status   the HTTP status
     * @param message  the client's message
     * @param expected false for a failure of ours that is logged with its stack (a bug)
     */
    public record Answer(int status, String message, boolean expected) {
    }

    public static Answer of(Throwable e) {
        return switch (e) {
            case ApiException api -> new Answer(api.status(), api.getMessage(), true);
            case InvalidFieldException invalid -> new Answer(400, invalid.getMessage(), true);
            case AssistantException a -> new Answer(switch (a.kind()) {
                case INVALID -> 400;
                case NOT_FOUND -> 404;
                case UPSTREAM_FAILED -> 502;
                case UPSTREAM_UNAVAILABLE, BUSY -> 503;
            }, a.getMessage(), true);
            case SiteNotReadyException indexing -> new Answer(503, indexing.getMessage(), true);
            case StoreException store -> new Answer(503, STORE_UNAVAILABLE, true);
            case HttpException http -> new Answer(http.status().code(), http.status().reasonPhrase(), true);
            default -> new Answer(500, "internal server error", false);
        };
    }
}
