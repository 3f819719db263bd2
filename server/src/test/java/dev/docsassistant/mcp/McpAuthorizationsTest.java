package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.store.Database;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.MovableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MCP authorization server's memory in the store (SQLite, and PostgreSQL when bin/test provides one):
 * what one server registered, opened or gave out, another server on the same database (or the same one after a
 * restart) finds, each request and code once, for their lifetimes; clients are bounded.
 */
class McpAuthorizationsTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final String REDIRECT = "http://127.0.0.1:33418/callback";
    private static final String CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    @TempDir
    Path dir;

    @Test
    void whatOneServerStartedAnotherFinishesOnce() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                MovableClock clock = new MovableClock(NOW);
                McpAuthorizations first = new McpAuthorizations(db, clock);
                McpAuthorizations second = new McpAuthorizations(db, clock); // another server, or the first restarted
                McpAuthorizations.Client client = first.register("Test IDE", List.of(REDIRECT, "vscode://callback"));

                assertEquals(Optional.of(client), second.client(client.id()));
                assertEquals(Optional.empty(), second.client("mcp_unknown"));

                McpAuthorizations.Request request = first.open("handbook", client, REDIRECT, CHALLENGE, "xyz", "https://docs.example/authed/mcp");
                assertEquals(Optional.empty(), second.request("other", request.id(), false), "a request of another site");
                McpAuthorizations.Request found = second.request("handbook", request.id(), false).orElseThrow();
                assertEquals(List.of(client, REDIRECT, CHALLENGE, "xyz"), List.of(found.client(), found.redirectUri(),
                        found.codeChallenge(), found.state()));
                assertTrue(second.request("handbook", request.id(), true).isPresent(), "consent takes it");
                assertEquals(Optional.empty(), first.request("handbook", request.id(), true), "once");

                Reader jane = new Reader(Optional.of("jane"), List.of("admin"),
                        JsonNodeFactory.instance.objectNode().put("plan", "Pro"), null, NOW.plus(Duration.ofHours(2)));
                String code = second.code(request, jane);
                assertFalse(dump(db, "mcp_codes").contains(code), "only the code's hash is stored");
                McpAuthorizations.Grant grant = first.redeem("handbook", code).orElseThrow();
                assertEquals(List.of(client.id(), REDIRECT, CHALLENGE, "https://docs.example/authed/mcp"),
                        List.of(grant.clientId(), grant.redirectUri(), grant.codeChallenge(), grant.resource()));
                assertEquals(List.of("admin"), grant.reader().groups());
                assertEquals(Optional.of("jane"), grant.reader().id());
                assertEquals(Optional.of("Pro"), grant.reader().contentValue("plan"));
                assertEquals(jane.expiresAt(), grant.reader().expiresAt());
                assertEquals(Optional.empty(), second.redeem("handbook", code), "a code is exchanged once");

                String elsewhere = first.code(request, jane);
                assertEquals(Optional.empty(), second.redeem("other", elsewhere), "not on another site");
                assertEquals(Optional.empty(), second.redeem("handbook", elsewhere), "and used up by trying");
            }
        }
    }

    @Test
    void requestsAndCodesExpire() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                MovableClock clock = new MovableClock(NOW);
                McpAuthorizations store = new McpAuthorizations(db, clock);
                McpAuthorizations.Client client = store.register("IDE", List.of(REDIRECT));
                McpAuthorizations.Request request = store.open("handbook", client, REDIRECT, CHALLENGE, null, "r");
                String code = store.code(request, Reader.anonymous(NOW.plus(Duration.ofHours(1))));
                clock.advance(McpAuthorizations.CODE_LIFETIME.plusSeconds(1));
                assertEquals(Optional.empty(), store.redeem("handbook", code));
                assertTrue(store.request("handbook", request.id(), false).isPresent());
                clock.advance(McpAuthorizations.REQUEST_LIFETIME);
                assertEquals(Optional.empty(), store.request("handbook", request.id(), false));
                store.open("handbook", client, REDIRECT, CHALLENGE, null, "r");
                assertEquals(1, rows(db, "mcp_requests"), "an expired request is deleted when the next one opens");
                assertTrue(store.client(client.id()).isPresent(), "a client stays registered");
            }
        }
    }

    @Test
    void pastTheBoundTheOldestClientsGiveWay() {
        for (Database db : TestDatabases.fresh(dir)) {
            try (db) {
                MovableClock clock = new MovableClock(NOW);
                McpAuthorizations store = new McpAuthorizations(db, clock, 3);
                List<McpAuthorizations.Client> clients = new java.util.ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    clients.add(store.register("IDE " + i, List.of(REDIRECT)));
                    clock.advance(Duration.ofSeconds(1));
                }
                assertEquals(3, rows(db, "mcp_clients"));
                assertEquals(List.of(false, false, true, true, true),
                        clients.stream().map(c -> store.client(c.id()).isPresent()).toList());
            }
        }
    }

    private static int rows(Database db, String table) {
        return db.transaction(c -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    private static String dump(Database db, String table) {
        return db.transaction(c -> {
            StringBuilder out = new StringBuilder();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT * FROM " + table)) {
                while (rs.next()) {
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        out.append(rs.getString(i)).append(' ');
                    }
                }
            }
            return out.toString();
        });
    }
}
