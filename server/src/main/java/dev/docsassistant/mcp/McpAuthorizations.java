package dev.docsassistant.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.security.KeyHasher;
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
import java.util.Optional;

/**
 * What the sites' authorization server for MCP clients remembers, in the store (so a restart, or another
 * server of the fleet behind the same database, knows it too): clients registered dynamically (RFC 7591),
 * authorization requests waiting for the reader's consent, and codes waiting to be exchanged, each code
 * usable once and for {@link #CODE_LIFETIME} (only its hash is kept). Registration is open to anyone, so
 * clients are bounded: past {@link #MAX_CLIENTS} the oldest give way. The tokens themselves are reader
 * sessions, kept like the cookies' (so "sign everyone out" ends them too).
 */
final class McpAuthorizations {
    static final Duration CODE_LIFETIME = Duration.ofMinutes(5);
    static final Duration REQUEST_LIFETIME = Duration.ofMinutes(10);
    static final int MAX_CLIENTS = 10_000;

    /** A client as it registered itself: nothing of it is trusted but its redirect URIs, matched exactly. */
    record Client(String id, String name, List<String> redirectUris) {
        Client {
            redirectUris = List.copyOf(redirectUris);
        }
    }

    /** An authorization request of a client, checked, waiting for the reader's consent. */
    record Request(String id, String domain, Client client, String redirectUri, String codeChallenge, String state,
                   String resource, Instant at) {
    }

    /** A code given out for a consented request: the reader it stands for, and what the exchange must repeat. */
    record Grant(String domain, String clientId, String redirectUri, String codeChallenge, String resource, Reader reader,
                 Instant at) {
    }

    private final Database db;
    private final Clock clock;
    private final int maxClients;

    McpAuthorizations(Database db, Clock clock) {
        this(db, clock, MAX_CLIENTS);
    }

    McpAuthorizations(Database db, Clock clock, int maxClients) {
        this.db = db;
        this.clock = clock;
        this.maxClients = maxClients;
    }

