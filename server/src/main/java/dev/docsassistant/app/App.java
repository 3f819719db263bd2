package dev.docsassistant.app;

import dev.docsassistant.readers.PasswordGuesses;
import dev.docsassistant.readers.ReaderAuthSettings;
import dev.docsassistant.readers.ReaderJwtKeys;
import dev.docsassistant.readers.ReaderMethodFactory;
import dev.docsassistant.readers.ReaderSessions;
import dev.docsassistant.readers.SiteReaders;

import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.llm.GeneratorConfig;
import dev.docsassistant.assistant.ThreadStore;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.config.PreviewDomains;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.deploy.Deployments;
import dev.docsassistant.deploy.WatchedFolders;
import dev.docsassistant.search.SearchConfig;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.search.SharedVectors;
import dev.docsassistant.insights.Conversations;
import dev.docsassistant.insights.GapGrouping;
import dev.docsassistant.insights.GapQuery;
import dev.docsassistant.insights.InsightsWork;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.insights.InsightsQuery;
import dev.docsassistant.insights.Retention;
import dev.docsassistant.insights.AgentFeedback;
import dev.docsassistant.insights.PageTraffic;
import dev.docsassistant.insights.SearchLog;
import dev.docsassistant.insights.UsageRecorders;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.AnalyticsKeys;
import dev.docsassistant.security.ApiKeys;
import dev.docsassistant.security.DashboardAccounts;
import dev.docsassistant.security.PageKeys;
import dev.docsassistant.security.RateLimits;
import dev.docsassistant.security.SecuritySettings;
import dev.docsassistant.sites.Sites;
import dev.docsassistant.sites.SpecUrls;
import dev.docsassistant.store.BackgroundWrites;
import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.store.Database;
import dev.docsassistant.store.Redis;
import dev.docsassistant.resume.AnswerRecords;
import dev.docsassistant.resume.MemoryAnswerRecords;
import dev.docsassistant.resume.RedisAnswerRecords;
import io.helidon.metrics.api.Tag;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The wired application: configuration, loaded sites and the store. Built once by {@code serve}
 * (and by tests), then handed to the HTTP and gRPC edges.
 */
