package dev.docsassistant.app;

import dev.docsassistant.search.SharedVectors;
import dev.docsassistant.store.Database;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fleet's shared section vectors: table {@code shared_embeddings} of the store (migration V12),
 * keyed by model and text key (the key's 32 bytes). Look-ups and inserts go in chunks, one statement
 * each; an insert leaves a key present already alone, so two servers embedding the same section at
 * once both succeed and the first vector stays.
 */
final class SharedEmbeddings implements SharedVectors {
    /** Keys per look-up: well under either database's limit of bound parameters. */
    private static final int LOOKUP_CHUNK = 500;
    /** Rows per insert (three parameters each). */
    private static final int INSERT_CHUNK = 200;

    private final Database db;

    SharedEmbeddings(Database db) {
        this.db = db;
    }

    /**
     * The shared level for this store: the table on PostgreSQL (a fleet); none on SQLite, where one
     * server's local cache holds every vector already and a copy in the database would be written for nothing.
     */
    static SharedVectors forStore(Database db) {
        return db.dialect() == Database.Dialect.POSTGRESQL ? new SharedEmbeddings(db) : SharedVectors.NONE;
    }

    @Override
    public Map<String, float[]> find(String model, Collection<String> keys) {
        Map<String, float[]> found = new HashMap<>();
        List<String> all = List.copyOf(keys);
        for (int from = 0; from < all.size(); from += LOOKUP_CHUNK) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + LOOKUP_CHUNK));
            db.transaction(c -> {
                try (PreparedStatement ps = c.prepareStatement("SELECT text_key, vector FROM shared_embeddings WHERE model = ?"
                        + " AND text_key IN (" + placeholders(chunk.size(), "?") + ")")) {
                    ps.setString(1, model);
                    for (int i = 0; i < chunk.size(); i++) {
                        ps.setBytes(i + 2, HexFormat.of().parseHex(chunk.get(i)));
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            found.put(HexFormat.of().formatHex(rs.getBytes(1)), SharedVectors.floats(rs.getBytes(2)));
                        }
                    }
                }
                return null;
            });
        }
        return found;
    }

    @Override
    public void add(String model, Map<String, float[]> vectors) {
        // In key order: two servers inserting overlapping sets then wait on each other's rows in one
        // order, never each on the other's (a deadlock).
        List<Map.Entry<String, float[]>> rows = new ArrayList<>(new TreeMap<>(vectors).entrySet());
        for (int from = 0; from < rows.size(); from += INSERT_CHUNK) {
            List<Map.Entry<String, float[]>> chunk = rows.subList(from, Math.min(rows.size(), from + INSERT_CHUNK));
            db.transaction(c -> {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO shared_embeddings (model, text_key, vector) VALUES "
                        + placeholders(chunk.size(), "(?, ?, ?)") + " ON CONFLICT DO NOTHING")) {
                    int p = 1;
                    for (Map.Entry<String, float[]> row : chunk) {
                        ps.setString(p++, model);
                        ps.setBytes(p++, HexFormat.of().parseHex(row.getKey()));
                        ps.setBytes(p++, SharedVectors.bytes(row.getValue()));
                    }
                    return ps.executeUpdate();
                }
            });
        }
    }

    private static String placeholders(int n, String one) {
        return String.join(", ", Collections.nCopies(n, one));
    }
}
