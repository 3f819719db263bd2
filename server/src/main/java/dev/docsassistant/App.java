package dev.docsassistant;

import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.GeneratorConfig;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.site.Sites;
import dev.docsassistant.store.Database;

/**
 * The wired application: configuration, loaded sites and the store. Built once by {@code serve}
 * (and by tests), then handed to the HTTP and gRPC edges.
 */
public final class App implements AutoCloseable {
    private final AppConfig config;
    private final Sites sites;
    private final Database database;

    private final AssistantService assistant;

    public App(AppConfig config, Sites sites, Database database) {
        this.config = config;
        this.sites = sites;
        this.database = database;
        this.assistant = new AssistantService(sites, new ThreadStore(database), GeneratorConfig.read(config, System::getenv),
                config.section().get("threads.require-key").asBoolean().orElse(false));
    }

    /** The assistant core that every edge (REST v1, REST v2, gRPC) calls. */
    public AssistantService assistant() {
        return assistant;
    }

    public AppConfig config() {
        return config;
    }

    public Sites sites() {
        return sites;
    }

    public Database database() {
        return database;
    }

    @Override
    public void close() {
        database.close();
    }
}