public final class App implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(App.class.getName());
    /** A folder quiet this long after a change is deployed: a burst of saves or a sync is one deployment. */
    static final Duration WATCH_DEBOUNCE = Duration.ofMillis(300);
    private final AppConfig config;
    private final Settings settings;
    private final Sites sites;
    private final Database database;
    private final Integrations integrations;

    private final AssistantService assistant;
    private final AssistantRules assistantRules;
    private final SecuritySettings security;
    private final ApiKeys keys;
    private final AccessCheck access;
    private final BackgroundWrites backgroundWrites;
    private final InsightsLog insightsLog;
    private final Retention retention;
    private final UsageRecorders usage;
    private final GapGrouping gapGrouping;
    private final DashboardAccounts accounts;
    private final Optional<Redis> redis;
    private final ThreadStore threads;
    private final AnswerRecords answerRecords;
    private final AutoCloseable keyChanges;
    private final ServerState state;
    private final Deployments deployments;
    private final GitSites git;
    private final Egress egress;
    private WatchedFolders watched;
    private PageKeys pageKeys;
    private final SiteReaders readers;
    private final ReaderJwtKeys readerJwtKeys;

    public App(AppConfig config, Settings settings, Sites sites, Database database, Integrations integrations) {
        this.config = config;
        this.settings = settings;
        this.integrations = integrations;
        this.sites = sites;
        this.database = database;
        this.security = settings.security();
        this.backgroundWrites = new BackgroundWrites(database);
        this.keys = new ApiKeys(database, Clock.systemUTC(), backgroundWrites);
        security.siteKeys().forEach(k -> keys.registerConfigured(k.domain(), k.organization(), k.secret(), k.origins()));
        // Live: sites created at run time join it (and leave it when deleted).
        Map<String, String> organizations = new ConcurrentHashMap<>();
        config.sites().forEach(s -> organizations.put(s.domain(), s.organization()));
        this.redis = Redis.open(settings.redis());
        RateLimits limits = security.limitsStore().equals("redis")
                ? RateLimits.shared(security.perOrganization(), security.perAddress(), security.perSitePages(), redis.orElseThrow())
                : new RateLimits(security.perOrganization(), security.perAddress(), security.perSitePages());
        this.access = new AccessCheck(keys, organizations, limits, security.proxies(), Clock.systemUTC());
        this.keyChanges = keys.followChanges();
        SearchSettings defaultSearch = SearchConfig.serverDefault(config);
        // In a fleet a section is embedded once: vectors missing here are looked up in the store first.
        SharedVectors sharedVectors = SharedEmbeddings.forStore(database);
        this.deployments = new Deployments(database, settings.deployments(), sites, integrations,
                domain -> settings.search().getOrDefault(domain, defaultSearch).withShared(sharedVectors), organizations,
                config.dataDir());
        this.egress = new Egress(settings.egress());
        // Descriptions named by URL are fetched (through the policy) only when configured; offline otherwise.
        SpecUrls.from(config.section().get("api-specs")).use(egress);
        this.git = new GitSites(deployments, sites, settings.git(), config.dataDir(), egress);
        this.state = new ServerState(sites, database, redis);
        // Reads the version served now: a deployment replaces the Site, the gauge stays registered once.
        // Previews come and go with their retention: no gauge of their own.
        sites.onLoaded(site -> {
            if (!PreviewDomains.isPreview(site.domain())) {
                AppMetrics.gauge("index_sections", "Sections in the site's search index", List.of(Tag.create("site", site.domain())),
                        () -> sites.current(site.domain()).map(s -> s.stats().sections()).orElse(0));
                AppMetrics.gauge("index_sections_without_vectors", "Sections of the site's search index still to be embedded in the"
                        + " background (ranked by BM25 alone meanwhile)", List.of(Tag.create("site", site.domain())),
                        () -> sites.current(site.domain()).map(s -> s.search() == null ? 0 : s.search().sectionsWithoutVectors()).orElse(0));
            }
        });
        this.insightsLog = new InsightsLog(database, backgroundWrites, Clock.systemUTC());
        this.usage = new UsageRecorders(new SearchLog(database, backgroundWrites, insightsLog, Clock.systemUTC()),
                new PageTraffic(database, Clock.systemUTC()), new AgentFeedback(database, backgroundWrites, Clock.systemUTC()));
        usage.traffic().start();
        this.threads = new ThreadStore(database);
        // In Redis when the fleet shares one, so that any server resumes what another is producing.
        this.answerRecords = redis.<AnswerRecords>map(r -> new RedisAnswerRecords(r, settings.resume().ttl()))
                .orElseGet(MemoryAnswerRecords::new);
        this.assistant = new AssistantService(sites, threads, GeneratorConfig.read(config, System::getenv),
                insightsLog::answered, settings.stream().maxOpen());
        this.retention = new Retention(database, settings.retention().conversations(), Clock.systemUTC());
        // A new gap group shows the public pages the site's search comes closest with for its first question.
        this.gapGrouping = new GapGrouping(database, backgroundWrites, Clock.systemUTC(), (domain, question) -> sites.get(domain)
                .map(site -> site.search().search(dev.docsassistant.search.SearchRequest.of(question, 3)).stream()
                        .map(h -> new dev.docsassistant.insights.CitedPage(h.path(), h.title())).toList())
                .orElse(List.of()));
        this.accounts = new DashboardAccounts(database, Clock.systemUTC(), settings.dashboard().sessionTtl(),
                settings.security().adminToken());
        this.assistantRules = new AssistantRules(settings.limits(), settings.threads().requireKey());
        this.readerJwtKeys = new ReaderJwtKeys(database, Clock.systemUTC());
        this.readers = new SiteReaders(ReaderAuthSettings.ofSites(config.section()), new ReaderSessions(database, Clock.systemUTC()),
                new ReaderMethodFactory(Clock.systemUTC(), egress, readerJwtKeys), new PasswordGuesses(), Clock.systemUTC());
    }

    /** The key pairs readers' JWTs are signed with (the private key shown once) and verified with. */
    public ReaderJwtKeys readerJwtKeys() {
        return readerJwtKeys;
    }

    /** Readers' sign-in to the sites' pages: each site's method, the sessions, the guesses counted. */
    public SiteReaders readers() {
        return readers;
    }

    /** Where answers, searches without results and feedback are recorded for insights. */
    public InsightsLog insightsLog() {
        return insightsLog;
    }

    /** Searches and their clicks, page reads by audience, agents' feedback: recorded for the dashboard's usage pages. */
    public UsageRecorders usage() {
        return usage;
    }

    /** A site's insights for a period. */
    public InsightsQuery insights() {
        return new InsightsQuery(database);
    }

    /** A site's stored conversations. */
    public Conversations conversations() {
        return new Conversations(database);
    }

    /** The conversations retention job; {@code serve} starts it. */
    public Retention retention() {
        return retention;
    }

    /** Groups gaps by meaning in the background; {@code serve} starts it, {@link GapGrouping#add} hands it more. */
    public GapGrouping gapGrouping() {
        return gapGrouping;
    }

    /** A site's gap groups per week, month or quarter. */
    public GapQuery gaps() {
        return new GapQuery(database);
    }

    /** The read-only keys of the insights export API. */
    public AnalyticsKeys analyticsKeys() {
        return new AnalyticsKeys(database, Clock.systemUTC());
    }

    /** The status and note of feedback items and gap groups. */
    public InsightsWork insightsWork() {
        return new InsightsWork(database, Clock.systemUTC());
    }

    /** Dashboard users, sign-in links and sessions. */
    public DashboardAccounts accounts() {
        return accounts;
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
            pageKeys = PageKeys.start(config.sites(), security, keys, config.dataDir().resolve("page-keys"),
                    domain -> deployments.site(domain).filter(s -> !s.configured()).map(s -> s.organization()));
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

    /** The typed settings, read once at start-up; both edges take theirs from here. */
    public Settings settings() {
        return settings;
    }

    public Sites sites() {
        return sites;
    }

    /** Sites as data and their deployments (the admin API, start-up, the fleet). */
    public Deployments deployments() {
        return deployments;
    }

    /** The sites deployed from Git: their webhooks, polls and first deployments. */
    /** The egress policy every connection made on behalf of configuration or content goes through. */
    public Egress egress() {
        return egress;
    }

    public GitSites git() {
        return git;
    }

    /**
     * What only a serving server runs in the background: polling the Git sites with {@code git.poll},
     * and watching the folders of the sites with {@code watch} (one watcher for all) to deploy them again
     * when they change. Commands such as {@code index} never start it.
     */
    public synchronized void startBackground() {
        git.startPolling();
        if (watched == null) {
            Map<String, Path> folders = new LinkedHashMap<>();
            config.sites().stream().filter(SiteConfig::watch).forEach(s -> folders.put(s.domain(), s.path()));
            if (!folders.isEmpty()) {
                watched = new WatchedFolders(folders, WATCH_DEBOUNCE, domain -> deployments.redeployConfigured(domain)
                        .ifPresent(d -> LOG.info("site " + domain + ": the folder changed, deployment " + d.id() + " is building")));
            }
        }
    }

    public Database database() {
        return database;
    }

    /** Readiness and drain: what health endpoints and gRPC health report. */
    public ServerState state() {
        return state;
    }

    /** Conversation threads in the store. */
    public ThreadStore threads() {
        return threads;
    }

    /** The recorded events of the v2 answers being produced, for readers resuming them. */
    public AnswerRecords answerRecords() {
        return answerRecords;
    }

    /** The fleet's Redis, when {@code docs-assistant.redis.url} is set. */
    public Optional<Redis> redis() {
        return redis;
    }

    @Override
    public void close() {
        retention.close();
        usage.traffic().close();
        gapGrouping.close();
        backgroundWrites.close();
        state.close();
        try {
            keyChanges.close();
        } catch (Exception ignored) {
            // Stopping a listener thread cannot fail in a way worth reporting on shutdown.
        }
        redis.ifPresent(Redis::close);
        git.close();
        synchronized (this) {
            if (watched != null) {
                watched.close();
            }
        }
        deployments.close();
        sites.close();
        database.close();
    }
}
