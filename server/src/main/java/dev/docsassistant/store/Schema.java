package dev.docsassistant.store;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalInt;
import java.util.logging.Logger;

/**
 * Schema migrations with Flyway: classpath scripts {@code db/migration/V<n>__<name>.sql}, written in SQL
 * that SQLite and PostgreSQL both accept; add new ones, never edit applied ones. On PostgreSQL Flyway
 * holds an advisory lock while it migrates, so servers starting together against one database apply
 * each script once and the others wait, then find nothing to do.
 *
 * <p>Stores made before Flyway recorded their version in {@code schema_version}; Flyway takes them
 * over at that version (a baseline) and applies only what is newer.
 */
final class Schema {
    private static final Logger LOG = Logger.getLogger(Schema.class.getName());
    static final String HISTORY_TABLE = "flyway_schema_history";

    private Schema() {
    }

    static void migrate(DataSource dataSource) throws SQLException {
        OptionalInt legacy = legacyVersion(dataSource);
        var flyway = Flyway.configure(Schema.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .table(HISTORY_TABLE)
                .failOnMissingLocations(true);
        if (legacy.isPresent()) {
            flyway.baselineOnMigrate(true).baselineVersion(String.valueOf(legacy.getAsInt()))
                    .baselineDescription("store made before Flyway, at version " + legacy.getAsInt());
        }
        MigrateResult result = flyway.load().migrate();
        if (result.migrationsExecuted > 0) {
            LOG.info("store schema migrated from version " + (result.initialSchemaVersion == null ? "none" : result.initialSchemaVersion)
                    + " to " + result.targetSchemaVersion + " (" + result.migrationsExecuted + " migration(s))");
        }
    }

    /** The version a store migrated by the former hand-rolled runner reached, if this is one not yet under Flyway. */
    private static OptionalInt legacyVersion(DataSource dataSource) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            if (!hasTable(c, "schema_version") || hasTable(c, HISTORY_TABLE)) {
                return OptionalInt.empty();
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
                return rs.next() && rs.getInt(1) > 0 ? OptionalInt.of(rs.getInt(1)) : OptionalInt.empty();
            } finally {
                if (!c.getAutoCommit()) {
                    c.rollback();
                }
            }
        }
    }

    private static boolean hasTable(Connection c, String name) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        try (ResultSet rs = meta.getTables(null, c.getSchema(), name, new String[] {"TABLE"})) {
            return rs.next();
        }
    }
}
