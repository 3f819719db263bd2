package dev.docsassistant.store;

import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.util.List;
import java.util.Optional;

/**
 * Which store the server uses and its connection pool ({@code docs-assistant.store}).
 *
 * @param url  a JDBC URL (PostgreSQL for a fleet); without one, SQLite in the data directory
 * @param pool the pool for that URL (SQLite gets its own, {@link Database.PoolSettings#SQLITE})
 */
public record StoreSettings(Optional<String> url, Database.PoolSettings pool) {
    public static final StoreSettings DEFAULTS = new StoreSettings(Optional.empty(), Database.PoolSettings.ofSize(8));

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Store", "StoreSettings", List.of(
            new SettingDoc("docs-assistant.store.url", "JDBC URL", "SQLite in the data directory",
                    "a shared store, e.g. jdbc:postgresql://db:5432/docs_assistant?user=…&password=${DB_PASSWORD}"),
            new SettingDoc("docs-assistant.store.pool-size", "number", String.valueOf(DEFAULTS.pool.size()),
                    "connections in the pool to store.url"),
            new SettingDoc("docs-assistant.store.connection-timeout", "duration",
                    SettingDoc.duration(DEFAULTS.pool.connectionTimeout()), "how long a request waits for a free connection"),
            new SettingDoc("docs-assistant.store.idle-timeout", "duration", SettingDoc.duration(DEFAULTS.pool.idleTimeout()),
                    "an unused connection is closed after this"),
            new SettingDoc("docs-assistant.store.max-lifetime", "duration", SettingDoc.duration(DEFAULTS.pool.maxLifetime()),
                    "a connection is replaced after this")));

    /** @param store the {@code docs-assistant.store} node; missing keys keep their defaults */
    public static StoreSettings from(Config store) {
        Database.PoolSettings d = DEFAULTS.pool;
        return new StoreSettings(store.get("url").asString().asOptional().map(String::strip).filter(s -> !s.isEmpty()),
                new Database.PoolSettings(store.get("pool-size").asInt().orElse(d.size()),
                        Durations.read(store.get("connection-timeout"), d.connectionTimeout()),
                        Durations.read(store.get("idle-timeout"), d.idleTimeout()),
                        Durations.read(store.get("max-lifetime"), d.maxLifetime())));
    }
}
