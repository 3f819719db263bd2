package dev.docsassistant.insights;

import dev.docsassistant.search.SentenceEmbedder;
import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.store.Database;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Groups a site's gaps by meaning, in the background: unanswered questions, answers rated not
 * helpful, searches that found nothing, and whatever {@link #add} hands in (searches nobody clicked).
 * Each question is embedded with the server's sentence model ({@link SentenceEmbedder}) and joins the
 * group whose centroid is nearest when their cosine reaches {@link #THRESHOLD}, else starts a group.
 * A group keeps its centroid as the running mean of its members' vectors and its label as the most
 * central question seen so far (compared by one dot product per new member), so a new question
 * costs one pass over the site's centroids and never a regrouping.
 *
 * <p>The job reads each recorded source from where it stopped ({@code gap_cursors}) up to
 * {@link #LAG} ago (answers are written in the background, a little after their time); member ids
 * name their source row, so a row read twice is grouped once. Runs every {@link #EVERY}, never on a
 * request; servers of a fleet racing on a batch roll one of them back (the cursor moved under it).
 */
public final class GapGrouping implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GapGrouping.class.getName());
    /**
     * Cosine from which a question joins a group. Measured on bench/eval/gaps-labelled.jsonl
     * ({@code bench/run GapsQuality}): lower merges topics that share words, higher splits paraphrases.
     */
    public static final double THRESHOLD = 0.5;
    static final Duration LAG = Duration.ofMinutes(2);
    static final Duration EVERY = Duration.ofMinutes(1);
    /**
     * A search from the site's search box whose results nobody opened within this time is a gap of
     * kind {@link GapKind#SEARCH_NO_CLICK}: readers open a result within seconds when one fits.
     */
    static final Duration NO_CLICK_AFTER = Duration.ofMinutes(10);
    static final int BATCH = 2000;
    static final int MAX_TEXT_CHARS = 500;

    /** The embedding function: {@link SentenceEmbedder#embedAll} in the server. */
    public interface Embedder {
        List<float[]> embedAll(List<String> texts);
    }

    /** One gap waiting to be grouped. */
    record Candidate(String id, String domain, GapKind kind, String text, String sources, long at) {
    }

    private final Database db;
    private final BackgroundWrites writes;
    private final Clock clock;
    private final Embedder embedder;
    private final double threshold;
    private final ClosestPages closest;

    /**
     * The pages the site's search comes closest with for a question: shown beside a group whose first
     * question had none recorded (an unanswered question cites nothing; a search that found nothing
     * has no results). Asked once per new group, so it costs nothing per question.
     */
    @FunctionalInterface
    public interface ClosestPages {
        ClosestPages NONE = (domain, question) -> List.of();

        List<CitedPage> find(String domain, String question);
    }
    private ScheduledExecutorService scheduler;

    public GapGrouping(Database db, BackgroundWrites writes, Clock clock) {
        this(db, writes, clock, SentenceEmbedder::embedAll, THRESHOLD, ClosestPages.NONE);
    }

    public GapGrouping(Database db, BackgroundWrites writes, Clock clock, ClosestPages closest) {
        this(db, writes, clock, SentenceEmbedder::embedAll, THRESHOLD, closest);
    }

    public GapGrouping(Database db, BackgroundWrites writes, Clock clock, Embedder embedder, double threshold) {
        this(db, writes, clock, embedder, threshold, ClosestPages.NONE);
    }

    public GapGrouping(Database db, BackgroundWrites writes, Clock clock, Embedder embedder, double threshold,
                       ClosestPages closest) {
        this.db = db;
        this.writes = writes;
        this.clock = clock;
        this.embedder = embedder;
        this.threshold = threshold;
        this.closest = closest;
    }

    /**
     * The one entry point for gaps without a source table of their own (searches nobody clicked):
     * queued in the background, grouped by the next run.
     */
    public void add(String domain, GapKind kind, String text, Instant at) {
        writes.submit("gap", c -> {
            queue(c, domain, kind, text, List.of(), at.toEpochMilli());
            return null;
        });
    }

    /** {@link #add} in the caller's transaction (bulk loads), with the pages its answer cited. */
    public static void queue(Connection c, String domain, GapKind kind, String text, List<CitedPage> sources, long at)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO gap_pending (id, domain, kind, text, sources, created_at) VALUES (?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, "p:" + UUID.randomUUID());
            ps.setString(2, domain);
            ps.setString(3, kind.stored());
            ps.setString(4, clip(text));
            ps.setString(5, InsightsLog.sourcesJson(sources));
            ps.setLong(6, at);
            ps.executeUpdate();
        }
    }

    /** Runs now and every minute on a daemon thread, until {@link #close}. */
    public synchronized void start() {
        if (scheduler == null) {
            scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "gap-grouping");
                t.setDaemon(true);
                t.setPriority(Thread.MIN_PRIORITY);
                return t;
            });
            scheduler.scheduleWithFixedDelay(this::runQuietly, 0, EVERY.toSeconds(), TimeUnit.SECONDS);
        }
    }

    private void runQuietly() {
        try {
            runOnce();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "grouping gaps failed; retrying in " + EVERY.toSeconds() + " s", e);
        }
    }

    /** Groups everything waiting, batch by batch; returns how many questions joined a group. */
    public synchronized int runOnce() {
        long until = clock.millis() - LAG.toMillis();
        int grouped = 0;
        while (true) {
            Batch batch = db.transaction(c -> read(c, until));
            if (batch.candidates.isEmpty() && batch.cursors.equals(batch.read)) {
                return grouped;
            }
            try {
                grouped += group(batch);
            } catch (GroupedElsewhere e) {
                // Servers of a fleet share the cursors: the one that moved them first grouped this batch.
                LOG.fine("gaps: another server grouped this batch; this one stops until the next run");
                return grouped;
            }
            if (batch.candidates.isEmpty()) {
                return grouped;
            }
        }
    }

    /** Another server of the fleet moved a cursor between this run's read and its write: an expected race, not a fault. */
    private static final class GroupedElsewhere extends RuntimeException {
        GroupedElsewhere() {
            super("another server grouped these gaps meanwhile", null, false, false);
        }
    }

    /** What one run reads: the candidates, the cursors as read and where they move to. */
    private record Batch(List<Candidate> candidates, Map<String, Long> read, Map<String, Long> cursors, List<String> pendingIds) {
    }

    private static Batch read(Connection c, long until) throws SQLException {
        List<Candidate> out = new ArrayList<>();
        Map<String, Long> read = new LinkedHashMap<>();
        Map<String, Long> moved = new LinkedHashMap<>();
        for (String source : List.of("answers", "feedback", "search-misses", "searches-no-click")) {
            long from = cursor(c, source);
            long upTo = source.equals("searches-no-click") ? until - NO_CLICK_AFTER.toMillis() : until;
            read.put(source, from);
            String sql = switch (source) {
                case "answers" -> "SELECT 'a:' || message_id, domain, question, sources, created_at, created_at FROM answers "
                        + "WHERE created_at > ? AND created_at <= ? AND answered = 0 ORDER BY created_at LIMIT " + BATCH;
                case "feedback" -> "SELECT 'f:' || f.message_id, f.domain, a.question, a.sources, f.created_at, a.created_at "
                        + "FROM answer_feedback f JOIN answers a ON a.message_id = f.message_id WHERE f.created_at > ? "
                        + "AND f.created_at <= ? AND f.helpful = 0 AND a.answered = 1 ORDER BY f.created_at LIMIT " + BATCH;
                case "search-misses" -> "SELECT channel, domain, query, '[]', created_at, created_at FROM search_misses "
                        + "WHERE created_at > ? AND created_at <= ? ORDER BY created_at LIMIT " + BATCH;
                default -> "SELECT 'n:' || search_id, domain, query, '[]', created_at, created_at FROM searches "
                        + "WHERE created_at > ? AND created_at <= ? AND results > 0 AND clicks = 0 AND channel = '"
                        + SearchLog.SITE_BOX + "' ORDER BY created_at LIMIT " + BATCH;
            };
            GapKind kind = switch (source) {
                case "answers" -> GapKind.UNANSWERED;
                case "feedback" -> GapKind.UNHELPFUL;
                case "search-misses" -> GapKind.SEARCH_MISS;
                default -> GapKind.SEARCH_NO_CLICK;
            };
            int rows = 0;
            long first = Long.MAX_VALUE;
            long last = from;
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setLong(1, from);
                ps.setLong(2, upTo);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows++;
                        long at = rs.getLong(5);
                        first = Math.min(first, at);
                        last = Math.max(last, at);
                        String domain = rs.getString(2);
                        String text = clip(rs.getString(3));
                        String id = kind == GapKind.SEARCH_MISS ? "s:" + digest(domain + "\n" + rs.getString(1) + "\n" + text + "\n" + at)
                                : rs.getString(1);
                        // A member is as old as its question (an unhelpful answer's, not the feedback's): retention goes by it.
                        out.add(new Candidate(id, domain, kind, text, rs.getString(4), rs.getLong(6)));
                    }
                }
            }
            // A full batch stops at its last time, read again next (ids keep a row from counting twice).
            moved.put(source, rows < BATCH ? Math.max(from, upTo) : last > first ? last - 1 : last);
        }
        List<String> pendingIds = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id, domain, kind, text, sources, created_at FROM gap_pending "
                + "ORDER BY created_at LIMIT " + BATCH); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                pendingIds.add(rs.getString(1));
                out.add(new Candidate(rs.getString(1), rs.getString(2), GapKind.of(rs.getString(3)), rs.getString(4),
                        rs.getString(5), rs.getLong(6)));
            }
        }
        return new Batch(out, read, moved, pendingIds);
    }

    private static long cursor(Connection c, String source) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT done_until FROM gap_cursors WHERE source = ?")) {
            ps.setString(1, source);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    private int group(Batch batch) {
        // Embedding is the slow part: done outside any transaction, each distinct wording once (the model is
        // uncased, so case and spacing make no other vector).
        long started = System.nanoTime();
        List<String> texts = new ArrayList<>(new LinkedHashSet<>(batch.candidates.stream().map(c -> wording(c.text())).toList()));
        Map<String, float[]> vectors = new HashMap<>();
        List<float[]> embedded = texts.isEmpty() ? List.of() : embedder.embedAll(texts);
        for (int i = 0; i < texts.size(); i++) {
            vectors.put(texts.get(i), embedded.get(i));
        }
        if (!texts.isEmpty()) {
            LOG.fine(() -> String.format(Locale.ROOT, "gaps: embedded %d wordings of %d questions in %.1f s", texts.size(),
                    batch.candidates.size(), (System.nanoTime() - started) / 1e9));
        }
        long now = clock.millis();
        return db.transaction(c -> {
            for (Map.Entry<String, Long> cursor : batch.cursors.entrySet()) {
                moveCursor(c, cursor.getKey(), batch.read.get(cursor.getKey()), cursor.getValue());
            }
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM gap_pending WHERE id = ?")) {
                for (String id : batch.pendingIds) {
                    ps.setString(1, id);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            Map<String, List<Group>> byDomain = new HashMap<>();
            List<Group> touched = new ArrayList<>();
            int joined = 0;
            try (PreparedStatement member = c.prepareStatement("INSERT INTO gap_members (id, group_id, domain, kind, text, sources, "
                    + "created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")) {
                for (Candidate cand : batch.candidates) {
                    List<Group> groups = byDomain.get(cand.domain());
                    if (groups == null) {
                        groups = load(c, cand.domain());
                        byDomain.put(cand.domain(), groups);
                    }
                    float[] v = vectors.get(wording(cand.text()));
                    Group home = nearest(groups, v);
                    boolean fresh = home == null;
                    if (fresh) {
                        home = Group.start(cand.domain(), v.length, now);
                    }
                    member.setString(1, cand.id());
                    member.setString(2, home.id);
                    member.setString(3, cand.domain());
                    member.setString(4, cand.kind().stored());
                    member.setString(5, cand.text());
                    String sources = cand.sources() == null ? "[]" : cand.sources();
                    if (fresh && sources.equals("[]")) {
                        sources = closestPages(cand.domain(), cand.text());
                    }
                    member.setString(6, sources);
                    member.setLong(7, cand.at());
                    if (member.executeUpdate() == 0) {
                        continue; // grouped before
                    }
                    if (fresh) {
                        groups.add(home);
                    }
                    home.join(v, cand.text(), cand.at());
                    if (!home.touched) {
                        home.touched = true;
                        touched.add(home);
                    }
                    joined++;
                }
            }
            for (Group g : touched) {
                g.save(c, now);
            }
            return joined;
        });
    }

    /** The closest pages as stored sources; none when the search fails (the group still starts). */
    private String closestPages(String domain, String question) {
        try {
            return InsightsLog.sourcesJson(closest.find(domain, question));
        } catch (RuntimeException e) {
            LOG.log(java.util.logging.Level.FINE, "gaps: no closest pages for a new group of " + domain, e);
            return "[]";
        }
    }

    private Group nearest(List<Group> groups, float[] v) {
        Group best = null;
        double bestCos = threshold;
        for (Group g : groups) {
            double cos = g.cosine(v);
            if (cos >= bestCos) {
                bestCos = cos;
                best = g;
            }
        }
        return best;
    }

    private static void moveCursor(Connection c, String source, long from, long to) throws SQLException {
        try (PreparedStatement ins = c.prepareStatement("INSERT INTO gap_cursors (source, done_until) VALUES (?, ?) "
                + "ON CONFLICT (source) DO NOTHING")) {
            ins.setString(1, source);
            ins.setLong(2, 0);
            ins.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("UPDATE gap_cursors SET done_until = ? WHERE source = ? AND done_until = ?")) {
            ps.setLong(1, to);
            ps.setString(2, source);
            ps.setLong(3, from);
            if (ps.executeUpdate() != 1) {
                throw new GroupedElsewhere(); // rolls this batch back
            }
        }
    }

    private static List<Group> load(Connection c, String domain) throws SQLException {
        List<Group> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id, centroid, weight, label_vector FROM gap_groups WHERE domain = ?")) {
            ps.setString(1, domain);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byte[] label = rs.getBytes(4);
                    out.add(new Group(rs.getString(1), domain, Vectors.floats(rs.getBytes(2)), rs.getInt(3),
                            label == null ? null : Vectors.floats(label), false));
                }
            }
        }
        return out;
    }

    /** A group as the job holds it while grouping one batch. */
    private static final class Group {
        final String id;
        final String domain;
        final float[] mean;
        int weight;
        double norm;
        float[] labelVector;
        String newLabel;
        long newLabelAt;
        long lastAt;
        final boolean fresh;
        boolean touched;

        Group(String id, String domain, float[] mean, int weight, float[] labelVector, boolean fresh) {
            this.id = id;
            this.domain = domain;
            this.mean = mean;
            this.weight = weight;
            this.labelVector = labelVector;
            this.fresh = fresh;
            this.norm = Vectors.norm(mean);
        }

        static Group start(String domain, int dimension, long now) {
            return new Group("gap_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16), domain,
                    new float[dimension], 0, null, true);
        }

        double cosine(float[] v) {
            return norm == 0 ? -1 : Vectors.dot(mean, v) / norm;
        }

        void join(float[] v, String text, long at) {
            for (int i = 0; i < mean.length; i++) {
                mean[i] = (mean[i] * weight + v[i]) / (weight + 1);
            }
            weight++;
            norm = Vectors.norm(mean);
            // The label stays the member nearest the centroid: the old label is scored again against the moved centroid.
            if (labelVector == null || cosine(v) > cosine(labelVector)) {
                labelVector = v;
                newLabel = text;
                newLabelAt = at;
            }
            lastAt = Math.max(lastAt, at);
        }

        void save(Connection c, long now) throws SQLException {
            double score = cosine(labelVector);
            if (fresh) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO gap_groups (id, domain, centroid, weight, label, label_at, "
                        + "label_score, label_vector, status, note, status_at, created_at, last_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', '', ?, ?, ?)")) {
                    ps.setString(1, id);
                    ps.setString(2, domain);
                    ps.setBytes(3, Vectors.bytes(mean));
                    ps.setInt(4, weight);
                    ps.setString(5, newLabel);
                    ps.setLong(6, newLabelAt);
                    ps.setFloat(7, (float) score);
                    ps.setBytes(8, Vectors.bytes(labelVector));
                    ps.setLong(9, now);
                    ps.setLong(10, now);
                    ps.setLong(11, lastAt);
                    ps.executeUpdate();
                }
                return;
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE gap_groups SET centroid = ?, weight = ?, label_score = ?, "
                    + "last_at = CASE WHEN last_at > ? THEN last_at ELSE ? END WHERE id = ?")) {
                ps.setBytes(1, Vectors.bytes(mean));
                ps.setInt(2, weight);
                ps.setFloat(3, (float) score);
                ps.setLong(4, lastAt);
                ps.setLong(5, lastAt);
                ps.setString(6, id);
                ps.executeUpdate();
            }
            if (newLabel != null) {
                try (PreparedStatement ps = c.prepareStatement(
                        "UPDATE gap_groups SET label = ?, label_at = ?, label_vector = ? WHERE id = ?")) {
                    ps.setString(1, newLabel);
                    ps.setLong(2, newLabelAt);
                    ps.setBytes(3, Vectors.bytes(labelVector));
                    ps.setString(4, id);
                    ps.executeUpdate();
                }
            }
            // A resolved gap asked about again is open again, with the time it came back.
            try (PreparedStatement ps = c.prepareStatement("UPDATE gap_groups SET status = 'open', reopened_at = ?, status_at = ? "
                    + "WHERE id = ? AND status = 'resolved'")) {
                ps.setLong(1, now);
                ps.setLong(2, now);
                ps.setString(3, id);
                ps.executeUpdate();
            }
        }
    }

    /**
     * Retention, in its transaction: members older than {@code cutoff} go, then groups left without
     * members; a group whose label was such a question takes its newest remaining one (its vector is
     * unknown until the job meets the group again, so the next member will do better).
     */
    public static int expire(Connection c, long cutoff) throws SQLException {
        int n = update(c, "DELETE FROM gap_members WHERE created_at < ?", cutoff)
                + update(c, "DELETE FROM gap_pending WHERE created_at < ?", cutoff)
                + update(c, "DELETE FROM gap_groups WHERE NOT EXISTS (SELECT 1 FROM gap_members m WHERE m.group_id = gap_groups.id)");
        List<String> stale = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM gap_groups WHERE label_at < ?")) {
            ps.setLong(1, cutoff);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    stale.add(rs.getString(1));
                }
            }
        }
        for (String id : stale) {
            try (PreparedStatement ps = c.prepareStatement("SELECT text, created_at FROM gap_members WHERE group_id = ? "
                    + "ORDER BY created_at DESC LIMIT 1")) {
                ps.setString(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        try (PreparedStatement up = c.prepareStatement("UPDATE gap_groups SET label = ?, label_at = ?, "
                                + "label_vector = NULL, label_score = -1 WHERE id = ?")) {
                            up.setString(1, rs.getString(1));
                            up.setLong(2, rs.getLong(2));
                            up.setString(3, id);
                            n += up.executeUpdate();
                        }
                    }
                }
            }
        }
        return n;
    }

    /** What the model sees of a question: lower-cased, spaces collapsed, without trailing punctuation. */
    static String wording(String text) {
        String w = text.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").replaceAll("[\\s?.!]+$", "").strip();
        return w.isEmpty() ? text : w;
    }

    static String clip(String text) {
        String t = text == null ? "" : text.strip().replaceAll("\\s+", " ");
        return t.length() > MAX_TEXT_CHARS ? t.substring(0, MAX_TEXT_CHARS) : t;
    }

    private static String digest(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }

    private static int update(Connection c, String sql, long... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setLong(i + 1, params[i]);
            }
            return ps.executeUpdate();
        }
    }
}
