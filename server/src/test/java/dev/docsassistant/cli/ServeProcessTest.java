package dev.docsassistant.cli;

import dev.docsassistant.testing.CapturedProcess;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code serve} as an operator runs it, in its own JVM: its start-up summary of the site's problems (and
 * nothing an operator need not read),
 * and what a SIGTERM does (health turns NOT_SERVING, seen by a watching probe, before the server goes).
 */
class ServeProcessTest {
    @TempDir
    Path dir;

    @Test
    void serveSummarisesProblemsAndTurnsNotServingWhenItStops() throws Exception {
        Path config = IndexCommandTest.brokenSite(dir);
        try (CapturedProcess serve = CapturedProcess.java(dir, "dev.docsassistant.Main", "serve", "--config", config.toString(), "--port", "0")) {
            String listening = serve.awaitLine(l -> l.startsWith("listening on http://"), Duration.ofMinutes(2));
            int port = Integer.parseInt(listening.replaceAll(".*:(\\d+)$", "$1"));
            // The port opens first; the site's report follows once it is indexed.
            serve.awaitLine(l -> l.startsWith("sites indexed: docs in "), Duration.ofMinutes(2));
            List<String> out = serve.lines();
            assertTrue(out.stream().anyMatch(l -> l.matches("site docs: 1 pages \\(1 searchable\\), 1 sections, .*, 25 problems")), out.toString());
            assertEquals(20, out.stream().filter(l -> l.startsWith("  skipped or suspect: docs.json")).count(), out.toString());
            assertTrue(out.contains("  ... and 5 more (bin/docs-assistant index lists them all)"), out.toString());
            // Start-up says what an operator needs: no GPU probe of a CPU-only model, no terminal escape codes.
            assertTrue(out.stream().noneMatch(l -> l.contains("CUDA")), out.toString());
            assertTrue(out.stream().noneMatch(l -> l.indexOf('\u001b') >= 0), out.toString());

            ManagedChannel channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
            try {
                Iterator<HealthCheckResponse> watch = HealthGrpc.newBlockingStub(channel).withDeadlineAfter(2, TimeUnit.MINUTES)
                        .watch(HealthCheckRequest.getDefaultInstance());
                assertEquals(ServingStatus.SERVING, watch.next().getStatus());
                serve.process().destroy(); // SIGTERM, as from systemd or Kubernetes
                assertEquals(ServingStatus.NOT_SERVING, watch.next().getStatus(), "the probe hears of the stop before the server goes");
            } finally {
                channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            }
            assertTrue(serve.process().waitFor(60, TimeUnit.SECONDS), "serve exits after SIGTERM");
            assertFalse(serve.process().isAlive());
        }
    }
}
