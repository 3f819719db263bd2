package dev.docsassistant.metrics;

import io.helidon.metrics.api.Counter;
import io.helidon.metrics.api.Gauge;
import io.helidon.metrics.api.MeterRegistry;
import io.helidon.metrics.api.Tag;
import io.helidon.metrics.api.Timer;
import io.helidon.service.registry.Services;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The application's meters, served by {@code /observe/metrics} in Prometheus format. Names follow
 * Prometheus conventions once exported: counters gain {@code _total}, timers are histograms in
 * {@code _seconds} (with {@code _bucket}, {@code _count}, {@code _sum}). Every layer records here
 * through static methods, so no component needs a registry handed to it.
 */
public final class AppMetrics {
    private static final String PREFIX = "docs_assistant_";
    /** Bucket bounds for request and answer latencies: 1 ms to 60 s. */
    private static final Duration[] BUCKETS = {
            Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5), Duration.ofMillis(10),
            Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250),
            Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
            Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(60)};

    private static final double[] NO_PERCENTILES = {};
    // Meters are looked up in the registry at each recording, never kept here: Helidon's registry can be
    // erased (its meters dropped without a removal event; the test suite, starting and stopping servers in
    // one JVM, showed it), and a kept meter would then count where nothing reads it.

    private AppMetrics() {
    }

    /** One finished HTTP request or gRPC call: {@code edge} is rest or grpc, {@code route} the matched pattern or method. */
    public static void request(String edge, String route, String status, long nanos) {
        Iterable<Tag> tags = List.of(Tag.create("edge", edge), Tag.create("route", route), Tag.create("status", status));
        counter("requests", "Requests by edge, route and status", tags).increment();
        timer("request_duration", "Request duration by edge and route, streams included", tags).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** One search, from the search route or RPC (retrieval for answers is inside the answer times). */
    public static void search(String edge, long nanos) {
        timer("search_duration", "Search request duration", List.of(Tag.create("edge", edge))).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** From accepting an assistant request to its first event ({@code protocol}: v1, v2 or grpc). */
    public static void firstEvent(String protocol, long nanos) {
        timer("answer_first_event", "Time from an accepted assistant request to its first event",
                List.of(Tag.create("protocol", protocol))).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** From accepting an assistant request to its finish event. */
    public static void fullAnswer(String protocol, long nanos) {
        timer("answer_duration", "Time from an accepted assistant request to its finish event",
                List.of(Tag.create("protocol", protocol))).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** A language model's rewrite of a question into a search query ({@code outcome}: rewritten or fallback). */
    public static void queryRewrite(String outcome, long nanos) {
        timer("query_rewrite_duration", "Time spent rewriting questions into search queries before searching",
                List.of(Tag.create("outcome", outcome))).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** An answer generator failed ({@code kind}: unavailable, failed, internal, drained). */
    public static void generatorFailure(String kind) {
        counter("generator_failures", "Answers whose generator failed, by kind", List.of(Tag.create("kind", kind))).increment();
    }

    /** An answer refused because as many as the server may hold were streaming ({@code stream.max-open}). */
    public static void answerRefusedBusy() {
        counter("answers_refused_busy", "Answers refused because stream.max-open answers were streaming", List.of()).increment();
    }

    /** A request refused by a rate limit ({@code limit}: organization or address). */
    public static void rateLimited(String limit) {
        counter("rate_limit_rejections", "Requests refused by a rate limit", List.of(Tag.create("limit", limit))).increment();
    }

    /** A request let through uncounted because the shared limit store did not answer. */
    public static void rateLimitFailOpen() {
        counter("rate_limit_fail_open", "Requests let through uncounted because Redis did not answer", List.of()).increment();
    }

    /** A key look-up answered from this server's cache ({@code hit}) or from the store. */
    public static void keyCache(boolean hit) {
        counter("key_cache_lookups", "Assistant key look-ups by cache result",
                List.of(Tag.create("result", hit ? "hit" : "miss"))).increment();
    }

    /** A client closed or reset its connection before its request was read or its answer written. */
    public static void connectionLost() {
        counter("connections_lost", "Requests cut short because the client closed or reset its connection", List.of()).increment();
    }

    /** A store (SQL database) operation failed. */
    public static void storeError() {
        counter("store_errors", "Failed store operations", List.of()).increment();
    }

    /** A Redis operation failed. */
    public static void redisError() {
        counter("redis_errors", "Failed Redis operations", List.of()).increment();
    }

    /** Registers a gauge read on every scrape (open streams, index size per site). */
    public static void gauge(String name, String description, List<Tag> tags, Supplier<? extends Number> value) {
        registry().getOrCreate(Gauge.builder(PREFIX + name, () -> value.get().doubleValue())
                .description(description).tags(tags));
    }

    private static Counter counter(String name, String description, Iterable<Tag> tags) {
        return registry().getOrCreate(Counter.builder(PREFIX + name).description(description).tags(tags));
    }

    private static Timer timer(String name, String description, Iterable<Tag> tags) {
        return registry().getOrCreate(Timer.builder(PREFIX + name).description(description).tags(tags)
                .percentiles(NO_PERCENTILES).buckets(BUCKETS)); // buckets only: quantiles are computed by Prometheus
    }

    /** The registry Helidon's metrics observer serves, looked up once. */
    private static MeterRegistry registry() {
        return Registry.INSTANCE;
    }

    private static final class Registry {
        static final MeterRegistry INSTANCE = Services.get(MeterRegistry.class);
    }
}