    Client register(String name, List<String> redirectUris) {
        Client client = new Client("mcp_" + KeyHasher.token(18), name, redirectUris);
        String uris;
        try {
            uris = Mappers.JSON.writeValueAsString(client.redirectUris());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a list of strings is JSON", e);
        }
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO mcp_clients (id, name, redirect_uris, registered_at) VALUES (?, ?, ?, ?)")) {
                ps.setString(1, client.id());
                ps.setString(2, client.name());
                ps.setString(3, uris);
                ps.setLong(4, clock.millis());
                ps.executeUpdate();
            }
            // The oldest registrations give way past the bound (one registration at a time: by age, then id).
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT registered_at, id FROM mcp_clients ORDER BY registered_at DESC, id DESC LIMIT 1 OFFSET ?")) {
                ps.setInt(1, maxClients);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        try (PreparedStatement del = c.prepareStatement(
                                "DELETE FROM mcp_clients WHERE registered_at < ? OR (registered_at = ? AND id <= ?)")) {
                            del.setLong(1, rs.getLong(1));
                            del.setLong(2, rs.getLong(1));
                            del.setString(3, rs.getString(2));
                            del.executeUpdate();
                        }
                    }
                }
            }
            return null;
        });
        return client;
    }

    Optional<Client> client(String id) {
        if (id == null) {
            return Optional.empty();
        }
        return db.transaction(c -> client(c, id));
    }

    private static Optional<Client> client(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT name, redirect_uris FROM mcp_clients WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                List<String> uris = new ArrayList<>();
                try {
                    Mappers.JSON.readTree(rs.getString(2)).forEach(u -> uris.add(u.asText()));
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException("a stored client's redirect URIs are not JSON", e);
                }
                return Optional.of(new Client(id, rs.getString(1), uris));
            }
        }
    }

    Request open(String domain, Client client, String redirectUri, String codeChallenge, String state, String resource) {
        Request request = new Request(KeyHasher.token(24), domain, client, redirectUri, codeChallenge, state, resource, clock.instant());
        db.transaction(c -> {
            deleteExpired(c, "mcp_requests", REQUEST_LIFETIME);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO mcp_requests (id, domain, client_id, redirect_uri,"
                    + " code_challenge, state, resource, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, request.id());
                ps.setString(2, domain);
                ps.setString(3, client.id());
                ps.setString(4, redirectUri);
                ps.setString(5, codeChallenge);
                ps.setString(6, state);
                ps.setString(7, resource);
                ps.setLong(8, request.at().toEpochMilli());
                ps.executeUpdate();
            }
            return null;
        });
        return request;
    }

    /** The open request of this site with that id, if not expired; {@code take} removes it (once: a second take finds nothing). */
    Optional<Request> request(String domain, String id, boolean take) {
        if (id == null) {
            return Optional.empty();
        }
        return db.transaction(c -> {
            Request r = null;
            try (PreparedStatement ps = c.prepareStatement("SELECT domain, client_id, redirect_uri, code_challenge, state, resource,"
                    + " created_at FROM mcp_requests WHERE id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        Optional<Client> client = client(c, rs.getString(2));
                        if (client.isPresent()) {
                            r = new Request(id, rs.getString(1), client.get(), rs.getString(3), rs.getString(4), rs.getString(5),
                                    rs.getString(6), Instant.ofEpochMilli(rs.getLong(7)));
                        }
                    }
                }
            }
            if (r == null || !r.domain().equals(domain) || r.at().plus(REQUEST_LIFETIME).isBefore(clock.instant())) {
                return Optional.empty();
            }
            if (take && !delete(c, "DELETE FROM mcp_requests WHERE id = ?", id)) {
                return Optional.empty(); // taken meanwhile by another request (another server)
            }
            return Optional.of(r);
        });
    }

    /** A one-time code for a consented request. */
    String code(Request request, Reader reader) {
        String code = KeyHasher.token(32);
        db.transaction(c -> {
            deleteExpired(c, "mcp_codes", CODE_LIFETIME);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO mcp_codes (code_hash, domain, client_id, redirect_uri,"
                    + " code_challenge, resource, reader, reader_expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, KeyHasher.hash(code));
                ps.setString(2, request.domain());
                ps.setString(3, request.client().id());
                ps.setString(4, request.redirectUri());
                ps.setString(5, request.codeChallenge());
                ps.setString(6, request.resource());
                ps.setString(7, reader.storedJson());
                ps.setLong(8, reader.expiresAt().toEpochMilli());
                ps.setLong(9, clock.millis());
                ps.executeUpdate();
            }
            return null;
        });
        return code;
    }

    /** The grant of a code, once: a second exchange of the same code finds nothing. */
    Optional<Grant> redeem(String domain, String code) {
        if (code == null) {
            return Optional.empty();
        }
        String hash = KeyHasher.hash(code);
        return db.transaction(c -> {
            Grant g = null;
            try (PreparedStatement ps = c.prepareStatement("SELECT domain, client_id, redirect_uri, code_challenge, resource, reader,"
                    + " reader_expires_at, created_at FROM mcp_codes WHERE code_hash = ?")) {
                ps.setString(1, hash);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        g = new Grant(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                                Reader.fromStoredJson(rs.getString(6), Instant.ofEpochMilli(rs.getLong(7))),
                                Instant.ofEpochMilli(rs.getLong(8)));
                    }
                }
            }
            // Used up whatever follows, as before: a code tried against another site or too late is gone too.
            if (g == null || !delete(c, "DELETE FROM mcp_codes WHERE code_hash = ?", hash)) {
                return Optional.empty();
            }
            if (!g.domain().equals(domain) || g.at().plus(CODE_LIFETIME).isBefore(clock.instant())) {
                return Optional.empty();
            }
            return Optional.of(g);
        });
    }

    /** Deletes the rows of {@code table} (one of this class's, with a {@code created_at}) older than {@code lifetime}. */
    private void deleteExpired(Connection c, String table, Duration lifetime) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE created_at < ?")) {
            ps.setLong(1, clock.millis() - lifetime.toMillis());
            ps.executeUpdate();
        }
    }

    /** Whether this statement deleted the row: false when another transaction deleted it first. */
    private static boolean delete(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, key);
            return ps.executeUpdate() == 1;
        }
    }
}
