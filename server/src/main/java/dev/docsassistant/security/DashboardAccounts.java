package dev.docsassistant.security;

import dev.docsassistant.store.Database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * Dashboard users, their one-time sign-in links and their sessions. There are no passwords: a user
 * signs in with a link made by {@code users add} (no mail server needed). Link and session tokens are
 * 256 random bits and stored only as SHA-256, as keys are; a link works once and expires.
 */
public final class DashboardAccounts {
    private static final Logger LOG = Logger.getLogger(DashboardAccounts.class.getName());
    public static final Duration LINK_VALIDITY = Duration.ofHours(24);
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s]{1,190}\\.[^@\\s.]{1,63}");

    private final Database db;
    private final Clock clock;
    private final Duration sessionValidity;

    /** A user of one organisation. */
    public record User(String id, String organization, String email, Instant createdAt) {
    }

    /** A session just opened: the token goes into the cookie, once. */
    public record Opened(DashboardSession session, String token) {
    }

    public DashboardAccounts(Database db, Clock clock, Duration sessionValidity) {
        this.db = db;
        this.clock = clock;
        this.sessionValidity = sessionValidity;
    }

    /** Adds the user (or finds the one already there) and returns a fresh one-time sign-in token for them. */
    public String addUserWithLink(String organization, String email) {
        String normalized = email == null ? "" : email.strip().toLowerCase(Locale.ROOT);
        if (!EMAIL.matcher(normalized).matches()) {
            throw new IllegalArgumentException("email: '" + email + "' is not an email address");
        }
        String token = "dsl_" + KeyHasher.token(32);
        long now = clock.millis();
        String userId = db.transaction(c -> {
            String id = findUser(c, organization, normalized);
            if (id == null) {
                id = "usr_" + KeyHasher.token(9);
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO dashboard_users (id, organization, email, created_at) VALUES (?, ?, ?, ?)")) {
                    ps.setString(1, id);
                    ps.setString(2, organization);
                    ps.setString(3, normalized);
                    ps.setLong(4, now);
                    ps.executeUpdate();
                }
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO dashboard_links (token_hash, user_id, expires_at) VALUES (?, ?, ?)")) {
                ps.setString(1, KeyHasher.hash(token));
                ps.setString(2, id);
                ps.setLong(3, now + LINK_VALIDITY.toMillis());
                ps.executeUpdate();
            }
            return id;
        });
        LOG.info("sign-in link made for dashboard user " + userId + " of organization " + organization);
        return token;
    }

    /** Uses up a sign-in link and opens a session; empty when the link is unknown, used or expired. */
    public Optional<Opened> redeem(String linkToken) {
        if (linkToken == null || linkToken.length() > 200) {
            return Optional.empty();
        }
        long now = clock.millis();
        return db.transaction(c -> {
            String userId;
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE dashboard_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?")) {
                ps.setLong(1, now);
                ps.setString(2, KeyHasher.hash(linkToken));
                ps.setLong(3, now);
                if (ps.executeUpdate() != 1) {
                    return Optional.empty();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT user_id FROM dashboard_links WHERE token_hash = ?")) {
                ps.setString(1, KeyHasher.hash(linkToken));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    userId = rs.getString(1);
                }
            }
            return Optional.of(open(c, userId, false, now));
        });
    }

    /** Opens an admin session (the caller has checked the admin token). */
    public Opened openAdmin() {
        long now = clock.millis();
        return db.transaction(c -> open(c, null, true, now));
    }

    /** The live session with this cookie token, if any. */
    public Optional<DashboardSession> session(String token) {
        if (token == null || token.isEmpty() || token.length() > 200) {
            return Optional.empty();
        }
        return db.transaction(c -> find(c, KeyHasher.hash(token), clock.millis()));
    }

    /** Ends the session with this token (signing out). */
    public void close(String token) {
        if (token == null) {
            return;
        }
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM dashboard_sessions WHERE token_hash = ?")) {
                ps.setString(1, KeyHasher.hash(token));
                return ps.executeUpdate();
            }
        });
    }

    /** The users of an organisation (every one when null), oldest first. */
    public List<User> users(String organization) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT id, organization, email, created_at FROM dashboard_users"
                    + (organization == null ? "" : " WHERE organization = ?") + " ORDER BY created_at, id")) {
                if (organization != null) {
                    ps.setString(1, organization);
                }
                List<User> out = new ArrayList<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new User(rs.getString(1), rs.getString(2), rs.getString(3), Instant.ofEpochMilli(rs.getLong(4))));
                    }
                }
                return out;
            }
        });
    }

    /** Removes a user with their links and sessions; false when there was none. */
    public boolean remove(String organization, String email) {
        String normalized = email.strip().toLowerCase(Locale.ROOT);
        return db.transaction(c -> {
            String id = findUser(c, organization, normalized);
            if (id == null) {
                return false;
            }
            for (String sql : List.of("DELETE FROM dashboard_sessions WHERE user_id = ?", "DELETE FROM dashboard_links WHERE user_id = ?",
                    "DELETE FROM dashboard_users WHERE id = ?")) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setString(1, id);
                    ps.executeUpdate();
                }
            }
            return true;
        });
    }

    private Opened open(Connection c, String userId, boolean admin, long now) throws SQLException {
        String token = "dss_" + KeyHasher.token(32);
        String csrf = KeyHasher.token(24);
        long expires = now + sessionValidity.toMillis();
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO dashboard_sessions (token_hash, user_id, admin, csrf, "
                + "created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, KeyHasher.hash(token));
            ps.setString(2, userId);
            ps.setInt(3, admin ? 1 : 0);
            ps.setString(4, csrf);
            ps.setLong(5, now);
            ps.setLong(6, expires);
            ps.executeUpdate();
        }
        return new Opened(find(c, KeyHasher.hash(token), now).orElseThrow(), token);
    }

    private static Optional<DashboardSession> find(Connection c, String hash, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT s.user_id, u.email, u.organization, s.admin, s.csrf, s.expires_at "
                + "FROM dashboard_sessions s LEFT JOIN dashboard_users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?")) {
            ps.setString(1, hash);
            ps.setLong(2, now);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new DashboardSession(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4) == 1,
                        rs.getString(5), Instant.ofEpochMilli(rs.getLong(6))));
            }
        }
    }

    private static String findUser(Connection c, String organization, String email) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM dashboard_users WHERE organization = ? AND email = ?")) {
            ps.setString(1, organization);
            ps.setString(2, email);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
