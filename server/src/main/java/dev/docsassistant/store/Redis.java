package dev.docsassistant.store;

import dev.docsassistant.config.ConfigException;
import dev.docsassistant.metrics.AppMetrics;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;

import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The Redis server the fleet shares ({@code docs-assistant.redis.url}), through Lettuce: one
 * connection, multiplexed by every request. Commands fail fast (a short timeout, and at once while
 * disconnected) so that a Redis outage slows no request; Lettuce reconnects in the background.
 */
public final class Redis implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Redis.class.getName());
    private static final Duration HANDSHAKE = Duration.ofSeconds(10);

    private final RedisClient client;
    private final StatefulRedisConnection<byte[], byte[]> connection;
    private final String described;

    private Redis(RedisURI uri, Duration timeout) {
        this.client = RedisClient.create(uri);
        client.setOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(timeout))
                .build());
        this.described = uri.getHost() + ":" + uri.getPort();
        try {
            this.connection = client.connect(ByteArrayCodec.INSTANCE);
        } catch (RuntimeException e) {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
            throw e;
        }
    }

    /** Connects to {@code docs-assistant.redis.url} when set. Start-up fails when Redis cannot be reached then. */
    public static Optional<Redis> open(RedisSettings settings) {
        return settings.url().map(url -> {
            RedisURI uri;
            try {
                uri = RedisURI.create(url);
            } catch (IllegalArgumentException e) {
                throw new ConfigException("docs-assistant.redis.url: not a Redis URL (redis://HOST:PORT): " + e.getMessage());
            }
            return connect(uri, settings.timeout());
        });
    }

    /** Connects to {@code url} (tests and benchmarks). */
    public static Redis connect(String url) {
        return connect(RedisURI.create(url), Duration.ofMillis(500));
    }

    /**
     * Connects, trying again for up to {@link Database#STARTUP_WAIT} (a Redis still starting). The
     * handshake may take {@link #HANDSHAKE}; each command then gets {@code timeout}.
     */
    private static Redis connect(RedisURI uri, Duration timeout) {
        uri.setTimeout(HANDSHAKE);
        long deadline = System.nanoTime() + Database.STARTUP_WAIT.toNanos();
        while (true) {
            try {
                return new Redis(uri, timeout);
            } catch (RuntimeException e) {
                if (System.nanoTime() > deadline) {
                    throw new StoreException("cannot connect to Redis at " + uri.getHost() + ":" + uri.getPort() + ": " + e.getMessage(), e);
                }
                LOG.info("waiting for Redis at " + uri.getHost() + ":" + uri.getPort() + ": " + e.getMessage());
                sleep();
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while connecting to Redis", e);
        }
    }

    /** The connection bucket state travels on (binary keys and values). */
    public StatefulRedisConnection<byte[], byte[]> connection() {
        return connection;
    }

    /** Whether Redis answers PING within its command timeout (readiness). */
    public boolean answers() {
        try {
            return "PONG".equals(connection.sync().ping());
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
        connection.close();
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
}
