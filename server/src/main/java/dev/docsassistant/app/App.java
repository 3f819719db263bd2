package dev.docsassistant.app;

import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.llm.GeneratorConfig;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.request.AssistantLimits;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.ApiKeys;
import dev.docsassistant.security.PageKeys;
import dev.docsassistant.security.RateLimits;
import dev.docsassistant.security.SecuritySettings;
import dev.docsassistant.sites.Sites;
import dev.docsassistant.store.Database;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The wired application: configuration, loaded sites and the store. Built once by {@code serve}
 * (and by tests), then handed to the HTTP and gRPC edges.
 */
public final class App implements AutoCloseable {
    private final AppConfig config;
    private final Sites sites;
    private final Database database;
    private final Integrations integrations;

    private final AssistantService assistant;
    private final AssistantRules assistantRules;
    private final SecuritySettings security;
    private final ApiKeys keys;
    private final AccessCheck access;
    private PageKeys pageKeys;

    public App(AppConfig config, Sites sites, Database database) {
        this(config, sites, database, Integrations.load(config));
    }

    public App(AppConfig config, Sites sites, Database database, Integrations integrations) {
        this.config = config;
        this.integrations = integrations;
        this.sites = sites;
        this.database = database;
        this.security = SecuritySettings.from(config);
        this.keys = new ApiKeys(database);
        security.siteKeys().forEach(k -> keys.registerConfigured(k.domain(), k.organization(), k.secret(), k.origins()));
        Map<String, String> organizations = new LinkedHashMap<>();
        config.sites().forEach(s -> organizations.put(s.domain(), s.organization()));
        this.access = new AccessCheck(keys, organizations,
                new RateLimits(security.perOrganization(), security.perAddress()), security.proxies(), Clock.systemUTC());
        this.assistant = new AssistantService(sites, new ThreadStore(database), GeneratorConfig.read(config, System::getenv));
        this.assistantRules = new AssistantRules(AssistantLimits.from(config.section().get("limits")),
                config.section().get("threads.require-key").asBoolean().orElse(false));
    }

    /** The request rules both edges check an assistant request against before calling the core. */
    public AssistantRules assistantRules() {
        return assistantRules;
    }

    /** The assistant core that every edge (REST v1, REST v2, gRPC) calls. */
    public AssistantService assistant() {
        return assistant;
    }

    /** The access rule every API edge applies before any work (keys, organisations, rate limits, client address). */
    public AccessCheck access() {
        return access;
    }

    /** The assistant keys in the store. */
    public ApiKeys keys() {
        return keys;
    }

    /**
     * The keys the sites' rendered pages embed, page keys made on the first call. Only a server that
     * serves pages asks for them, so commands such as {@code index} never replace a running server's page key.
     */
    public synchronized PageKeys pageKeys() {
        if (pageKeys == null) {
            pageKeys = PageKeys.start(config.sites(), security, keys);
        }
        return pageKeys;
    }

    public SecuritySettings security() {
        return security;
    }

    /** docs.json integrations: validation and the snippets, CSP hosts and consent settings of rendered pages. */
    public Integrations integrations() {
        return integrations;
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
        sites.close();
        database.close();
    }
}
