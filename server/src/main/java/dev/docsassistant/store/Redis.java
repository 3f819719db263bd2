package dev.docsassistant.store;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.Durations;
import dev.docsassistant.metrics.AppMetrics;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * The Redis server the fleet shares ({@code docs-assistant.redis.url}), through Lettuce: one
 * connection, multiplexed by every request. Commands fail fast (a short timeout, and at once while
 * disconnected) so that a Redis outage slows no request; Lettuce reconnects in the background.
 *
 * <p>Redis down at start-up does not stop the server: it starts without a connection (readiness
 * reports Redis DOWN, rate limits fail open) and tries again every {@link #RETRY} until one is made;
 * from then on Lettuce's own reconnection takes over.
 */
public final class Redis implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Redis.class.getName());
    private static final Duration HANDSHAKE = Duration.ofSeconds(10);
    static final Duration RETRY = Duration.ofSeconds(1);

    private final RedisClient client;
    private final RedisURI uri;
    private final String described;
    private final CountDownLatch connected = new CountDownLatch(1);
    private volatile StatefulRedisConnection<byte[], byte[]> connection;
    private volatile boolean closed;
    private Thread retrying;

    private Redis(RedisURI uri, Duration timeout) {
        uri.setTimeout(HANDSHAKE);
        this.uri = uri;
        this.client = RedisClient.create(uri);
        client.setOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(timeout))
                .build());
        this.described = uri.getHost() + ":" + uri.getPort();
    }

    /**
     * The Redis of {@code docs-assistant.redis.url}, when set. Connects once at once; when Redis does
     * not answer, keeps trying in the background instead of failing start-up.
     */
    public static Optional<Redis> open(AppConfig config) {
        var section = config.section().get("redis");
        return section.get("url").asString().asOptional().filter(s -> !s.isBlank()).map(url -> {
            RedisURI uri;
            try {
                uri = RedisURI.create(url);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("docs-assistant.redis.url: not a Redis URL (redis://HOST:PORT): " + e.getMessage());
            }
            Redis redis = new Redis(uri, Durations.read(section.get("timeout"), Duration.ofMillis(500)));
            redis.connectOrRetry();
            return redis;
        });
    }

    /** Connects to {@code url}, waiting up to {@link Database#STARTUP_WAIT} for it (tests and benchmarks). */
    public static Redis connect(String url) {
        Redis redis = new Redis(RedisURI.create(url), Duration.ofMillis(500));
        redis.connectOrRetry();
        try {
            if (!redis.connected.await(Database.STARTUP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                redis.close();
                throw new StoreException("cannot connect to Redis at " + redis.described + " within "
                        + Database.STARTUP_WAIT.toSeconds() + " s", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            redis.close();
            throw new StoreException("interrupted while connecting to Redis", e);
        }
        return redis;
    }

    private void connectOrRetry() {
        try {
            tryConnect();
        } catch (RuntimeException e) {
            LOG.warning("Redis at " + described + " does not answer (" + e.getMessage() + "); serving without it: "
                    + "readiness reports it DOWN and rate limits are not counted until it answers (trying every "
                    + RETRY.toSeconds() + " s)");
            retrying = Thread.ofPlatform().daemon().name("redis-connect").start(this::retryUntilConnected);
        }
    }

    private synchronized void tryConnect() {
        if (closed) {
            return;
        }
        connection = client.connect(ByteArrayCodec.INSTANCE, uri);
        connected.countDown();
    }

    private void retryUntilConnected() {
        while (!closed && connection == null) {
            try {
                Thread.sleep(RETRY.toMillis());
                tryConnect();
                LOG.info("connected to Redis at " + described);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // Still down; the readiness check and the rate limits report it.
            }
        }
    }

    /** The connection bucket state travels on (binary keys and values); empty until the first connect succeeded. */
    public Optional<StatefulRedisConnection<byte[], byte[]>> connection() {
        return Optional.ofNullable(connection);
    }

    /** Whether Redis answers PING within its command timeout (readiness). */
    public boolean answers() {
        StatefulRedisConnection<byte[], byte[]> c = connection;
        if (c == null) {
            AppMetrics.redisError();
            return false;
        }
        try {
            return "PONG".equals(c.sync().ping());
        } catch (RuntimeException e) {
            AppMetrics.redisError();
            return false;
        }
    }

    /** host:port, for messages. */
    public String describe() {
        return described;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        if (retrying != null) {
            retrying.interrupt();
        }
        StatefulRedisConnection<byte[], byte[]> c = connection;
        if (c != null) {
            c.close();
        }
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
}
