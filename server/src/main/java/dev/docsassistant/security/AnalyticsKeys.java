package dev.docsassistant.security;

import dev.docsassistant.store.Database;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Analytics keys: read-only keys of one organisation for the insights export API. They are kept
 * apart from assistant keys ({@code analytics_keys}, not {@code api_keys}), so one never opens what
 * the other does: an analytics key is unknown to the assistant and search, an assistant key to the
 * export API. Stored as a SHA-256 hash and a display prefix, like assistant keys.
 */
public final class AnalyticsKeys {
    private static final Logger LOG = Logger.getLogger(AnalyticsKeys.class.getName());
    private static final String COLUMNS = "id, organization, prefix, created_at, expires_at, revoked_at, last_used_at";

    /** A stored analytics key, without its secret. */
    public record Key(String id, String organization, String prefix, Instant createdAt, Optional<Instant> expiresAt,
                      Optional<Instant> revokedAt, Optional<Instant> lastUsedAt) {
        public boolean activeAt(Instant now) {
            return revokedAt.isEmpty() && expiresAt.map(now::isBefore).orElse(true);
        }

        public String status(Instant now) {
            return revokedAt.isPresent() ? "revoked" : activeAt(now) ? "active" : "expired";
        }
    }

    /** A key just made: its record and the secret, shown once. */
    public record Created(Key key, String secret) {
    }

    private final Database db;
    private final Clock clock;

    public AnalyticsKeys(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public Created create(String organization, Optional<Instant> expiresAt) {
        String secret = KeyHasher.newKey();
        Key key = new Key("akey_" + KeyHasher.token(9), organization, KeyHasher.displayPrefix(secret),
                clock.instant().truncatedTo(ChronoUnit.MILLIS), expiresAt, Optional.empty(), Optional.empty());
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO analytics_keys (id, organization, key_hash, prefix, created_at, "
                    + "expires_at) VALUES (?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, key.id());
                ps.setString(2, organization);
                ps.setString(3, KeyHasher.hash(secret));
                ps.setString(4, key.prefix());
                ps.setLong(5, key.createdAt().toEpochMilli());
                if (expiresAt.isPresent()) {
                    ps.setLong(6, expiresAt.get().toEpochMilli());
                } else {
                    ps.setNull(6, Types.BIGINT);
                }
                return ps.executeUpdate();
            }
        });
        LOG.info("created analytics key " + key.id() + " (" + key.prefix() + "…) for organization " + organization);
        return new Created(key, secret);
    }

    /** The stored analytics key with this secret, active or not; empty for anything else (assistant keys included). */
    public Optional<Key> find(String secret) {
        if (secret == null || !KeyHasher.wellFormed(secret)) {
            return Optional.empty();
        }
        return one("key_hash = ?", KeyHasher.hash(secret));
    }

    public Optional<Key> get(String id) {
        return one("id = ?", id);
    }

    /** The organisation's analytics keys, newest first; every organisation's when empty. */
    public List<Key> list(Optional<String> organization) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM analytics_keys"
                    + (organization.isPresent() ? " WHERE organization = ?" : "") + " ORDER BY created_at DESC, id")) {
                if (organization.isPresent()) {
                    ps.setString(1, organization.get());
                }
                List<Key> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(read(rs));
                    }
                }
                return out;
            }
        });
    }

    /** Revokes a key (the first time counts); returns it as it now stands, empty when there is none. */
    public Optional<Key> revoke(String id) {
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE analytics_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")) {
                ps.setLong(1, clock.millis());
                ps.setString(2, id);
                return ps.executeUpdate();
            }
        });
        return get(id);
    }

    /** Notes that a key read something (exports are rare: written each time). */
    public void markUsed(String id) {
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE analytics_keys SET last_used_at = ? WHERE id = ?")) {
                ps.setLong(1, clock.millis());
                ps.setString(2, id);
                return ps.executeUpdate();
            }
        });
    }

    private Optional<Key> one(String where, String value) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM analytics_keys WHERE " + where)) {
                ps.setString(1, value);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(read(rs)) : Optional.<Key>empty();
                }
            }
        });
    }

    private static Key read(ResultSet rs) throws SQLException {
        return new Key(rs.getString(1), rs.getString(2), rs.getString(3), Instant.ofEpochMilli(rs.getLong(4)), instant(rs, 5),
                instant(rs, 6), instant(rs, 7));
    }

    private static Optional<Instant> instant(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(v));
    }
}
