package dev.docsassistant.bench;

import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.AccessDecision;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.ApiKeys;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.security.RateLimits;
import dev.docsassistant.security.TrustedProxies;
import dev.docsassistant.store.Database;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What the access rule costs each API request, in process, on the real SQLite store: a valid key (found
 * in the key cache), a random key (a store look-up every time, as under a guessing attack), and the
 * valid-key path on several threads at once. Limits are set out of reach so every request is counted.
 * Run: {@code bench/run AccessCheckLatency [requests]}.
 */
public final class AccessCheckLatency {
    private AccessCheckLatency() {
    }

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        Path dir = Files.createTempDirectory("docs-assistant-bench-access-");
        try (Database db = Database.openSqlite(dir)) {
            ApiKeys keys = new ApiKeys(db);
            String valid = "Bearer " + keys.create("bench", Optional.empty(), List.of(), "bench").secret();
            AccessCheck check = new AccessCheck(keys, Map.of("docs", "bench"), new RateLimits(
                    new RateLimits.Limit(1_000_000_000, Duration.ofHours(1)),
                    new RateLimits.Limit(1_000_000_000, Duration.ofDays(1))), TrustedProxies.NONE, Clock.systemUTC());
            InetAddress[] clients = new InetAddress[1024];
            for (int i = 0; i < clients.length; i++) {
                clients[i] = InetAddress.getByAddress(new byte[]{(byte) 198, 18, (byte) (i >> 8), (byte) i});
            }
            time("warm-up", check, valid, clients, requests / 4, false);
            time("valid key, one thread", check, valid, clients, requests, false);
            time("random keys (store look-up each), one thread", check, null, clients, Math.max(1000, requests / 20), true);
            int threads = Runtime.getRuntime().availableProcessors() * 4;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                long start = System.nanoTime();
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    done.add(pool.submit(() -> time(null, check, valid, clients, requests / threads, false)));
                }
                for (Future<?> f : done) {
                    f.get();
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf(Locale.ROOT, "valid key, %d threads on %d cores: %.0f checks/s%n", threads,
                        Runtime.getRuntime().availableProcessors(), requests / seconds);
            } finally {
                pool.shutdown();
            }
        }
    }

    private static long[] time(String label, AccessCheck check, String authorization, InetAddress[] clients, int n, boolean random) {
        long[] nanos = new long[n];
        for (int i = 0; i < n; i++) {
            String auth = random ? "Bearer " + KeyHasher.newKey() : authorization;
            AccessRequest request = new AccessRequest("docs", auth, clients[i % clients.length], List.of(), null);
            long start = System.nanoTime();
            AccessDecision d = check.check(request);
            nanos[i] = System.nanoTime() - start;
            if (d.granted() == random) {
                throw new AssertionError("unexpected " + d.outcome());
            }
        }
        if (label != null && !label.equals("warm-up")) {
            Arrays.sort(nanos);
            System.out.printf(Locale.ROOT, "%s: %d checks, p50 %.1f µs, p99 %.1f µs, max %.1f µs%n", label, n,
                    pct(nanos, 50), pct(nanos, 99), nanos[n - 1] / 1e3);
        }
        return nanos;
    }

    private static double pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1e3;
    }
}
