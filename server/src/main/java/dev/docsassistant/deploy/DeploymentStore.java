package dev.docsassistant.deploy;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.git.GitSettings;
import dev.docsassistant.store.Database;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sites, deployments and their content-addressed files in the store (migration V9). Blobs are
 * written before the deployment that lists them, each once whatever its number of deployments, so a
 * failure part-way leaves at most unreferenced blobs, never a deployment with missing content.
 */
final class DeploymentStore {
    /** Tells every server of the fleet that a site or its active deployment changed (PostgreSQL only). */
    static final String CHANNEL = "deployments";
    private static final String COLUMNS = "id, domain, seq, source_kind, source, created_by, preview, status, content_hash,"
            + " files, bytes, pages, build_ms, problems, created_at, finished_at, activated_at";

    private final Database db;

    DeploymentStore(Database db) {
        this.db = db;
    }

    Database database() {
        return db;
    }

    // ---- sites

    /**
     * Records a site of the configuration file, or brings its organisation up to date. One statement,
     * so servers of a fleet starting together do not collide on the row.
     */
    void putConfiguredSite(String domain, String organization) {
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO sites (domain, organization, source, created_at)"
                    + " VALUES (?, ?, 'config', ?) ON CONFLICT (domain) DO UPDATE SET organization = excluded.organization,"
                    + " source = 'config'")) {
                ps.setString(1, domain);
                ps.setString(2, organization);
                ps.setLong(3, System.currentTimeMillis());
                return ps.executeUpdate();
            }
        });
    }

    /** Creates an API site; false when the domain is taken. */
    boolean createSite(String domain, String organization, Optional<GitSettings> git) {
        return db.transaction(c -> {
            if (site(c, domain).isPresent()) {
                return false;
            }
            insertSite(c, domain, organization, false, git);
            db.notifyOnCommit(c, CHANNEL);
            return true;
        });
    }

    /** Removes a site with its deployments and their file lists (blobs other sites share stay). */
    boolean deleteSite(String domain) {
        return db.transaction(c -> {
            update(c, "DELETE FROM deployment_files WHERE deployment_id IN (SELECT id FROM deployments WHERE domain = ?)", domain);
            update(c, "DELETE FROM deployments WHERE domain = ?", domain);
            boolean deleted = update(c, "DELETE FROM sites WHERE domain = ?", domain) > 0;
            db.notifyOnCommit(c, CHANNEL);
            return deleted;
        });
    }

    Optional<SiteRecord> site(String domain) {
        return db.transaction(c -> site(c, domain));
    }

    /** The organisations owning a site, configured or created at run time. */
    java.util.Set<String> organizations() {
        return db.transaction(c -> {
            java.util.Set<String> all = new java.util.TreeSet<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT DISTINCT organization FROM sites");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    all.add(rs.getString(1));
                }
            }
            return all;
        });
    }

    List<SiteRecord> sites() {
        return db.transaction(c -> {
            List<SiteRecord> all = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT * FROM sites ORDER BY created_at, domain");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    all.add(siteOf(rs));
                }
            }
            return all;
        });
    }

    private void insertSite(Connection c, String domain, String organization, boolean configured,
                            Optional<GitSettings> git) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO sites (domain, organization, source, git_url, git_branch,"
                + " git_path, git_previews, git_poll_ms, git_secret, git_token, git_credentials_env, git_credentials_user,"
                + " active_deployment, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)")) {
            ps.setString(1, domain);
            ps.setString(2, organization);
            ps.setString(3, configured ? "config" : "api");
            ps.setString(4, git.map(GitSettings::url).orElse(null));
            ps.setString(5, git.map(GitSettings::branch).orElse(null));
            ps.setString(6, git.map(GitSettings::path).orElse(null));
            ps.setInt(7, git.map(GitSettings::previews).orElse(false) ? 1 : 0);
            Long pollMs = git.flatMap(GitSettings::poll).map(Duration::toMillis).orElse(null);
            if (pollMs == null) {
                ps.setNull(8, Types.BIGINT);
            } else {
                ps.setLong(8, pollMs);
            }
            ps.setString(9, git.flatMap(GitSettings::secret).orElse(null));
            ps.setString(10, git.flatMap(GitSettings::token).orElse(null));
            ps.setString(11, git.flatMap(GitSettings::credentialsEnv).orElse(null));
            ps.setString(12, git.map(GitSettings::credentialsUser).orElse(null));
            ps.setLong(13, System.currentTimeMillis());
            ps.executeUpdate();
        }
    }

    private static Optional<SiteRecord> site(Connection c, String domain) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT * FROM sites WHERE domain = ?")) {
            ps.setString(1, domain);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(siteOf(rs)) : Optional.empty();
            }
        }
    }

    private static SiteRecord siteOf(ResultSet rs) throws SQLException {
        String url = rs.getString("git_url");
        Optional<GitSettings> git = Optional.empty();
        if (url != null) {
            long pollMs = rs.getLong("git_poll_ms");
            Optional<Duration> poll = rs.wasNull() ? Optional.empty() : Optional.of(Duration.ofMillis(pollMs));
            String user = rs.getString("git_credentials_user");
            git = Optional.of(new GitSettings(url, rs.getString("git_branch"), Optional.ofNullable(rs.getString("git_path")).orElse(""),
                    rs.getInt("git_previews") != 0, poll, Optional.ofNullable(rs.getString("git_secret")),
                    Optional.ofNullable(rs.getString("git_token")), Optional.ofNullable(rs.getString("git_credentials_env")),
                    user == null ? GitSettings.DEFAULT_CREDENTIALS_USER : user));
        }
        return new SiteRecord(rs.getString("domain"), rs.getString("organization"), "config".equals(rs.getString("source")),
                git, Optional.ofNullable(rs.getString("active_deployment")));
    }

    // ---- content

    /** Stores the files' contents the store does not hold yet, in transactions of about 16 MiB; returns how many were new. */
    int putBlobs(List<SiteFiles.FileEntry> files) {
        Map<String, SiteFiles.FileEntry> missing = new LinkedHashMap<>();
        files.forEach(f -> missing.putIfAbsent(f.sha256(), f));
        List<String> hashes = List.copyOf(missing.keySet());
        for (int from = 0; from < hashes.size(); from += 500) {
            List<String> chunk = hashes.subList(from, Math.min(hashes.size(), from + 500));
            db.transaction(c -> {
                try (PreparedStatement ps = c.prepareStatement("SELECT sha256 FROM content_blobs WHERE sha256 IN ("
                        + String.join(", ", java.util.Collections.nCopies(chunk.size(), "?")) + ")")) {
                    for (int i = 0; i < chunk.size(); i++) {
                        ps.setString(i + 1, chunk.get(i));
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            missing.remove(rs.getString(1));
                        }
                    }
                }
                // Reused content is touched, so a sweep does not take it before the deployment listing it is recorded.
                try (PreparedStatement ps = c.prepareStatement("UPDATE content_blobs SET stored_at = ? WHERE sha256 IN ("
                        + String.join(", ", java.util.Collections.nCopies(chunk.size(), "?")) + ")")) {
                    ps.setLong(1, System.currentTimeMillis());
                    for (int i = 0; i < chunk.size(); i++) {
                        ps.setString(i + 2, chunk.get(i));
                    }
                    ps.executeUpdate();
                }
                return null;
            });
        }
        List<SiteFiles.FileEntry> batch = new ArrayList<>();
        long batchBytes = 0;
        for (SiteFiles.FileEntry f : missing.values()) {
            batch.add(f);
            batchBytes += f.size();
            if (batchBytes >= (16 << 20)) {
                insertBlobs(batch);
                batch.clear();
                batchBytes = 0;
            }
        }
        insertBlobs(batch);
        return missing.size();
    }

    private void insertBlobs(List<SiteFiles.FileEntry> batch) {
        if (batch.isEmpty()) {
            return;
        }
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO content_blobs (sha256, size, content, stored_at) VALUES (?, ?, ?, ?)"
                    + " ON CONFLICT (sha256) DO NOTHING")) {
                for (SiteFiles.FileEntry f : batch) {
                    byte[] content;
                    try {
                        content = Files.readAllBytes(f.file());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    // The file was hashed when listed: content that changed since must not be stored under the old hash.
                    if (!java.util.HexFormat.of().formatHex(SiteFiles.sha256().digest(content)).equals(f.sha256())) {
                        throw new IllegalStateException(f.path() + " changed while it was being deployed; deploy again");
                    }
                    ps.setString(1, f.sha256());
                    ps.setLong(2, content.length);
                    ps.setBytes(3, content);
                    ps.setLong(4, System.currentTimeMillis());
                    ps.executeUpdate();
                }
            }
            return null;
        });
    }

    /** Writes a blob's bytes to {@code file}. */
    void readBlob(String sha256, Path file) {
        db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT content FROM content_blobs WHERE sha256 = ?")) {
                ps.setString(1, sha256);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalStateException("the store lost content " + sha256);
                    }
                    try (InputStream in = rs.getBinaryStream(1)) {
                        Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            return null;
        });
    }

    /** The files of a deployment: path → SHA-256. */
    Map<String, String> files(String deploymentId) {
        return db.transaction(c -> {
            Map<String, String> files = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT path, sha256 FROM deployment_files WHERE deployment_id = ? ORDER BY path")) {
                ps.setString(1, deploymentId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        files.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
            return files;
        });
    }

    /** When each file of a deployment was last changed (epoch milliseconds), for those recorded with one. */
    Map<String, Long> fileTimes(String deploymentId) {
        return db.transaction(c -> {
            Map<String, Long> times = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT path, modified_ms FROM deployment_files WHERE deployment_id = ? AND modified_ms IS NOT NULL")) {
                ps.setString(1, deploymentId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        times.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
            return times;
        });
    }

    // ---- deployments

    /** Records a new deployment ({@code building}) with its file list, next in its site's creation order. */
    Deployment insert(String id, String domain, DeploymentSource source, String createdBy, Optional<String> preview,
                      List<SiteFiles.FileEntry> files) {
        // Two servers of a fleet may number a deployment of one site at once: the loser takes the next number.
        for (int attempt = 1; ; attempt++) {
            try {
                return insertOnce(id, domain, source, createdBy, preview, files);
            } catch (dev.docsassistant.store.StoreException e) {
                if (attempt >= 5 || get(id).isPresent()) {
                    throw e;
                }
            }
        }
    }

    /** The next number in the site's creation order. */
    private static long nextSeq(Connection c, String domain) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COALESCE(MAX(seq), 0) + 1 FROM deployments WHERE domain = ?")) {
            ps.setString(1, domain);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private Deployment insertOnce(String id, String domain, DeploymentSource source, String createdBy, Optional<String> preview,
                                  List<SiteFiles.FileEntry> files) {
        String hash = SiteFiles.contentHash(files);
        long bytes = files.stream().mapToLong(SiteFiles.FileEntry::size).sum();
        long now = System.currentTimeMillis();
        return db.transaction(c -> {
            long seq = nextSeq(c, domain);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO deployments (" + COLUMNS + ") VALUES "
                    + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, '[]', ?, NULL, NULL)")) {
                ps.setString(1, id);
                ps.setString(2, domain);
                ps.setLong(3, seq);
                ps.setString(4, source.kind().wire());
                ps.setString(5, source.value());
                ps.setString(6, createdBy);
                ps.setString(7, preview.orElse(null));
                ps.setString(8, DeploymentStatus.BUILDING.wire());
                ps.setString(9, hash);
                ps.setInt(10, files.size());
                ps.setLong(11, bytes);
                ps.setLong(12, now);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO deployment_files (deployment_id, path, sha256, size, modified_ms) VALUES (?, ?, ?, ?, ?)")) {
                for (SiteFiles.FileEntry f : files) {
                    ps.setString(1, id);
                    ps.setString(2, f.path());
                    ps.setString(3, f.sha256());
                    ps.setLong(4, f.size());
                    ps.setLong(5, f.modifiedMs());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return get(c, id).orElseThrow();
        });
    }

    /**
     * Records a deployment that failed before it had any files (a Git source that gave no tree): next in
     * its site's creation order, {@code failed} at once, with {@code reason} as its one problem.
     */
    Deployment insertFailed(String id, String domain, DeploymentSource source, String createdBy, Optional<String> preview,
                            String reason) {
        for (int attempt = 1; ; attempt++) {
            try {
                return insertFailedOnce(id, domain, source, createdBy, preview, reason);
            } catch (dev.docsassistant.store.StoreException e) {
                if (attempt >= 5 || get(id).isPresent()) {
                    throw e;
                }
            }
        }
    }

    private Deployment insertFailedOnce(String id, String domain, DeploymentSource source, String createdBy,
                                        Optional<String> preview, String reason) {
        long now = System.currentTimeMillis();
        return db.transaction(c -> {
            long seq = nextSeq(c, domain);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO deployments (" + COLUMNS + ") VALUES "
                    + "(?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?, ?, ?, NULL)")) {
                ps.setString(1, id);
                ps.setString(2, domain);
                ps.setLong(3, seq);
                ps.setString(4, source.kind().wire());
                ps.setString(5, source.value());
                ps.setString(6, createdBy);
                ps.setString(7, preview.orElse(null));
                ps.setString(8, DeploymentStatus.FAILED.wire());
                ps.setString(9, SiteFiles.contentHash(List.of()));
                ps.setString(10, problemsJson(List.of(SiteProblem.error(".", "", reason))));
                ps.setLong(11, now);
                ps.setLong(12, now);
                ps.executeUpdate();
            }
            return get(c, id).orElseThrow();
        });
    }

    /** Records how a build ended: {@code ready} or {@code failed}, with its problems. */
    Deployment finish(String id, DeploymentStatus status, int pages, Duration buildTime, List<SiteProblem> problems) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE deployments SET status = ?, pages = ?, build_ms = ?, problems = ?,"
                    + " finished_at = ? WHERE id = ?")) {
                ps.setString(1, status.wire());
                ps.setInt(2, pages);
                ps.setLong(3, buildTime.toMillis());
                ps.setString(4, problemsJson(problems));
                ps.setLong(5, System.currentTimeMillis());
                ps.setString(6, id);
                ps.executeUpdate();
            }
            return get(c, id).orElseThrow();
        });
    }

    /** Makes {@code id} its site's active deployment in one step; the one it replaces becomes {@code superseded}. */
    Deployment activate(String domain, String id) {
        return db.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE deployments SET status = ? WHERE domain = ? AND status = ? AND id <> ?")) {
                ps.setString(1, DeploymentStatus.SUPERSEDED.wire());
                ps.setString(2, domain);
                ps.setString(3, DeploymentStatus.ACTIVE.wire());
                ps.setString(4, id);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("UPDATE deployments SET status = ?, activated_at = ? WHERE id = ?")) {
                ps.setString(1, DeploymentStatus.ACTIVE.wire());
                ps.setLong(2, System.currentTimeMillis());
                ps.setString(3, id);
                ps.executeUpdate();
            }
            update(c, "UPDATE sites SET active_deployment = ? WHERE domain = ?", id, domain);
            db.notifyOnCommit(c, CHANNEL);
            return get(c, id).orElseThrow();
        });
    }

    /** A site's deployments, newest first. */
    List<Deployment> list(String domain) {
        return deployments("SELECT " + COLUMNS + " FROM deployments WHERE domain = ? ORDER BY seq DESC",
                domain);
    }

    /** The deployments {@code sql} (a {@code SELECT COLUMNS …}) finds with {@code params} bound in order. */
    private List<Deployment> deployments(String sql, Object... params) {
        return db.transaction(c -> {
            List<Deployment> all = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                for (int i = 0; i < params.length; i++) {
                    ps.setObject(i + 1, params[i]);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        all.add(of(rs));
                    }
                }
            }
            return all;
        });
    }

    Optional<Deployment> get(String id) {
        return db.transaction(c -> get(c, id));
    }

    /** The newest built deployment of the site with exactly this content, if any. */
    Optional<Deployment> withContent(String domain, String contentHash) {
        return list(domain).stream()
                .filter(d -> d.contentHash().equals(contentHash) && d.status().activatable() && d.preview().isEmpty())
                .findFirst();
    }

    /** Tells the fleet's servers to sync (a preview became ready: they serve it on its host too). */
    void announce() {
        db.transaction(c -> {
            db.notifyOnCommit(c, CHANNEL);
            return null;
        });
    }

    /**
     * Every site's deployments built on their server but not yet active (not previews), oldest first
     * per site: the fleet's other servers prepare them. One still being built is left out, so its
     * sections are embedded by its own server alone and shared from the store.
     */
    List<Deployment> building() {
        return deployments("SELECT " + COLUMNS + " FROM deployments WHERE preview IS NULL"
            + " AND status = ? AND finished_at IS NOT NULL ORDER BY domain, seq",
                DeploymentStatus.BUILDING.wire());
    }

    /** Every site's built previews (ready, or activated once), for serving them on their hosts. */
    List<Deployment> builtPreviews() {
        return deployments("SELECT " + COLUMNS + " FROM deployments WHERE preview IS NOT NULL"
            + " AND status IN (?, ?, ?) ORDER BY domain, seq",
                DeploymentStatus.READY.wire(), DeploymentStatus.ACTIVE.wire(), DeploymentStatus.SUPERSEDED.wire());
    }

    /**
     * Preview deployments created before {@code before}, but neither one a site serves as its active
     * deployment nor one still building.
     */
    List<Deployment> expiredPreviews(java.time.Instant before) {
        return deployments("SELECT " + COLUMNS + " FROM deployments d WHERE preview IS NOT NULL"
            + " AND created_at < ? AND status <> ? AND NOT EXISTS (SELECT 1 FROM sites s WHERE s.active_deployment = d.id)",
                before.toEpochMilli(), DeploymentStatus.BUILDING.wire());
    }

    /** Removes deployments with their file lists (their content stays until {@link #deleteUnreferencedBlobs}). */
    void deleteDeployments(List<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        db.transaction(c -> {
            for (String id : ids) {
                // An active deployment stays, whatever the caller thought (it may have been activated meanwhile).
                update(c, "DELETE FROM deployments WHERE id = ? AND id NOT IN (SELECT active_deployment FROM sites"
                        + " WHERE active_deployment IS NOT NULL)", id);
                update(c, "DELETE FROM deployment_files WHERE deployment_id = ? AND NOT EXISTS"
                        + " (SELECT 1 FROM deployments WHERE id = ?)", id, id);
            }
            db.notifyOnCommit(c, CHANNEL);
            return null;
        });
    }

    /**
     * Deletes content no deployment lists, stored or reused before {@code storedBefore} (a blob is
     * written before the deployment listing it: a younger one may be about to be listed).
     *
     * @return how many blobs were deleted
     */
    int deleteUnreferencedBlobs(java.time.Instant storedBefore) {
        return db.transaction(c -> update(c, "DELETE FROM content_blobs WHERE (stored_at IS NULL OR stored_at < ?)"
                + " AND NOT EXISTS (SELECT 1 FROM deployment_files f WHERE f.sha256 = content_blobs.sha256)",
                storedBefore.toEpochMilli()));
    }

    /** Deployments left {@code building} by a server that stopped mid-build: they never finish now. */
    void failUnfinished(String domain) {
        db.transaction(c -> update(c, "UPDATE deployments SET status = ?, problems = ?, finished_at = ? WHERE domain = ? AND status = ?",
                DeploymentStatus.FAILED.wire(), problemsJson(List.of(SiteProblem.error(".", "",
                        "the server stopped before the build finished; deploy again"))), System.currentTimeMillis(), domain,
                DeploymentStatus.BUILDING.wire()));
    }

    private static Optional<Deployment> get(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM deployments WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(of(rs)) : Optional.empty();
            }
        }
    }

    private static Deployment of(ResultSet rs) throws SQLException {
        long pages = rs.getLong("pages");
        boolean hasPages = !rs.wasNull();
        long buildMs = rs.getLong("build_ms");
        boolean built = !rs.wasNull();
        long finished = rs.getLong("finished_at");
        boolean isFinished = !rs.wasNull();
        long activated = rs.getLong("activated_at");
        boolean wasActivated = !rs.wasNull();
        return new Deployment(rs.getString("id"), rs.getString("domain"), rs.getLong("seq"),
                new DeploymentSource(DeploymentSource.Kind.valueOf(rs.getString("source_kind").toUpperCase(java.util.Locale.ROOT)),
                        rs.getString("source")),
                rs.getString("created_by"), Optional.ofNullable(rs.getString("preview")),
                DeploymentStatus.of(rs.getString("status")), rs.getString("content_hash"), rs.getInt("files"), rs.getLong("bytes"),
                hasPages ? Optional.of((int) pages) : Optional.empty(),
                built ? Optional.of(Duration.ofMillis(buildMs)) : Optional.empty(),
                problems(rs.getString("problems")), Instant.ofEpochMilli(rs.getLong("created_at")),
                isFinished ? Optional.of(Instant.ofEpochMilli(finished)) : Optional.empty(),
                wasActivated ? Optional.of(Instant.ofEpochMilli(activated)) : Optional.empty());
    }

    /** A problem as stored: its line and column kept (0 when unknown, and in rows stored before they were). */
    private record StoredProblem(String file, String location, String message, String severity, int line, int column) {
    }

    private static String problemsJson(List<SiteProblem> problems) {
        try {
            return Mappers.JSON.writeValueAsString(problems.stream().map(p -> new StoredProblem(p.file(), p.location(),
                    p.message(), p.severity().name().toLowerCase(java.util.Locale.ROOT), p.line(), p.column())).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<SiteProblem> problems(String json) {
        try {
            return Mappers.JSON.readValue(json, new TypeReference<List<StoredProblem>>() { }).stream()
                    .map(p -> new SiteProblem(p.file(), p.location(), p.message(),
                            SiteProblem.Severity.valueOf(p.severity().toUpperCase(java.util.Locale.ROOT)), p.line(), p.column()))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int update(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                if (args[i] == null) {
                    ps.setNull(i + 1, Types.VARCHAR);
                } else if (args[i] instanceof Long l) {
                    ps.setLong(i + 1, l);
                } else {
                    ps.setString(i + 1, args[i].toString());
                }
            }
            return ps.executeUpdate();
        }
    }
}
