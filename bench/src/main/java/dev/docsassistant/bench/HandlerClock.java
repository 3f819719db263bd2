package dev.docsassistant.bench;

import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A routing filter that times each request the bench tags ({@code X-Bench-Id}) inside the server:
 * the CPU time of the thread handling it (every filter and route after the host check, the response
 * written) and its wall time. Helidon handles a request on a virtual thread, whose CPU time the JVM
 * does not report (-1), so the time is its carrier's: {@code Thread.currentCarrierThread()} (opened by
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}, which {@code bench/run} passes) and the
 * {@link ThreadMXBean}'s CPU time of that platform thread, read at the start and the end. A request whose
 * virtual thread moved to another carrier meanwhile is marked, its CPU time meaningless.
 */
final class HandlerClock implements Filter {
    static final HeaderName HEADER = HeaderNames.create("X-Bench-Id");
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final MethodHandle CARRIER = carrierHandle();

    /** One request as the server spent it. */
    record Sample(long cpuNanos, long wallNanos, boolean sameCarrier) {
    }

    private final Map<String, Sample> samples = new ConcurrentHashMap<>();

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        Optional<String> id = req.headers().first(HEADER);
        if (id.isEmpty()) {
            chain.proceed();
            return;
        }
        Thread carrier = carrier();
        long cpu = THREADS.getThreadCpuTime(carrier.threadId());
        long wall = System.nanoTime();
        try {
            chain.proceed();
        } finally {
            long wallNanos = System.nanoTime() - wall;
            Thread now = carrier();
            long cpuNanos = THREADS.getThreadCpuTime(now.threadId()) - cpu;
            samples.put(id.get(), new Sample(cpuNanos, wallNanos, now == carrier));
        }
    }

    /** The sample of request {@code id}, waiting for the filter to finish it (the response can reach the client first). */
    Sample take(String id) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        Sample s;
        while ((s = samples.remove(id)) == null) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("request " + id + " was never timed: is the filter installed?");
            }
            Thread.onSpinWait();
        }
        return s;
    }

    private static Thread carrier() {
        try {
            return (Thread) CARRIER.invokeExact();
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static MethodHandle carrierHandle() {
        try {
            return MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup())
                    .findStatic(Thread.class, "currentCarrierThread", MethodType.methodType(Thread.class));
        } catch (ReflectiveOperationException | IllegalAccessError e) {
            throw new IllegalStateException("the carrier thread is not reachable: run with --add-opens java.base/java.lang=ALL-UNNAMED"
                    + " (bench/run does)", e);
        }
    }
}
