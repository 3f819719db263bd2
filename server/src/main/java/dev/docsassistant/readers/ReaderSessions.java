package dev.docsassistant.readers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.store.Database;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * Readers' sessions: a random token in the reader's cookie, its SHA-256 in the store with the site and
 * the reader, so sessions outlive a restart and any server of a fleet knows them. Look-ups are answered
 * from memory (a signed-in page view must cost next to nothing more than a public one); a cached
 * session is looked up in the store again after {@link #RECHECK}, so "sign everyone out" on one server
 * of a fleet reaches the others within that time (on this server at once).
 */
public final class ReaderSessions {
    private static final Logger LOG = Logger.getLogger(ReaderSessions.class.getName());
    /** How long a cached session is believed before the store is asked again. */
    public static final Duration RECHECK = Duration.ofSeconds(30);
    static final int MAX_CACHED = 100_000;
    private static final int TOKEN_BYTES = 32;
    static final int MAX_TOKEN_CHARS = 100;

    private record Cached(String domain, Reader reader, long checkedAtMillis) {
    }

    private final Database db;
    private final Clock clock;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    public ReaderSessions(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Opens a session for the reader of {@code domain}; returns the token for the cookie (only ever given here). */
    public String open(String domain, Reader reader) {
        String token = KeyHasher.token(TOKEN_BYTES);
        String hash = KeyHasher.hash(token);
        long now = clock.millis();
        String json = reader.storedJson();
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO reader_sessions (token_hash, domain, reader, created_at, expires_at) VALUES (?, ?, ?, ?, ?)")) {
                ps.setString(1, hash);
                ps.setString(2, domain);
                ps.setString(3, json);
                ps.setLong(4, now);
                ps.setLong(5, reader.expiresAt().toEpochMilli());
                ps.executeUpdate();
            }
            return null;
        });
        remember(hash, new Cached(domain, reader, now));
        return token;
    }

    /** The reader of a live session of {@code domain} with this token; a token of another site finds nothing. */
    public Optional<Reader> find(String domain, String token) {
        if (token == null || token.isEmpty() || token.length() > MAX_TOKEN_CHARS) {
            return Optional.empty();
        }
        String hash = KeyHasher.hash(token);
        long now = clock.millis();
        Cached cached = cache.get(hash);
        if (cached == null || now - cached.checkedAtMillis() > RECHECK.toMillis()) {
            cached = load(hash, now);
            if (cached == null) {
                cache.remove(hash);
                return Optional.empty();
            }
            remember(hash, cached);
        }
        if (!cached.domain().equals(domain) || !cached.reader().expiresAt().isAfter(Instant.ofEpochMilli(now))) {
            return Optional.empty();
        }
        return Optional.of(cached.reader());
    }

    /** Ends the session with this token (signing out). */
    public void close(String token) {
        if (token == null || token.isEmpty() || token.length() > MAX_TOKEN_CHARS) {
            return;
        }
        String hash = KeyHasher.hash(token);
        cache.remove(hash);
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM reader_sessions WHERE token_hash = ?")) {
                ps.setString(1, hash);
                return ps.executeUpdate();
            }
        });
    }

    /** Ends every session of the site ("sign everyone out"); returns how many were live. */
    public int closeAll(String domain) {
        long now = clock.millis();
        cache.values().removeIf(c -> c.domain().equals(domain));
        int live = count(domain);
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM reader_sessions WHERE domain = ?")) {
                ps.setString(1, domain);
                return ps.executeUpdate();
            }
        });
        // A look-up that loaded a session while the rows went is dropped again.
        cache.values().removeIf(c -> c.domain().equals(domain) && c.checkedAtMillis() <= clock.millis());
        LOG.info("site " + domain + ": " + live + " reader sessions ended (sign everyone out)");
        return live;
    }

    /**
     * Removes the readers' ids from the site's sessions (a site that stopped recording identities keeps
     * them nowhere); the sessions stay signed in. Returns how many sessions held one.
     */
    public int forgetIds(String domain) {
        int forgotten = db.transaction(c -> {
            List<String[]> changed = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT token_hash, reader, expires_at FROM reader_sessions WHERE domain = ?")) {
                ps.setString(1, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Reader reader = Reader.fromStoredJson(rs.getString(2), Instant.ofEpochMilli(rs.getLong(3)));
                        if (reader.id().isPresent()) {
                            changed.add(new String[] {rs.getString(1), reader.withoutId().storedJson()});
                        }
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE reader_sessions SET reader = ? WHERE token_hash = ?")) {
                for (String[] row : changed) {
                    ps.setString(1, row[1]);
                    ps.setString(2, row[0]);
                    ps.addBatch();
                }
                if (!changed.isEmpty()) {
                    ps.executeBatch();
                }
            }
            return changed.size();
        });
        cache.replaceAll((hash, c) -> c.domain().equals(domain) ? new Cached(c.domain(), c.reader().withoutId(), c.checkedAtMillis()) : c);
        return forgotten;
    }

    /** How many live sessions the site has. */
    public int count(String domain) {
        long now = clock.millis();
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT COUNT(*) FROM reader_sessions WHERE domain = ? AND expires_at > ?")) {
                ps.setString(1, domain);
                ps.setLong(2, now);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }

    /** Deletes expired sessions of every site (run now and then); returns how many. */
    public int purgeExpired() {
        long now = clock.millis();
        cache.values().removeIf(c -> !c.reader().expiresAt().isAfter(Instant.ofEpochMilli(now)));
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM reader_sessions WHERE expires_at <= ?")) {
                ps.setLong(1, now);
                return ps.executeUpdate();
            }
        });
    }

    private Cached load(String hash, long now) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT domain, reader, expires_at FROM reader_sessions WHERE token_hash = ? AND expires_at > ?")) {
                ps.setString(1, hash);
                ps.setLong(2, now);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return null;
                    }
                    return new Cached(rs.getString(1), Reader.fromStoredJson(rs.getString(2), Instant.ofEpochMilli(rs.getLong(3))), now);
                }
            }
        });
    }

    private void remember(String hash, Cached cached) {
        if (cache.size() >= MAX_CACHED) {
            cache.clear(); // a flood of sessions: start over from the store rather than grow without end
        }
        cache.put(hash, cached);
    }
}
