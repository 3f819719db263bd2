package dev.docsassistant.security;

import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.store.Database;
import dev.docsassistant.store.StoreException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * Assistant keys in the embedded store, kept only as a SHA-256 hash and a short display prefix. The
 * key itself exists only in the return value of {@link #create}; nothing here logs it.
 *
 * <p>Found keys are cached for {@link #CACHE_TTL} so a request costs no store round trip. A change
 * (revocation, replacement) empties the cache of this server at once and, on PostgreSQL, of every
 * server listening ({@link #followChanges}) through {@code NOTIFY} sent when the change commits; the TTL
 * bounds staleness should a notification be lost.
 */
public final class ApiKeys {
    static final Duration CACHE_TTL = Duration.ofSeconds(30);
    /** "Last used" is kept to the minute. */
    static final Duration USAGE_RESOLUTION = Duration.ofMinutes(1);
    /** The PostgreSQL channel key changes are announced on. */
    static final String CHANGES_CHANNEL = "docs_assistant_keys";
    /** Group names may hold spaces (front matter is free text) but no line breaks ({@link NewKey}): one per line. */
    static final String GROUP_SEPARATOR = "\n";
    private static final Logger LOG = Logger.getLogger(ApiKeys.class.getName());
    private static final String COLUMNS = "id, organization, prefix, origins, access_groups, source, created_at, expires_at, revoked_at";

    private final Database db;
    private final Clock clock;
    private final Map<String, Cached> byHash = new ConcurrentHashMap<>();
    /** Where "last used" times are written; null: not recorded (commands, tests). */
    private final BackgroundWrites usageWrites;
    private final Map<String, Long> usageWrittenAt = new ConcurrentHashMap<>();
    /** Bumped on every change, so a look-up that raced with one does not cache what it read before it. */
    private final AtomicLong generation = new AtomicLong();

    /** A key just made: its record and the secret, to be shown once. */
    public record Created(ApiKey key, String secret) {
    }

    private record Cached(ApiKey key, Instant loadedAt) {
    }

    public ApiKeys(Database db) {
        this(db, Clock.systemUTC());
    }

    public ApiKeys(Database db, Clock clock) {
        this(db, clock, null);
    }

    /** @param usageWrites where to write when each key was last used (at most once a minute per key) */
    public ApiKeys(Database db, Clock clock, BackgroundWrites usageWrites) {
        this.db = db;
        this.clock = clock;
        this.usageWrites = usageWrites;
    }

    /**
     * Notes that a key opened a request. The time is written in the background and at most once per
     * {@link #USAGE_RESOLUTION} per key, so a busy key costs no store write per request.
     */
    public void markUsed(String id) {
        if (usageWrites == null) {
            return;
        }
        long now = clock.millis();
        Long written = usageWrittenAt.get(id);
        if (written != null && now - written < USAGE_RESOLUTION.toMillis()) {
            return;
        }
        usageWrittenAt.put(id, now);
        usageWrites.submit("key last used", c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE api_keys SET last_used_at = ? WHERE id = ?")) {
                ps.setLong(1, now);
                ps.setString(2, id);
                return ps.executeUpdate();
            }
        });
    }

    /** When each key of the organisation was last used, by key id; keys never used are absent. */
    public Map<String, Instant> lastUsed(String organization) {
        return db.transaction(c -> {
            Map<String, Instant> out = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT id, last_used_at FROM api_keys WHERE organization = ? AND last_used_at IS NOT NULL")) {
                ps.setString(1, organization);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), Instant.ofEpochMilli(rs.getLong(2)));
                    }
                }
            }
            return out;
        });
    }

    /** Makes and stores a new key for {@code organization} that reads public pages only. */
    public Created create(String organization, Optional<Instant> expiresAt, List<String> origins, String source) {
        return create(organization, expiresAt, origins, List.of(), source);
    }

    /** Makes and stores a new key for {@code organization} that may read the pages of {@code groups}. */
    public Created create(String organization, Optional<Instant> expiresAt, List<String> origins, List<String> groups,
                          String source) {
        String secret = KeyHasher.newKey();
        ApiKey key = new ApiKey("key_" + KeyHasher.token(9), organization, KeyHasher.displayPrefix(secret),
                List.copyOf(origins), groups, source, clock.instant().truncatedTo(ChronoUnit.MILLIS), expiresAt, Optional.empty());
        insert(key, KeyHasher.hash(secret));
        LOG.info("created key " + key.id() + " (" + key.prefix() + "…) for organization " + organization);
        return new Created(key, secret);
    }

    /**
     * Registers a key given in configuration, by its hash only, as {@code config:<domain>}. Keys this
     * site registered before with another value are revoked, so changing the configured key retires the
     * old one; a configured key that was revoked stays revoked.
     */
    public ApiKey registerConfigured(String domain, String organization, String secret, List<String> origins) {
        if (!KeyHasher.wellFormed(secret)) {
            throw new IllegalArgumentException("the configured assistant key of site " + domain + " must be "
                    + KeyHasher.PREFIX + " followed by at least 43 URL-safe characters (make one with `keys create`)");
        }
        return register(domain, organization, secret, origins, "config:" + domain);
    }

    /**
     * Registers the page key every server of a fleet derives for a site from the shared page key secret
     * ({@code page:<domain>}), by hash, as {@link #registerConfigured} does: idempotent, so servers
     * starting together agree, and a new secret retires the site's previous page keys.
     */
    public ApiKey registerPageKey(String domain, String organization, String secret) {
        return register(domain, organization, secret, List.of(), pageKeySource(domain));
    }

    private ApiKey register(String domain, String organization, String secret, List<String> origins, String source) {
        String hash = KeyHasher.hash(secret);
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        ApiKey key = db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE api_keys SET revoked_at = ? WHERE source = ? AND key_hash <> ? AND revoked_at IS NULL")) {
                ps.setLong(1, now.toEpochMilli());
                ps.setString(2, source);
                ps.setString(3, hash);
                if (ps.executeUpdate() > 0) {
                    db.notifyOnCommit(c, CHANGES_CHANNEL);
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM api_keys WHERE key_hash = ?")) {
                ps.setString(1, hash);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        ApiKey existing = read(rs);
                        if (!existing.organization().equals(organization) || !existing.source().equals(source)) {
                            throw new IllegalArgumentException("the " + (source.startsWith("page:") ? "page" : "configured assistant")
                                    + " key of site " + domain
                                    + " is already registered as key " + existing.id() + " (" + existing.source()
                                    + ", organization " + existing.organization() + "); configure a key of its own");
                        }
                        try (PreparedStatement up = c.prepareStatement("UPDATE api_keys SET origins = ? WHERE id = ?")) {
                            up.setString(1, String.join(" ", origins));
                            up.setString(2, existing.id());
                            up.executeUpdate();
                        }
                        return existing;
                    }
                }
            }
            return null;
        });
        forgetAll();
        if (key != null) {
            return key;
        }
        ApiKey created = new ApiKey("key_" + KeyHasher.token(9), organization, KeyHasher.displayPrefix(secret),
                List.copyOf(origins), List.of(), source, now, Optional.empty(), Optional.empty());
        try {
            insert(created, hash);
        } catch (StoreException e) {
            // Servers of a cluster starting together: another one registered it first.
            return find(secret).filter(k -> k.source().equals(source)).orElseThrow(() -> e);
        }
        LOG.info("registered " + (source.startsWith("page:") ? "page" : "configured") + " key " + created.id()
                + " (" + created.prefix() + "…) for site " + domain);
        return created;
    }

    /**
     * Makes the page key of a site ({@code page:<domain>}): a new key of {@code organization} whose secret
     * only the caller keeps, for the site's rendered pages. In the same transaction the site's active
     * page key of the previous start is revoked (pages still open with it get "key has been revoked") and
     * those revoked before are deleted, so the store holds one active page key per site and no pile-up.
     */
    public Created replacePageKey(String domain, String organization) {
        String secret = KeyHasher.newKey();
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        ApiKey key = new ApiKey("key_" + KeyHasher.token(9), organization, KeyHasher.displayPrefix(secret),
                List.of(), List.of(), pageKeySource(domain), now, Optional.empty(), Optional.empty());
        db.transaction(c -> {
            revokeSource(c, key.source(), now);
            db.notifyOnCommit(c, CHANGES_CHANNEL);
            insert(c, key, KeyHasher.hash(secret));
            return null;
        });
        forgetAll();
        LOG.info("created page key " + key.id() + " (" + key.prefix() + "…) for site " + domain);
        return new Created(key, secret);
    }

    /**
     * Revokes the page key of a site that now has a configured key or none, deleting older revoked ones
     * as {@link #replacePageKey} does; returns how many were active.
     */
    public int revokePageKeys(String domain) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        int revoked = db.transaction(c -> {
            int n = revokeSource(c, pageKeySource(domain), now);
            if (n > 0) {
                db.notifyOnCommit(c, CHANGES_CHANNEL);
            }
            return n;
        });
        forgetAll();
        if (revoked > 0) {
            LOG.info("revoked " + revoked + " page key(s) of site " + domain);
        }
        return revoked;
    }

    /** The {@code source} of a site's page keys. */
    public static String pageKeySource(String domain) {
        return "page:" + domain;
    }

    private static int revokeSource(Connection c, String source, Instant now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM api_keys WHERE source = ? AND revoked_at IS NOT NULL")) {
            ps.setString(1, source);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement(
                "UPDATE api_keys SET revoked_at = ? WHERE source = ? AND revoked_at IS NULL")) {
            ps.setLong(1, now.toEpochMilli());
            ps.setString(2, source);
            return ps.executeUpdate();
        }
    }

    /** The stored key with this secret, active or not; empty for any unknown or malformed value. */
    public Optional<ApiKey> find(String secret) {
        if (!KeyHasher.wellFormed(secret)) {
            return Optional.empty();
        }
        String hash = KeyHasher.hash(secret);
        Instant now = clock.instant();
        Cached cached = byHash.get(hash);
        if (cached != null && cached.loadedAt().plus(CACHE_TTL).isAfter(now)) {
            AppMetrics.keyCache(true);
            return Optional.of(cached.key());
        }
        AppMetrics.keyCache(false);
        long before = generation.get();
        Optional<ApiKey> found = db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM api_keys WHERE key_hash = ?")) {
                ps.setString(1, hash);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(read(rs)) : Optional.<ApiKey>empty();
                }
            }
        });
        // Only stored keys are cached: random guesses must not fill memory.
        found.ifPresentOrElse(k -> byHash.put(hash, new Cached(k, now)), () -> byHash.remove(hash));
        if (generation.get() != before) {
            byHash.remove(hash);
        }
        return found;
    }

    private void forgetAll() {
        generation.incrementAndGet();
        byHash.clear();
    }

    /**
     * Empties this server's cache whenever another server changes a key (PostgreSQL {@code LISTEN}),
     * so a revocation anywhere is refused here within about a second; nothing on SQLite, where one
     * server owns the store. Close the result to stop.
     */
    public AutoCloseable followChanges() {
        return db.listen(CHANGES_CHANNEL, this::forgetAll);
    }

    /** Every key, newest first; only those of {@code organization} when given. */
    public List<ApiKey> list(Optional<String> organization) {
        return db.transaction(c -> {
            String sql = "SELECT " + COLUMNS + " FROM api_keys"
                    + (organization.isPresent() ? " WHERE organization = ?" : "") + " ORDER BY created_at DESC, id";
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                if (organization.isPresent()) {
                    ps.setString(1, organization.get());
                }
                List<ApiKey> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(read(rs));
                    }
                }
                return out;
            }
        });
    }

    /** The key with this id, if any. */
    public Optional<ApiKey> get(String id) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM api_keys WHERE id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(read(rs)) : Optional.<ApiKey>empty();
                }
            }
        });
    }

    /** Revokes a key; returns it as it now stands, or empty when there is no such key. Revoking twice keeps the first time. */
    public Optional<ApiKey> revoke(String id) {
        int changed = db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")) {
                ps.setLong(1, clock.instant().toEpochMilli());
                ps.setString(2, id);
                int n = ps.executeUpdate();
                if (n > 0) {
                    db.notifyOnCommit(c, CHANGES_CHANNEL);
                }
                return n;
            }
        });
        forgetAll();
        if (changed > 0) {
            LOG.info("revoked key " + id);
        }
        return get(id);
    }

    private void insert(ApiKey key, String hash) {
        db.transaction(c -> insert(c, key, hash));
    }

    private static int insert(Connection c, ApiKey key, String hash) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO api_keys (" + COLUMNS
                + ", key_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, key.id());
            ps.setString(2, key.organization());
            ps.setString(3, key.prefix());
            ps.setString(4, String.join(" ", key.origins()));
            ps.setString(5, String.join(GROUP_SEPARATOR, key.groups()));
            ps.setString(6, key.source());
            ps.setLong(7, key.createdAt().toEpochMilli());
            setInstant(ps, 8, key.expiresAt());
            setInstant(ps, 9, key.revokedAt());
            ps.setString(10, hash);
            return ps.executeUpdate();
        }
    }

    private static void setInstant(PreparedStatement ps, int index, Optional<Instant> value) throws SQLException {
        if (value.isPresent()) {
            ps.setLong(index, value.get().toEpochMilli());
        } else {
            ps.setNull(index, Types.BIGINT);
        }
    }

    private static ApiKey read(ResultSet rs) throws SQLException {
        String origins = rs.getString("origins");
        String groups = rs.getString("access_groups");
        return new ApiKey(rs.getString("id"), rs.getString("organization"), rs.getString("prefix"),
                origins.isBlank() ? List.of() : Arrays.asList(origins.split(" ")),
                groups == null || groups.isEmpty() ? List.of() : Arrays.asList(groups.split(GROUP_SEPARATOR)), rs.getString("source"),
                Instant.ofEpochMilli(rs.getLong("created_at")), instant(rs, "expires_at"), instant(rs, "revoked_at"));
    }

    private static Optional<Instant> instant(ResultSet rs, String column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
    }
}
