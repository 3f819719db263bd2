package dev.docsassistant.assistant;

import dev.docsassistant.store.Database;
import dev.docsassistant.store.StoreException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Conversation threads in the embedded store. Ids and keys are 128+ random bits; a thread is only
 * reached on its own domain, by its owner ({@link ThreadCaller}), with groups covering what its
 * answers read, and with its key when one is given (or needed).
 */
public final class ThreadStore {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int MAX_ATTEMPTS = 5;

    /** A thread's id and (on creation only) its key. */
    public record ThreadRef(String id, String key) {
    }

    /**
     * One stored message.
     *
     * @param clientId the client's id of the message (questions only), or null
     */
    public record StoredMessage(int seq, String role, String content, String sources, String clientId) {
        public StoredMessage(int seq, String role, String content, String sources) {
            this(seq, role, content, sources, null);
        }
    }

    private final Database db;

    public ThreadStore(Database db) {
        this.db = db;
    }

    /**
     * A new thread of {@code owner} on {@code domain}.
     *
     * @param groups the access groups its first answer reads
     */
    public ThreadRef create(String domain, String fp, ThreadCaller owner, List<String> groups) {
        String id = "thr_" + token(16);
        String key = "thk_" + token(24);
        long now = System.currentTimeMillis();
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO threads (id, domain, fp, key_hash, created_at, "
                    + "updated_at, owner, access_groups) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, id);
                ps.setString(2, domain);
                ps.setString(3, fp);
                ps.setString(4, sha256(key));
                ps.setLong(5, now);
                ps.setLong(6, now);
                ps.setString(7, owner.owner());
                ps.setString(8, joinGroups(groups));
                return ps.executeUpdate();
            }
        });
        return new ThreadRef(id, key);
    }

    /**
     * Whether {@code caller} may reach the thread: it exists on this domain; a key given matches it;
     * the caller is its owner (a thread made before owners were recorded, or with a public key, is
     * reached with its key alone, which must then be given); and the caller's groups cover every
     * group its answers read. Every other case is false, exactly as for a thread that does not exist.
     */
    public boolean reachable(String domain, String id, String key, ThreadCaller caller) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT key_hash, owner, access_groups FROM threads WHERE id = ? AND domain = ?")) {
                ps.setString(1, id);
                ps.setString(2, domain);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return false;
                    }
                    String owner = rs.getString(2);
                    boolean keyNeeded = owner == null || caller.needsThreadKey();
                    if (key == null ? keyNeeded : !MessageDigest.isEqual(rs.getString(1).getBytes(StandardCharsets.UTF_8),
                            sha256(key).getBytes(StandardCharsets.UTF_8))) {
                        return false;
                    }
                    return (owner == null || owner.equals(caller.owner()))
                            && caller.groups().containsAll(splitGroups(rs.getString(3)));
                }
            }
        });
    }

    /**
     * Appends messages in one transaction; concurrent appends to one thread each get their own numbers.
     * When the first message is a question the thread already holds under the same client id and text
     * (a retry after a lost {@code finish}, or an AI SDK regenerate), that stored question and every
     * message after it are replaced, as the AI SDK's client drops them from its own copy of the
     * conversation: the thread never holds one question twice. The same id with other text is a new
     * question (some clients number every message {@code m1}), appended as usual.
     *
     * @return how many stored messages were replaced (0 for a plain append)
     */
    public int append(String id, List<StoredMessage> messages) {
        return append(id, List.of(), messages);
    }

    /**
     * {@link #append(String, List)} for a turn whose answer read {@code groups}: the thread's groups
     * grow by them, so only callers holding them reach it from now on.
     */
    public int append(String id, List<String> groups, List<StoredMessage> messages) {
        for (int attempt = 1; ; attempt++) {
            try {
                return db.transaction(c -> {
                    lockThread(c, id);
                    int replaced = messages.isEmpty() ? 0 : dropFrom(c, id, messages.getFirst());
                    int seq = nextSeq(c, id);
                    long now = System.currentTimeMillis();
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO thread_messages "
                            + "(thread_id, seq, role, content, sources, created_at, client_id) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                        for (StoredMessage m : messages) {
                            ps.setString(1, id);
                            ps.setInt(2, seq++);
                            ps.setString(3, m.role());
                            ps.setString(4, m.content());
                            ps.setString(5, m.sources());
                            ps.setLong(6, now);
                            ps.setString(7, m.clientId());
                            ps.addBatch();
                        }
                        ps.executeBatch();
                    }
                    List<String> read = new ArrayList<>(threadGroups(c, id));
                    groups.stream().filter(g -> !read.contains(g)).forEach(read::add);
                    try (PreparedStatement ps = c.prepareStatement("UPDATE threads SET updated_at = ?, access_groups = ? WHERE id = ?")) {
                        ps.setLong(1, now);
                        ps.setString(2, joinGroups(read));
                        ps.setString(3, id);
                        ps.executeUpdate();
                    }
                    return replaced;
                });
            } catch (StoreException e) {
                // Two appends raced for the same numbers: the loser retries with fresh ones.
                if (attempt >= MAX_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    public List<StoredMessage> messages(String id) {
        return db.transaction(c -> {
            List<StoredMessage> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT seq, role, content, sources, client_id FROM thread_messages WHERE thread_id = ? ORDER BY seq")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new StoredMessage(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                rs.getString(5)));
                    }
                }
            }
            return out;
        });
    }

    public Optional<String> domainOf(String id) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT domain FROM threads WHERE id = ?")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    /** Serialises appends to one thread (SQLite already serialises writers: transactions begin IMMEDIATE). */
    private void lockThread(Connection c, String id) throws SQLException {
        if (db.dialect() == Database.Dialect.POSTGRESQL) {
            try (PreparedStatement ps = c.prepareStatement("SELECT id FROM threads WHERE id = ? FOR UPDATE")) {
                ps.setString(1, id);
                ps.executeQuery().close();
            }
        }
    }

    /** Deletes the stored copy of {@code question} (same client id and text) and every later message; none when there is none. */
    private static int dropFrom(Connection c, String id, StoredMessage question) throws SQLException {
        if (question.clientId() == null) {
            return 0;
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM thread_messages WHERE thread_id = ? AND seq >= "
                + "(SELECT MIN(seq) FROM thread_messages WHERE thread_id = ? AND client_id = ? AND content = ?)")) {
            ps.setString(1, id);
            ps.setString(2, id);
            ps.setString(3, question.clientId());
            ps.setString(4, question.content());
            return ps.executeUpdate();
        }
    }

    private static List<String> threadGroups(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT access_groups FROM threads WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? splitGroups(rs.getString(1)) : List.of();
            }
        }
    }

    /** Groups as the column keeps them: one per line, as {@code api_keys.access_groups}. */
    private static String joinGroups(List<String> groups) {
        return String.join("\n", groups);
    }

    private static List<String> splitGroups(String stored) {
        return stored == null || stored.isEmpty() ? List.of() : List.of(stored.split("\n"));
    }

    private static int nextSeq(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COALESCE(MAX(seq), 0) + 1 FROM thread_messages WHERE thread_id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    static String token(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
