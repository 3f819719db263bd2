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
 * 256 random bits and stored only as SHA-256, as keys are; a link works once and expires. An admin
 * session is bound to the admin token that opened it: a changed (or removed) token ends it. Sessions
 * can be ended everywhere at once: a user's, or every admin one ({@code users revoke}, "Sign out everywhere").
 */
public final class DashboardAccounts {
    private static final Logger LOG = Logger.getLogger(DashboardAccounts.class.getName());
    public static final Duration LINK_VALIDITY = Duration.ofHours(24);
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s]{1,190}\\.[^@\\s.]{1,63}");

    private final Database db;
    private final Clock clock;
    private final Duration sessionValidity;
    /** The admin token's hash as admin sessions store it; null when there is no admin token (no admin session opens). */
    private final String adminTokenHash;

    /** A user of one organisation. */
    public record User(String id, String organization, String email, Instant createdAt) {
    }

    /** A session just opened: the token goes into the cookie, once. */
    public record Opened(DashboardSession session, String token) {
    }

    /** @param adminToken the configured admin token: admin sessions opened with another are not sessions */
    public DashboardAccounts(Database db, Clock clock, Duration sessionValidity, Optional<String> adminToken) {
        this.db = db;
        this.clock = clock;
        this.sessionValidity = sessionValidity;
        this.adminTokenHash = adminToken.map(DashboardAccounts::adminTokenHash).orElse(null);
    }

    /** Accounts that open no admin session (the CLI: sessions are opened by the server). */
    public DashboardAccounts(Database db, Clock clock, Duration sessionValidity) {
        this(db, clock, sessionValidity, Optional.empty());
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

    /** Opens an admin session (the caller has checked the admin token), bound to the configured token. */
    public Opened openAdmin() {
        if (adminTokenHash == null) {
            throw new IllegalStateException("no admin token is configured");
        }
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

    /**
     * Ends every session of the session's holder: all of the user's, or for an admin every admin session
     * (they share one token). Returns how many ended.
     */
    public int closeEverywhere(DashboardSession session) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(session.admin() ? "DELETE FROM dashboard_sessions WHERE admin = 1"
                    : "DELETE FROM dashboard_sessions WHERE user_id = ?")) {
                if (!session.admin()) {
                    ps.setString(1, session.userId());
                }
                return ps.executeUpdate();
            }
        });
    }

    /** Ends a user's sessions and unused sign-in links, keeping the user; empty when there is no such user, else how many sessions ended. */
    public Optional<Integer> revoke(String organization, String email) {
        String normalized = email.strip().toLowerCase(Locale.ROOT);
        return db.transaction(c -> {
            String id = findUser(c, organization, normalized);
            if (id == null) {
                return Optional.empty();
            }
            int ended;
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM dashboard_sessions WHERE user_id = ?")) {
                ps.setString(1, id);
                ended = ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM dashboard_links WHERE user_id = ? AND used_at IS NULL")) {
                ps.setString(1, id);
                ps.executeUpdate();
            }
            LOG.info("sessions and sign-in links of dashboard user " + id + " of organization " + organization + " revoked");
            return Optional.of(ended);
        });
    }

    /** Ends every admin session; returns how many ended. */
    public int revokeAdmin() {
        int ended = db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM dashboard_sessions WHERE admin = 1")) {
                return ps.executeUpdate();
            }
        });
        LOG.info(ended + " admin dashboard sessions revoked");
        return ended;
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
                + "created_at, expires_at, admin_token_hash) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, KeyHasher.hash(token));
            ps.setString(2, userId);
            ps.setInt(3, admin ? 1 : 0);
            ps.setString(4, csrf);
            ps.setLong(5, now);
            ps.setLong(6, expires);
            ps.setString(7, admin ? adminTokenHash : null);
            ps.executeUpdate();
        }
        return new Opened(find(c, KeyHasher.hash(token), now).orElseThrow(), token);
    }

    private Optional<DashboardSession> find(Connection c, String hash, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT s.user_id, u.email, u.organization, s.admin, s.csrf, s.expires_at, "
                + "s.admin_token_hash FROM dashboard_sessions s LEFT JOIN dashboard_users u ON u.id = s.user_id "
                + "WHERE s.token_hash = ? AND s.expires_at > ?")) {
            ps.setString(1, hash);
            ps.setLong(2, now);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                if (rs.getInt(4) == 1 && (adminTokenHash == null || !adminTokenHash.equals(rs.getString(7)))) {
                    return Optional.empty(); // opened with an admin token that is no longer the configured one
                }
                return Optional.of(new DashboardSession(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4) == 1,
                        rs.getString(5), Instant.ofEpochMilli(rs.getLong(6))));
            }
        }
    }

    /** Domain-separated from key hashes: the admin token's hash is never a key's. */
    private static String adminTokenHash(String adminToken) {
        return KeyHasher.hash("dashboard-admin-session:" + adminToken);
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
