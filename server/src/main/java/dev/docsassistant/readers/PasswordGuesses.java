package dev.docsassistant.readers;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.EstimationProbe;
import io.github.bucket4j.TimeMeter;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wrong passwords counted per site and client address: at most {@link #WRONG_GUESSES} per
 * {@link #WINDOW}, then the sign-in refuses (429) until the window ends. Only wrong guesses are
 * counted and only this address is refused: other addresses, and every other route, go on as before.
 * Bucket4j buckets in memory, bounded (a flood of addresses starts the count over rather than grow).
 */
public final class PasswordGuesses {
    public static final int WRONG_GUESSES = 10;
    public static final Duration WINDOW = Duration.ofMinutes(15);
    static final int MAX_ADDRESSES = 100_000;

    private final Map<String, Bucket> byAddress = new ConcurrentHashMap<>();
    private final TimeMeter time;

    public PasswordGuesses() {
        this(TimeMeter.SYSTEM_NANOTIME);
    }

    /** @param time the clock the windows run on (a test moves its own) */
    public PasswordGuesses(TimeMeter time) {
        this.time = time;
    }

    /** Seconds until this address may guess again; 0 when it may now. */
    public long waitSeconds(String domain, String address) {
        Bucket bucket = byAddress.get(domain + "\n" + address);
        if (bucket == null) {
            return 0;
        }
        EstimationProbe probe = bucket.estimateAbilityToConsume(1);
        return probe.canBeConsumed() ? 0 : Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
    }

    /** Counts a wrong guess of this address. */
    public void wrong(String domain, String address) {
        if (byAddress.size() >= MAX_ADDRESSES) {
            byAddress.clear();
        }
        byAddress.computeIfAbsent(domain + "\n" + address, k -> Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(WRONG_GUESSES).refillIntervally(WRONG_GUESSES, WINDOW).build())
                .withCustomTimePrecision(time).build()).tryConsume(1);
    }
}
