package dev.docsassistant.resume;

import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.store.Redis;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XReadArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Answer records in the fleet's Redis, so that any server can resume an answer another one is
 * producing: the thread's answer now ({@code docs-assistant:answer:{threadId}}, holding its answer
 * id) and one Redis stream per answer ({@code docs-assistant:answer:{threadId}:{answerId}}) holding a
 * {@code begin} entry, one {@code e} entry per event and, once the answer is over, an {@code end}
 * entry. Both keys expire {@code ttl} after the answer's last event or keep-alive (a server that
 * stopped mid-answer leaves nothing behind for long); the stream {@link ResumeSettings#FINISHED_KEPT}
 * after its end, so that followers read its last events. An ended answer is no longer active. A
 * stream per answer keeps an older answer of the thread, still being produced elsewhere, out of the
 * newer one's record.
 *
 * <p>The producer's writes are asynchronous, in order on the one shared connection, and never
 * delay the answer; a Redis outage only makes answers unresumable. Followers poll with
 * non-blocking {@code XREAD}s every {@link #POLL}: a blocking read would hold the shared connection.
 */
public final class RedisAnswerRecords implements AnswerRecords {
    private static final Logger LOG = Logger.getLogger(RedisAnswerRecords.class.getName());
    static final Duration POLL = Duration.ofMillis(100);
    private static final byte[] BEGIN = bytes("begin");
    private static final byte[] EVENT = bytes("e");
    private static final byte[] END = bytes("end");
    private static final byte[] MARK = bytes("1");
    private static final long LOG_EVERY = TimeUnit.MINUTES.toNanos(1);

    private final Redis redis;
    private final Duration ttl;
    /** The answer each thread is given on this server now, to tell an older one it was superseded. */
    private final Map<String, Object> local = new ConcurrentHashMap<>();
    private final AtomicLong lastLog = new AtomicLong(System.nanoTime() - LOG_EVERY);

    public RedisAnswerRecords(Redis redis, Duration ttl) {
        this.redis = redis;
        this.ttl = ttl;
    }

    /** The key naming the thread's answer now. */
    static byte[] key(String threadId) {
        return bytes("docs-assistant:answer:" + threadId);
    }

    /** The key of one answer's events. */
    static byte[] key(String threadId, String answerId) {
        return bytes("docs-assistant:answer:" + threadId + ":" + answerId);
    }

    @Override
    public Recording record(String threadId) {
        Optional<StatefulRedisConnection<byte[], byte[]>> connection = redis.connection();
        if (connection.isEmpty()) {
            return Recording.NONE;
        }
        Object token = new Object();
        local.put(threadId, token);
        String answerId = UUID.randomUUID().toString();
        byte[] current = key(threadId);
        byte[] key = key(threadId, answerId);
        var async = connection.get().async();
        watch(async.xadd(key, Map.of(BEGIN, MARK)));
        watch(async.pexpire(key, ttl.toMillis()));
        watch(async.psetex(current, ttl.toMillis(), bytes(answerId)));
        return new Recording() {
            @Override
            public void append(String event) {
                watch(async.xadd(key, Map.of(EVENT, bytes(event))));
                touch();
            }

            @Override
            public void touch() {
                watch(async.pexpire(key, ttl.toMillis()));
                watch(async.pexpire(current, ttl.toMillis())); // whichever answer it names now: it is alive
            }

            @Override
            public void end() {
                local.remove(threadId, token);
                watch(async.xadd(key, Map.of(END, MARK)));
                watch(async.pexpire(key, ResumeSettings.FINISHED_KEPT.toMillis()));
            }

            @Override
            public boolean superseded() {
                return local.get(threadId) != token;
            }
        };
    }

    @Override
    public Optional<Follower> follow(String threadId) {
        Optional<StatefulRedisConnection<byte[], byte[]>> connection = redis.connection();
        if (connection.isEmpty()) {
            return Optional.empty();
        }
        var sync = connection.get().sync();
        byte[] key;
        try {
            byte[] answerId = sync.get(key(threadId));
            if (answerId == null) {
                return Optional.empty();
            }
            key = key(threadId, new String(answerId, StandardCharsets.UTF_8));
            List<StreamMessage<byte[], byte[]>> last = sync.xrevrange(key, Range.unbounded(), Limit.from(1));
            if (last.isEmpty() || containsKey(last.getFirst().getBody(), END)) {
                return Optional.empty();
            }
        } catch (RuntimeException e) {
            failed(e);
            return Optional.empty(); // nothing to resume as far as this server can tell
        }
        return Optional.of(new RedisFollower(sync, key));
    }

    /** Reads one record from its first entry on. */
    private final class RedisFollower implements Follower {
        private final RedisCommands<byte[], byte[]> sync;
        private final byte[] key;
        private String lastId = "0-0";

        RedisFollower(RedisCommands<byte[], byte[]> sync, byte[] key) {
            this.sync = sync;
            this.key = key;
        }

        @Override
        public Batch next(Duration wait) throws InterruptedException {
            long deadline = System.nanoTime() + wait.toNanos();
            while (true) {
                List<StreamMessage<byte[], byte[]>> read;
                try {
                    read = sync.xread(XReadArgs.Builder.count(1000), XReadArgs.StreamOffset.from(key, lastId));
                    if (read.isEmpty() && sync.exists(key) == 0) {
                        return new Batch(List.of(), true, true); // expired: its server stopped producing it
                    }
                } catch (RuntimeException e) {
                    failed(e);
                    return new Batch(List.of(), true, true);
                }
                if (!read.isEmpty()) {
                    return batch(read);
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return Batch.NOTHING_YET;
                }
                Thread.sleep(Math.min(POLL.toMillis(), Math.max(1, TimeUnit.NANOSECONDS.toMillis(left))));
            }
        }

        private Batch batch(List<StreamMessage<byte[], byte[]>> read) {
            List<String> events = new ArrayList<>();
            for (StreamMessage<byte[], byte[]> m : read) {
                lastId = m.getId();
                Map<byte[], byte[]> body = m.getBody();
                if (containsKey(body, END)) {
                    return new Batch(events, true, false);
                }
                if (!containsKey(body, BEGIN)) {
                    events.add(new String(value(body, EVENT), StandardCharsets.UTF_8));
                }
            }
            return new Batch(events, false, false);
        }
    }

    /** Byte-array keys compare by identity in a map: look them up by content. */
    private static boolean containsKey(Map<byte[], byte[]> body, byte[] field) {
        return value(body, field) != null;
    }

    private static byte[] value(Map<byte[], byte[]> body, byte[] field) {
        for (Map.Entry<byte[], byte[]> e : body.entrySet()) {
            if (Arrays.equals(e.getKey(), field)) {
                return e.getValue();
            }
        }
        return null;
    }

    private void watch(RedisFuture<?> future) {
        future.whenComplete((ok, e) -> {
            if (e != null) {
                failed(e);
            }
        });
    }

    private void failed(Throwable e) {
        AppMetrics.redisError();
        long now = System.nanoTime();
        long last = lastLog.get();
        if (now - last >= LOG_EVERY && lastLog.compareAndSet(last, now)) {
            LOG.warning("answer records in Redis at " + redis.describe() + " failed (answers stay unresumable meanwhile): " + e);
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

}
