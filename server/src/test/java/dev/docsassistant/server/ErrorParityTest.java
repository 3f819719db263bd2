package dev.docsassistant.server;

import dev.docsassistant.assistant.AssistantException;
import dev.docsassistant.grpc.GrpcErrors;
import dev.docsassistant.rest.RestErrors;
import dev.docsassistant.request.InvalidFieldException;
import dev.docsassistant.sites.SiteNotReadyException;
import dev.docsassistant.store.StoreException;
import io.grpc.Status;
import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Both edges answer every failure of the shared core alike: each maps it in one place (RestErrors,
 * GrpcErrors), and here every exception type the core, the rules and the store throw goes through both.
 */
class ErrorParityTest {
    /** The status each HTTP status corresponds to on gRPC. */
    private static final Map<Integer, Status.Code> TWIN = Map.of(
            400, Status.Code.INVALID_ARGUMENT,
            404, Status.Code.NOT_FOUND,
            502, Status.Code.UNAVAILABLE,
            503, Status.Code.UNAVAILABLE,
            500, Status.Code.INTERNAL);

    private static List<RuntimeException> failures() {
        return List.of(
                new InvalidFieldException("retrievalPageSize", "must be an integer from 1 to 50"),
                new AssistantException(AssistantException.Kind.INVALID, "the question is empty"),
                new AssistantException(AssistantException.Kind.NOT_FOUND, "thread not found: thr_x"),
                new AssistantException(AssistantException.Kind.UPSTREAM_FAILED, "the model provider answered 400"),
                new AssistantException(AssistantException.Kind.UPSTREAM_UNAVAILABLE, "the model provider timed out"),
                new AssistantException(AssistantException.Kind.BUSY, "the server is streaming as many answers as it can (1)"),
                new StoreException("cannot write the thread", new SQLException("database is locked")),
                new SiteNotReadyException("docs"),
                new IllegalStateException("a bug"));
    }

    @Test
    void everyFailureGetsTheSameAnswerOnBothEdges() {
        Map<String, String> answers = new LinkedHashMap<>();
        for (RuntimeException e : failures()) {
            RestErrors.Answer rest = RestErrors.of(e);
            Status grpc = GrpcErrors.toStatus(e, "Test").getStatus();
            assertEquals(TWIN.get(rest.status()), grpc.getCode(), e + ": REST " + rest.status() + ", gRPC " + grpc.getCode());
            String restMessage = rest.message();
            String grpcMessage = grpc.getDescription();
            if (e instanceof InvalidFieldException) {
                // gRPC spells the field as the .proto does; the problem reads the same.
                assertEquals("retrieval_page_size must be an integer from 1 to 50", grpcMessage);
                assertEquals("retrievalPageSize must be an integer from 1 to 50", restMessage);
            } else {
                assertEquals(restMessage, grpcMessage, e.toString());
            }
            answers.put(e.getClass().getSimpleName(), rest.status() + "/" + grpc.getCode());
        }
        assertEquals("503/UNAVAILABLE", answers.get("StoreException"), "a store failure is passing: retry may succeed");
        assertEquals("500/INTERNAL", answers.get("IllegalStateException"));
        assertEquals("503/UNAVAILABLE", answers.get("SiteNotReadyException"), "a site still being indexed will be served");
    }

    @Test
    void nothingTheCoreThrowsIsAnUnexpectedFailure() {
        for (RuntimeException e : failures()) {
            if (!(e instanceof IllegalStateException)) {
                assertTrue(RestErrors.of(e).expected(), e.toString());
            }
        }
    }
}
