package dev.docsassistant.deploy;

import dev.docsassistant.config.PreviewDomains;
import dev.docsassistant.config.ReaderAccess;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.Progress;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.git.GitSettings;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.SiteLoader;
import dev.docsassistant.sites.Sites;
import dev.docsassistant.store.Database;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Sites as data and their deployments: the core the admin API, the CLI, start-up (configured
 * folders) and the fleet call.
 *
 * <p>{@link #create} stores a version's files in the store (content-addressed), records it
 * {@code building} and returns at once; the build runs in the background on the site's own queue,
 * so a site's deployments are built and applied one at a time in creation order while the current
 * version keeps serving. A build materialises the files under
 * {@code <data-dir>/deployments/<domain>/<id>/site}, reads and checks them ({@link SiteCheck}), and:
 * with an error it ends {@code failed} and nothing changes; otherwise it is indexed into
 * {@code …/<id>/index} (unchanged sections cost nothing: the embedding cache), ends {@code ready} and,
 * unless it is a preview, is switched to: {@link Sites#replace} serves it in one step and the version
 * it replaced is closed {@code retire-after} later, once no search runs on it. {@link #activate} is the
 * same switch to any earlier built version (a rollback; its index is reused when still on disk).
 *
 * <p>A preview, once ready, is served as a site of its own, {@code {domain}--{name}} ({@link PreviewDomains}),
 * on its own host: a new preview of the same name replaces it by the same switch. It is never the
 * served main site, so the main site's search, files for agents and MCP know nothing of it.
 *
 * <p>One {@linkplain #sweep sweep} per server (every {@code sweep-every}, for all sites) removes previews
 * older than {@code previews.retention}, deletes deployment folders beyond the newest
 * {@code keep-built} built versions (a rollback to an older one rebuilds it from the stored content)
 * and content no deployment lists any more.
 *
 * <p>On PostgreSQL every switch is announced on the {@code deployments} channel; each server of the
 * fleet then {@linkplain #sync syncs}: builds what the store says is active and switches to it.
 */
public final class Deployments implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Deployments.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final java.util.regex.Pattern DOMAIN = PreviewDomains.NAME;
    private static final java.util.regex.Pattern PREVIEW = PreviewDomains.NAME;
    /**
     * Content younger than this is never deleted, referenced or not: a deployment stores its content
     * before it is recorded (on any server of the fleet), and a sweep must not take it in between.
     */
    static final Duration CONTENT_GRACE = Duration.ofHours(1);

    private final DeploymentStore store;
    private final DeploySettings settings;
    private final Sites sites;
    private final Integrations integrations;
    private final Function<String, SearchSettings> searchSettings;
    private final Map<String, String> organizations;
    private final Map<String, SiteConfig> configured = new ConcurrentHashMap<>();
    private final Path root;
    private final Path staging;
    private final SerialQueues queues;
    /** The deployment each served site is showing, by domain. */
    private final Map<String, String> served = new ConcurrentHashMap<>();
    /** The deployment each served preview is showing, by preview domain ({@code {domain}--{name}}). */
    private final Map<String, Deployment> previews = new ConcurrentHashMap<>();
    /** Replaced versions waiting for their grace period to end. */
    // By identity: a Site is a record whose content may hash differently once its caches fill.
    private final Set<Site> retiring = java.util.Collections.synchronizedSet(
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()));
    /** Replaced versions closed so far (their grace period over): what a test of the switch waits for. */
    private final java.util.concurrent.atomic.AtomicInteger retired = new java.util.concurrent.atomic.AtomicInteger();
    /** Held while a deployment is recorded and queued, so queue order is creation order. */
    private final Map<String, Object> creating = new ConcurrentHashMap<>();
    /**
     * A deployment another server of the fleet is building, built here meanwhile (not served), by
     * domain: when it becomes active this server switches at once instead of building it then.
     */
    private final Map<String, Prepared> prepared = new ConcurrentHashMap<>();
    /** Deployments this server stores and builds itself: never prepared on the side. */
    private final Set<String> local = ConcurrentHashMap.newKeySet();
    /** The last build (or load) of each site on this server: where its time went. */
    private final Map<String, BuildStats> lastBuilds = new ConcurrentHashMap<>();
    private final AutoCloseable listening;
    private final ScheduledExecutorService sweeper;
    private volatile boolean closed;

    /**
     * @param sites          where built versions are served
     * @param searchSettings each site's search settings (configured sites have their own; others the server's)
     * @param organizations  the live organisation-by-domain map access checks read: sites created here join it
     * @param dataDir        the server's data directory
     */
    public Deployments(Database db, DeploySettings settings, Sites sites, Integrations integrations,
                       Function<String, SearchSettings> searchSettings, Map<String, String> organizations, Path dataDir) {
        this.store = new DeploymentStore(db);
        this.settings = settings;
        this.sites = sites;
        this.integrations = integrations;
        this.searchSettings = searchSettings;
        this.organizations = organizations;
        this.root = dataDir.resolve("deployments");
        this.staging = dataDir.resolve("deployments").resolve(".staging");
        int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
        this.queues = new SerialQueues(Executors.newFixedThreadPool(threads, Thread.ofPlatform().daemon().name("deploy-", 1).factory()));
        for (SiteRecord site : store.sites()) {
            if (!site.configured()) {
                organizations.put(site.domain(), site.organization());
            }
        }
        this.listening = db.listen(DeploymentStore.CHANNEL, () -> {
            if (!closed) {
                sync();
            }
        });
        // One sweep for every site of the server: nothing per site that grows with their number.
        this.sweeper = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("deploy-sweep").factory());
        long every = settings.sweepEvery().toMillis();
        sweeper.scheduleWithFixedDelay(() -> {
            try {
                sweep(Instant.now());
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "the deployments sweep failed; it runs again in " + settings.sweepEvery(), e);
            }
        }, every, every, TimeUnit.MILLISECONDS);
    }

    // ---- sites as data

    /**
     * The organisations keys and dashboard users may be made for: those of the configuration file and
     * those of sites created at run time (read from the store, for commands that run without a server).
     */
    public static Set<String> organizations(Database db, Set<String> configured) {
        Set<String> all = new java.util.TreeSet<>(configured);
        all.addAll(new DeploymentStore(db).organizations());
        return all;
    }

    /**
     * Creates a site at run time. It is served once its first deployment is active.
     *
     * @throws DeployException 400 for an invalid domain or organisation, 409 when the domain is taken
     */
    public SiteRecord createSite(String domain, String organization, Optional<GitSettings> git) {
        if (domain == null || !DOMAIN.matcher(domain).matches()) {
            throw DeployException.invalid("domain: '" + domain + "' must be lower-case letters, digits and '-' (at most 63)");
        }
        if (PreviewDomains.isPreview(domain)) {
            throw DeployException.invalid("domain: '" + domain + "' must not hold '" + PreviewDomains.SEPARATOR
                    + "' ({domain}" + PreviewDomains.SEPARATOR + "{name} is the host of a site's preview)");
        }
        if (organization == null || organization.isBlank() || organization.length() > 200) {
            throw DeployException.invalid("organization: required, at most 200 characters");
        }
        if (configured.containsKey(domain) || !store.createSite(domain, organization.strip(), git)) {
            throw DeployException.conflict("site " + domain + " exists already");
        }
        organizations.put(domain, organization.strip());
        return store.site(domain).orElseThrow();
    }

    /**
     * Deletes a site created at run time: it stops being served, its deployments and files go.
     *
     * @throws DeployException 404 for an unknown site, 409 for one named in the configuration file
     */
    public void deleteSite(String domain) {
        SiteRecord site = requireSite(domain);
        if (site.configured() || configured.containsKey(domain)) {
            throw DeployException.conflict("site " + domain + " is named in the configuration file; remove it there");
        }
        store.deleteSite(domain);
        join(queues.submit(domain, () -> {
            unserve(domain);
            return null;
        }));
        store.deleteUnreferencedBlobs(Instant.now().minus(CONTENT_GRACE));
    }

    public Optional<SiteRecord> site(String domain) {
        return store.site(domain);
    }

    public List<SiteRecord> sites() {
        return store.sites();
    }

    // ---- deployments

    /**
     * Deploys the files of {@code folder} (copied: the folder may change or go afterwards). Returns the
     * deployment {@code building}; the build runs in the background ({@link #settled} waits for it).
     *
     * @param createdBy who or what deploys ({@code admin}, {@code config}, {@code webhook}, …)
     * @param source    where the files came from, as recorded
     * @param preview   a preview name: built and kept {@code ready}, never activated on its own
     * @throws DeployException     404 for an unknown site, 400 for an invalid preview name
     * @throws BadArchiveException 413 when the folder holds more than the limits allow
     */
    public Deployment create(String domain, Path folder, String createdBy, DeploymentSource source, Optional<String> preview) {
        requireSite(domain);
        preview.ifPresent(Deployments::checkPreview);
        // Not announced to the fleet yet: the other servers build it once its vectors are in the shared
        // store (when it is active), so a section is embedded once for the fleet, not once per server.
        return store(domain, folder, createdBy, source, preview, created -> queues.submit(domain, () -> build(created, false)));
    }

    /**
     * Records a deployment that failed before it had any files (a Git URL that was not reachable, a
     * missing branch or path): listed with the site's deployments, {@code failed} with {@code reason} as
     * its problem. Nothing is built and what the site serves does not change.
     *
     * @throws DeployException 404 for an unknown site, 400 for an invalid preview name
     */
    public Deployment fail(String domain, String createdBy, DeploymentSource source, Optional<String> preview, String reason) {
        requireSite(domain);
        preview.ifPresent(Deployments::checkPreview);
        String id = "dep_" + HexFormat.of().formatHex(randomBytes());
        synchronized (creating.computeIfAbsent(domain, k -> new Object())) {
            Deployment d = store.insertFailed(id, domain, source, createdBy, preview, reason);
            LOG.info("site " + domain + ": deployment " + id + " failed before it had files: " + reason);
            return d;
        }
    }

    /**
     * Deploys an uploaded {@code .tar.gz} or {@code .zip} of a docs folder: unpacked with every limit
     * checked while it is read (nothing is stored when it fails), then as {@link #create}.
     *
     * @throws BadArchiveException 400 for a body that is not a safe archive, 413 beyond the limits
     */
    public Deployment createFromArchive(String domain, InputStream body, ArchiveFormat format, String createdBy,
                                        Optional<String> preview) {
        requireSite(domain);
        preview.ifPresent(Deployments::checkPreview);
        Path dir = newDir(staging);
        try {
            ArchiveUnpacker.Unpacked unpacked = ArchiveUnpacker.unpack(body, format, dir, settings);
            return create(domain, unpacked.root(), createdBy, DeploymentSource.archive(unpacked.sha256()), preview);
        } finally {
            deleteTree(dir);
        }
    }

    /**
     * Switches the site to an earlier built deployment (a rollback) or to a ready preview, and returns
     * it {@code active} once it serves. Waits for what the site's queue holds before it.
     *
     * @throws DeployException 404 for an unknown site or deployment, 409 for one that is not built or failed
     */
    public Deployment activate(String domain, String id) {
        requireSite(domain);
        Deployment d = get(domain, id).orElseThrow(() -> DeployException.notFound("site " + domain + " has no deployment " + id));
        if (!d.status().activatable() && d.status() != DeploymentStatus.BUILDING) {
            throw DeployException.conflict("deployment " + id + " is " + d.status().wire() + ": only a built one can be activated");
        }
        return join(queues.submit(domain, () -> {
            Deployment now = store.get(id).orElseThrow(() -> DeployException.notFound("deployment " + id + " was deleted"));
            if (!now.status().activatable()) {
                throw DeployException.conflict("deployment " + id + " is " + now.status().wire() + ": only a built one can be activated");
            }
            if (id.equals(served.get(domain)) && now.status() == DeploymentStatus.ACTIVE) {
                return now;
            }
            Site site = load(now);
            Deployment active = switchTo(site, now, true);
            cleanUp(domain);
            return active;
        }));
    }

    /** The site's deployments, newest first. */
    public List<Deployment> list(String domain) {
        requireSite(domain);
        return store.list(domain);
    }

    public Optional<Deployment> get(String domain, String id) {
        return store.get(id).filter(d -> d.domain().equals(domain));
    }

    /** The deployment once its build (and switch) is over: {@code failed}, {@code ready} or {@code active}. */
    public CompletableFuture<Deployment> settled(Deployment d) {
        return queues.submit(d.domain(), () -> store.get(d.id()).orElseThrow());
    }

    // ---- start-up and the fleet

    /**
     * Serves a site of the configuration file from its folder, at start-up: when the folder's content
     * was deployed before, the active deployment stays (no rebuild, nothing re-embedded; a later API
     * deployment or rollback is kept); otherwise the folder is deployed and, without errors, activated.
     * A folder with errors is served only when its site has nothing else to serve, as before
     * deployments existed (its errors are reported).
     *
     * @return the version served
     */
    public Site deployConfigured(SiteConfig config, Progress progress) {
        configured.put(config.domain(), config);
        store.putConfiguredSite(config.domain(), config.organization());
        return join(queues.submit(config.domain(), () -> {
            store.failUnfinished(config.domain());
            List<SiteFiles.FileEntry> files = SiteFiles.list(config.path(), settings);
            String hash = SiteFiles.contentHash(files);
            Optional<Deployment> active = store.site(config.domain()).flatMap(SiteRecord::activeDeployment).flatMap(store::get);
            boolean deployedBefore = store.list(config.domain()).stream().anyMatch(d -> d.contentHash().equals(hash)
                    && d.source().kind() == DeploymentSource.Kind.FOLDER && d.preview().isEmpty());
            if (active.isPresent() && (active.get().contentHash().equals(hash) || deployedBefore)) {
                Site site = load(active.get(), progress);
                switchTo(site, active.get(), false);
                return site;
            }
            Deployment d = store(config.domain(), config.path(), "config", DeploymentSource.folder(config.path()), Optional.empty(),
                    created -> { });
            Deployment built = build(d, active.isEmpty(), progress);
            if (built.status() == DeploymentStatus.FAILED && active.isPresent()) {
                LOG.warning("site " + config.domain() + ": the folder has errors, still serving deployment " + active.get().id()
                        + ": " + built.errors());
                Site site = load(active.get(), progress);
                switchTo(site, active.get(), false);
                return site;
            }
            return sites.current(config.domain()).orElseThrow();
        }));
    }

    /**
     * Registers a site of the configuration file that has no folder (it is deployed from Git), at
     * start-up, and serves its active deployment when it has one (built here if it is not yet).
     *
     * @return the version served, empty when the site has never been deployed
     */
    public Optional<Site> registerConfigured(SiteConfig config, Progress progress) {
        configured.put(config.domain(), config);
        store.putConfiguredSite(config.domain(), config.organization());
        return join(queues.submit(config.domain(), () -> {
            store.failUnfinished(config.domain());
            Optional<Deployment> active = store.site(config.domain()).flatMap(SiteRecord::activeDeployment).flatMap(store::get);
            if (active.isEmpty()) {
                return Optional.<Site>empty();
            }
            Site site = load(active.get(), progress);
            switchTo(site, active.get(), false);
            return Optional.of(site);
        }));
    }

    /**
     * Deploys a configured folder again after it changed ({@code sites[].watch}), unless its content is
     * what the site serves already. Does nothing for a site start-up has not deployed yet.
     *
     * @return the new deployment, building
     */
    public Optional<Deployment> redeployConfigured(String domain) {
        SiteConfig config = configured.get(domain);
        if (config == null || config.path() == null || store.site(domain).isEmpty()) {
            return Optional.empty();
        }
        String hash = SiteFiles.contentHash(SiteFiles.list(config.path(), settings));
        Optional<Deployment> active = store.site(domain).flatMap(SiteRecord::activeDeployment).flatMap(store::get);
        if (active.isPresent() && active.get().contentHash().equals(hash)) {
            return Optional.empty();
        }
        return Optional.of(create(domain, config.path(), "watch", DeploymentSource.folder(config.path()), Optional.empty()));
    }

    /** Marks the sites created at run time that have an active deployment as being indexed (requests get 503 until {@link #sync}). */
    public void registerStored() {
        for (SiteRecord site : store.sites()) {
            if (!site.configured()) {
                store.failUnfinished(site.domain()); // builds a stopped server left behind never finish now
                site.activeDeployment().ifPresent(id -> sites.register(site.domain()));
            }
        }
    }

    /**
     * Makes this server serve what the store says: every site's active deployment (built here when it
     * is not yet), no site the store no longer has. Run at start-up and on every fleet notification.
     */
    public CompletableFuture<Void> sync() {
        List<CompletableFuture<?>> work = new ArrayList<>();
        List<SiteRecord> stored = store.sites();
        Set<String> known = new java.util.HashSet<>();
        for (SiteRecord site : stored) {
            known.add(site.domain());
            if (!site.configured()) {
                organizations.put(site.domain(), site.organization());
            }
            if (site.activeDeployment().isPresent() && !site.activeDeployment().get().equals(served.get(site.domain()))) {
                String id = site.activeDeployment().get();
                work.add(queues.submit(site.domain(), () -> {
                    Optional<String> now = store.site(site.domain()).flatMap(SiteRecord::activeDeployment);
                    if (now.isPresent() && now.get().equals(id) && !id.equals(served.get(site.domain()))) {
                        Deployment d = store.get(id).orElseThrow();
                        switchTo(preparedOrLoad(d), d, false);
                    }
                    return null;
                }).exceptionally(e -> {
                    LOG.log(Level.WARNING, "site " + site.domain() + ": cannot serve deployment " + id, e);
                    return null;
                }));
            }
        }
        work.addAll(prepareBuilding());
        work.addAll(syncPreviews(Instant.now()));
        for (String domain : List.copyOf(served.keySet())) {
            if (!known.contains(domain) && !configured.containsKey(domain)) {
                organizations.remove(domain);
                work.add(queues.submit(domain, () -> {
                    unserve(domain);
                    return null;
                }));
            }
        }
        return CompletableFuture.allOf(work.toArray(CompletableFuture[]::new));
    }

    /** A deployment built here while another server builds it, waiting for it to become active. */
    private record Prepared(String id, Site site) {
    }

    /**
     * Builds here the newest deployment of each site that its own server has built but not yet made
     * active (not previews): checked and indexed like any build but not served nor recorded, so when it
     * becomes active this server only switches. One that fails here is dropped (its own server
     * records the failure).
     */
    private List<CompletableFuture<?>> prepareBuilding() {
        Map<String, Deployment> newest = new java.util.HashMap<>();
        for (Deployment d : store.building()) {
            newest.put(d.domain(), d); // oldest first: the last one is the newest
        }
        List<CompletableFuture<?>> work = new ArrayList<>();
        for (Map.Entry<String, Prepared> p : Map.copyOf(prepared).entrySet()) {
            if (!newest.containsKey(p.getKey())) {
                work.add(queues.submit(p.getKey(), () -> {
                    dropPreparedIfFailed(p.getKey(), p.getValue().id());
                    return null;
                }));
            }
        }
        newest.forEach((domain, d) -> {
            Prepared shown = prepared.get(domain);
            if (local.contains(d.id()) || (shown != null && shown.id().equals(d.id()))) {
                return;
            }
            work.add(queues.submit(domain, () -> {
                prepare(d);
                return null;
            }).exceptionally(e -> {
                LOG.log(Level.WARNING, "site " + domain + ": cannot prepare deployment " + d.id(), e);
                return null;
            }));
        });
        return work;
    }

    /** On the site's queue: builds {@code d} unless it is served, failed, gone or prepared already. */
    private void prepare(Deployment d) {
        Optional<Deployment> now = store.get(d.id());
        Prepared shown = prepared.get(d.domain());
        if (now.isEmpty() || now.get().status() == DeploymentStatus.FAILED || d.id().equals(served.get(d.domain()))
                || local.contains(d.id()) || (shown != null && shown.id().equals(d.id())) || store.site(d.domain()).isEmpty()) {
            return;
        }
        long start = System.nanoTime();
        Optional<Site> base = base(d.domain());
        Materialised files = materialise(d, base);
        long checking = System.nanoTime();
        SiteCheck.Result checked = check(d, files.dir(), base);
        if (checked.hasErrors()) {
            return;
        }
        long indexing = System.nanoTime();
        Site site = SiteLoader.index(siteConfig(d.domain(), files.dir()), checked.content(), indexDir(d),
                base.map(Site::content).orElse(null), base.map(Deployments::indexDirOf).orElse(null), search(d.domain()),
                Progress.NONE, integrations, start);
        record(d, site, files, start, checking, indexing);
        Prepared old = prepared.put(d.domain(), new Prepared(d.id(), site));
        if (old != null) {
            old.site().search().close(); // never served
        }
    }

    /** Closes a prepared deployment that failed on its own server or was deleted: it will never be active. */
    private void dropPreparedIfFailed(String domain, String id) {
        Prepared p = prepared.get(domain);
        Optional<Deployment> d = store.get(id);
        if (p != null && p.id().equals(id) && (d.isEmpty() || d.get().status() == DeploymentStatus.FAILED)) {
            prepared.remove(domain);
            p.site().search().close();
        }
    }

    /** The site of a deployment to serve: the one prepared for it, else loaded now. Drops any other prepared. */
    private Site preparedOrLoad(Deployment d) {
        Prepared p = prepared.remove(d.domain());
        if (p != null && p.id().equals(d.id())) {
            return p.site();
        }
        if (p != null) {
            p.site().search().close();
        }
        return load(d);
    }

    // ---- previews

    /**
     * Serves a ready preview on its host in place of the version of that name served so far (requests
     * that began on it finish on it); an older deployment of the name never replaces a newer one.
     */
    private void servePreview(Site site, Deployment d) {
        String domain = site.domain();
        Deployment shown = previews.get(domain);
        if (shown != null && shown.sequence() > d.sequence()) {
            site.search().close();
            return;
        }
        organizations.put(domain, organizationOf(d.domain())); // the site's keys open its previews
        previews.put(domain, d);
        sites.replace(site).ifPresent(this::retire);
        LOG.info("site " + d.domain() + ": serving preview " + d.preview().orElseThrow() + " from deployment " + d.id());
    }

    /** Stops serving a preview host; with {@code deleteFiles} its folder goes once requests on it are over. */
    private void unservePreview(String domain, boolean deleteFiles) {
        previews.remove(domain);
        Optional<Site> old = sites.remove(domain);
        organizations.remove(domain);
        old.ifPresent(site -> retire(site, deleteFiles));
    }

    /**
     * Serves on this server the newest built, unexpired deployment of every preview name the store
     * holds, and stops serving the names it no longer holds (the fleet's servers learn so of previews
     * built or removed elsewhere).
     */
    private List<CompletableFuture<?>> syncPreviews(Instant now) {
        Instant expired = now.minus(settings.previewRetention());
        Map<String, Deployment> wanted = new java.util.HashMap<>();
        for (Deployment d : store.builtPreviews()) {
            if (d.createdAt().isBefore(expired)) {
                continue;
            }
            wanted.merge(PreviewDomains.of(d.domain(), d.preview().orElseThrow()), d,
                    (a, b) -> a.sequence() >= b.sequence() ? a : b);
        }
        List<CompletableFuture<?>> work = new ArrayList<>();
        wanted.forEach((domain, d) -> {
            Deployment shown = previews.get(domain);
            if (shown == null || shown.sequence() < d.sequence()) {
                work.add(queues.submit(d.domain(), () -> {
                    Deployment current = previews.get(domain);
                    if ((current == null || current.sequence() < d.sequence()) && store.get(d.id()).isPresent()) {
                        servePreview(loadPreview(d), d);
                    }
                    return null;
                }).exceptionally(e -> {
                    LOG.log(Level.WARNING, "site " + d.domain() + ": cannot serve preview deployment " + d.id(), e);
                    return null;
                }));
            }
        });
        for (Map.Entry<String, Deployment> shown : Map.copyOf(previews).entrySet()) {
            if (!wanted.containsKey(shown.getKey())) {
                work.add(queues.submit(shown.getValue().domain(), () -> {
                    if (previews.get(shown.getKey()) == shown.getValue()) {
                        unservePreview(shown.getKey(), true);
                    }
                    return null;
                }));
            }
        }
        return work;
    }

    /** A built preview served again: as its own site, its index reused when it is on disk. */
    private Site loadPreview(Deployment d) {
        long start = System.nanoTime();
        Optional<Site> base = base(d.domain());
        Path dir = materialise(d, base).dir();
        SiteCheck.Result checked = check(d, dir, base);
        return SiteLoader.index(previewConfig(d, dir), checked.content(), indexDir(d), base.map(Site::content).orElse(null),
                base.map(Deployments::indexDirOf).orElse(null), search(d.domain()), Progress.NONE, integrations, start);
    }

    // ---- housekeeping

    /** What a {@link #sweep} removed. */
    public record Swept(List<String> previews, int folders, int blobs) {
    }

    /**
     * Removes previews created before {@code now} minus {@code previews.retention} (their hosts stop
     * serving them, their indexes close and their folders go), deletes every site's folders beyond
     * the newest {@code keep-built} built versions, and content no deployment lists any more. The
     * server runs it every {@code sweep-every}; {@code now} is a parameter so a test can move time on.
     *
     * @return what was removed, once it was
     */
    public Swept sweep(Instant now) {
        List<Deployment> expired = store.expiredPreviews(now.minus(settings.previewRetention()));
        store.deleteDeployments(expired.stream().map(Deployment::id).toList());
        Set<String> removed = new java.util.HashSet<>();
        expired.forEach(d -> removed.add(d.id()));
        List<CompletableFuture<Integer>> work = new ArrayList<>();
        Set<String> domains = new java.util.TreeSet<>();
        store.sites().forEach(site -> domains.add(site.domain()));
        expired.forEach(d -> domains.add(d.domain()));
        for (Map.Entry<String, Deployment> shown : Map.copyOf(previews).entrySet()) {
            if (removed.contains(shown.getValue().id())) {
                work.add(queues.submit(shown.getValue().domain(), () -> {
                    if (previews.get(shown.getKey()) == shown.getValue()) {
                        unservePreview(shown.getKey(), true);
                    }
                    return 0;
                }));
            }
        }
        for (String domain : domains) {
            work.add(queues.submit(domain, () -> cleanUp(domain)));
        }
        int folders = 0;
        for (CompletableFuture<Integer> w : work) {
            folders += join(w);
        }
        int blobs = store.deleteUnreferencedBlobs(now.minus(CONTENT_GRACE));
        if (!expired.isEmpty() || folders > 0 || blobs > 0) {
            LOG.info("deployments sweep: " + expired.size() + " expired preview deployment(s), " + folders + " folder(s), "
                    + blobs + " unused content blob(s) removed");
        }
        return new Swept(expired.stream().map(Deployment::id).toList(), folders, blobs);
    }

    /**
     * Deletes the site's deployment folders this server does not need: it keeps the active version,
     * those still serving requests (retiring), served previews, builds under way and the newest
     * {@code keep-built} other built versions; a rollback to any other is rebuilt from the store.
     * Runs on the site's queue (no build or load of the site meanwhile), under its lock (no folder
     * appears meanwhile).
     *
     * @return how many folders were deleted
     */
    private int cleanUp(String domain) {
        Path siteRoot = root.resolve(domain);
        if (domain.startsWith(".") || !Files.isDirectory(siteRoot)) {
            return 0;
        }
        synchronized (lock(domain)) {
            List<Deployment> all = store.list(domain); // newest first
            Set<String> keep = new java.util.HashSet<>();
            Optional.ofNullable(served.get(domain)).ifPresent(keep::add);
            store.site(domain).flatMap(SiteRecord::activeDeployment).ifPresent(keep::add);
            previews.values().stream().filter(d -> d.domain().equals(domain)).forEach(d -> keep.add(d.id()));
            List.copyOf(retiring).forEach(site -> keep.add(deploymentDir(site).getFileName().toString()));
            Optional.ofNullable(prepared.get(domain)).ifPresent(p -> keep.add(p.id()));
            all.stream().filter(d -> d.status() == DeploymentStatus.BUILDING).forEach(d -> keep.add(d.id()));
            all.stream().filter(d -> d.preview().isEmpty() && d.status().activatable() && !keep.contains(d.id()))
                    .limit(settings.keepBuilt()).forEach(d -> keep.add(d.id()));
            int deleted = 0;
            try (Stream<Path> children = Files.list(siteRoot)) {
                for (Path dir : children.toList()) {
                    if (!keep.contains(dir.getFileName().toString())) {
                        deleteTree(dir);
                        deleted++;
                    }
                }
            } catch (IOException e) {
                LOG.log(Level.WARNING, "site " + domain + ": cannot list its deployment folders", e);
            }
            return deleted;
        }
    }

    // ---- building and switching (on the site's queue)

    /**
     * Stores the folder's files and records the deployment; {@code then} runs under the site's lock, so
     * deployments are queued in the order their sequence numbers say.
     */
    private Deployment store(String domain, Path folder, String createdBy, DeploymentSource source, Optional<String> preview,
                             java.util.function.Consumer<Deployment> then) {
        long start = System.nanoTime();
        List<SiteFiles.FileEntry> files = SiteFiles.list(folder, settings);
        if (files.isEmpty()) {
            throw BadArchiveException.bad("the folder holds no files");
        }
        long hashed = System.nanoTime();
        int stored = store.putBlobs(files);
        long putMs = (System.nanoTime() - hashed) / 1_000_000;
        String id = "dep_" + HexFormat.of().formatHex(randomBytes());
        Path dir = siteDir(domain, id);
        Path tmp = newDir(staging);
        // An unpacked archive is this server's own and goes once stored: its files are linked, not copied.
        boolean own = folder.toAbsolutePath().normalize().startsWith(staging.toAbsolutePath().normalize());
        try {
            for (SiteFiles.FileEntry f : files) {
                Path to = tmp.resolve(f.path());
                Files.createDirectories(to.getParent());
                if (!own || !linkOrCopy(f.file(), to)) {
                    Files.copy(f.file(), to, StandardCopyOption.COPY_ATTRIBUTES); // its time: the page's "Last modified"
                }
            }
            LOG.info("site " + domain + ": deployment " + id + " stores " + files.size() + " files (" + stored + " new): listed and hashed in "
                    + (hashed - start) / 1_000_000 + " ms, stored in " + putMs + " ms, written in "
                    + ((System.nanoTime() - hashed) / 1_000_000 - putMs) + " ms");
        } catch (IOException e) {
            deleteTree(tmp);
            throw new UncheckedIOException("cannot write deployment files under " + dir, e);
        }
        // The folder appears and is recorded under the site's lock: a clean-up (under it too) never sees
        // the folder of a deployment about to be recorded as a leftover.
        synchronized (lock(domain)) {
            try {
                Files.createDirectories(dir.getParent());
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                deleteTree(tmp);
                throw new UncheckedIOException("cannot write deployment files under " + dir, e);
            }
            local.add(id);
            Deployment d = store.insert(id, domain, source, createdBy, preview, files);
            then.accept(d);
            return d;
        }
    }

    private Object lock(String domain) {
        return creating.computeIfAbsent(domain, k -> new Object());
    }

    private Deployment build(Deployment d, boolean lenient) {
        return build(d, lenient, Progress.NONE);
    }

    /**
     * Reads, checks and indexes a deployment, then switches to it unless it failed or is a preview.
     *
     * @param lenient serve it even with errors (a configured site with nothing else to serve)
     */
    private Deployment build(Deployment d, boolean lenient, Progress progress) {
        long start = System.nanoTime();
        try {
            progress.update(d.domain(), "reading", 0, 1);
            Optional<Site> base = base(d.domain());
            Materialised files = materialise(d, base);
            long checking = System.nanoTime();
            SiteCheck.Result checked = check(d, files.dir(), base);
            if (checked.hasErrors() && !lenient) {
                Deployment failed = store.finish(d.id(), DeploymentStatus.FAILED, checked.content().pages().size(),
                        Duration.ofNanos(System.nanoTime() - start), checked.problems());
                LOG.info("site " + d.domain() + ": deployment " + d.id() + " failed with " + failed.errors().size() + " error(s)");
                return failed;
            }
            long indexing = System.nanoTime();
            Site site = SiteLoader.index(d.preview().isPresent() ? previewConfig(d, files.dir()) : siteConfig(d.domain(), files.dir()),
                    checked.content(), indexDir(d), base.map(Site::content).orElse(null), base.map(Deployments::indexDirOf).orElse(null),
                    search(d.domain()), progress, integrations, start);
            record(d, site, files, start, checking, indexing);
            // A preview ends ready; a version of the site stays building until it is served, then turns active.
            Deployment ready = store.finish(d.id(), d.preview().isPresent() ? DeploymentStatus.READY : DeploymentStatus.BUILDING,
                    checked.content().pages().size(), Duration.ofNanos(System.nanoTime() - start), checked.problems());
            if (d.preview().isPresent()) {
                servePreview(site, ready);
                store.announce();
                cleanUp(d.domain());
                return ready;
            }
            Deployment active = switchTo(site, ready, true);
            cleanUp(d.domain());
            return active;
        } catch (Throwable e) {
            // Whatever ends a build (an Error too: out of memory, a stack overflow) ends it failed, logged,
            // never left building; the limits on content keep these rare.
            LOG.log(Level.WARNING, "site " + d.domain() + ": deployment " + d.id() + " could not be built", e);
            return store.finish(d.id(), DeploymentStatus.FAILED, 0, Duration.ofNanos(System.nanoTime() - start),
                    List.of(SiteProblem.error(".", "", "the build failed: " + reason(e))));
        } finally {
            local.remove(d.id());
        }
    }

    /** A failure as a problem's text: its message, and what it is when that says more than the message. */
    private static String reason(Throwable e) {
        if (e instanceof RuntimeException && e.getMessage() != null) {
            return e.getMessage();
        }
        String name = e.getClass().getSimpleName();
        return e instanceof StackOverflowError ? "the content is nested too deeply to read (StackOverflowError)"
                : e.getMessage() == null ? name : name + ": " + e.getMessage();
    }

    private Site load(Deployment d) {
        return load(d, Progress.NONE);
    }

    /** A built deployment served again: its files materialised if they are gone, its index reused if it is not. */
    private Site load(Deployment d, Progress progress) {
        long start = System.nanoTime();
        progress.update(d.domain(), "reading", 0, 1);
        Optional<Site> base = base(d.domain());
        Materialised files = materialise(d, base);
        long checking = System.nanoTime();
        SiteCheck.Result checked = check(d, files.dir(), base);
        long indexing = System.nanoTime();
        Site site = SiteLoader.index(siteConfig(d.domain(), files.dir()), checked.content(), indexDir(d),
                base.map(Site::content).orElse(null), base.map(Deployments::indexDirOf).orElse(null), search(d.domain()), progress,
                integrations, start);
        record(d, site, files, start, checking, indexing);
        return site;
    }

    /**
     * The version of the site this server serves from a deployment folder, if any: a new version's
     * unchanged files are linked from its folder and its index is made from its index. Read on the
     * site's queue, so it is not retired meanwhile.
     */
    private Optional<Site> base(String domain) {
        if (served.get(domain) == null) {
            return Optional.empty();
        }
        return sites.current(domain).filter(site -> site.config().path() != null
                && site.config().path().startsWith(root.resolve(domain)) && Files.isDirectory(site.config().path()));
    }

    /**
     * Reads and checks a deployment's folder. When only page files differ from the version {@code base}
     * (same docs.json, snippets and other files), the unchanged pages are taken as {@code base} read
     * them and only the others are read ({@link SiteReader#withPagesIn}); every check still runs over
     * the whole new site (broken links included).
     */
    private SiteCheck.Result check(Deployment d, Path dir, Optional<Site> base) {
        if (base.isPresent()) {
            Map<String, String> now = store.files(d.id());
            Map<String, String> before = store.files(deploymentDir(base.get()).getFileName().toString());
            Set<String> paths = new java.util.TreeSet<>(now.keySet());
            paths.addAll(before.keySet());
            List<Path> changed = new ArrayList<>();
            boolean pagesOnly = true;
            for (String path : paths) {
                if (!java.util.Objects.equals(now.get(path), before.get(path))) {
                    pagesOnly &= SiteReader.isPageFile(path, path.substring(path.lastIndexOf('/') + 1));
                    changed.add(dir.resolve(path));
                }
            }
            if (pagesOnly && !before.isEmpty()) {
                return SiteCheck.check(SiteReader.withPagesIn(base.get().content(), dir, changed), integrations);
            }
        }
        return SiteCheck.check(dir, integrations);
    }

    /** The index folder of a version served from a deployment folder. */
    private static Path indexDirOf(Site site) {
        return deploymentDir(site).resolve("index");
    }

    /** Logs where a build's time went and keeps it as the site's last build. */
    private void record(Deployment d, Site site, Materialised files, long start, long checking, long indexing) {
        long end = System.nanoTime();
        boolean incremental = false;
        int pages = 0;
        int sections = 0;
        int embedded = site.stats().embedded();
        if (site.search() instanceof dev.docsassistant.sites.GuardedSearch g
                && g.delegate() instanceof dev.docsassistant.search.LuceneSiteSearch lucene) {
            pages = lucene.pagesIndexed();
            sections = lucene.sectionsIndexed();
            incremental = lucene.rebuilt() && sections < lucene.sectionCount();
        }
        BuildStats stats = new BuildStats(d.id(), (checking - start) / 1_000_000, files.linked(), files.read(),
                (indexing - checking) / 1_000_000, (end - indexing) / 1_000_000, incremental, pages, sections, embedded);
        lastBuilds.put(d.domain(), stats);
        LOG.info("site " + d.domain() + ": deployment " + d.id() + " built in " + (end - start) / 1_000_000 + " ms: " + stats.summary());
    }

    /** The last build (or load) of the site's deployments on this server, and where its time went. */
    public Optional<BuildStats> lastBuild(String domain) {
        return Optional.ofNullable(lastBuilds.get(domain));
    }

    /** Serves {@code site} (deployment {@code d}) in place of the site's current version, which retires. */
    private Deployment switchTo(Site site, Deployment d, boolean record) {
        // Served first, recorded after: the API (and `deploy`) says active only once this server serves it.
        served.put(d.domain(), d.id());
        sites.replace(site).ifPresent(this::retire);
        Deployment active = record || d.status() != DeploymentStatus.ACTIVE ? store.activate(d.domain(), d.id()) : d;
        LOG.info("site " + d.domain() + ": serving deployment " + d.id() + " (" + site.stats().summary() + ")");
        return active;
    }

    private void unserve(String domain) {
        served.remove(domain);
        Optional.ofNullable(prepared.remove(domain)).ifPresent(p -> p.site().search().close());
        sites.remove(domain).ifPresent(this::retire);
        for (String preview : List.copyOf(previews.keySet())) {
            if (PreviewDomains.siteOf(preview).equals(domain)) {
                unservePreview(preview, false);
            }
        }
        // Only the folders there now: a site created again under the same name meanwhile keeps its own.
        List<Path> dirs;
        try (Stream<Path> children = Files.isDirectory(root.resolve(domain)) ? Files.list(root.resolve(domain)) : Stream.empty()) {
            dirs = children.toList();
        } catch (IOException e) {
            dirs = List.of();
        }
        List<Path> gone = dirs;
        Thread.ofVirtual().start(() -> {
            sleep(settings.retireAfter());
            gone.forEach(Deployments::deleteTree);
        });
    }

    /** Closes a replaced version once the grace period is over and no search runs on it. */
    private void retire(Site old) {
        retire(old, false);
    }

    /** ... and with {@code deleteFiles}, deletes its deployment's folder then (a removed preview). */
    private void retire(Site old, boolean deleteFiles) {
        retiring.add(old);
        Thread.ofVirtual().name("retire-" + old.domain()).start(() -> {
            sleep(settings.retireAfter());
            if (retiring.remove(old)) {
                old.search().close();
                retired.incrementAndGet();
                if (deleteFiles) {
                    synchronized (lock(PreviewDomains.siteOf(old.domain()))) {
                        deleteTree(deploymentDir(old));
                    }
                }
            }
        });
    }

    /** How many replaced versions this server has closed once their grace period was over. */
    int retiredCount() {
        return retired.get();
    }

    /** {@code <data-dir>/deployments/<domain>/<id>}: the folder a served version was read from. */
    private static Path deploymentDir(Site site) {
        return site.config().path().getParent();
    }

    /** A deployment's folder of files, and how many were linked from the previous version's or read from the store. */
    private record Materialised(Path dir, int linked, int read) {
    }

    /**
     * The deployment's files under the data directory, when they are not there already: those the
     * version {@code base} holds with the same path and SHA-256 are hard-linked from its folder
     * (deployment folders are never written once made), the others are read from the store.
     */
    private Materialised materialise(Deployment d, Optional<Site> base) {
        Path dir = siteDir(d.domain(), d.id());
        if (Files.isDirectory(dir)) {
            return new Materialised(dir, 0, 0);
        }
        Path tmp = newDir(staging);
        Path baseDir = base.map(site -> site.config().path()).orElse(null);
        Map<String, String> baseFiles = baseDir == null ? Map.of()
                : store.files(deploymentDir(base.get()).getFileName().toString());
        int linked = 0;
        int read = 0;
        Map<String, Long> times = store.fileTimes(d.id());
        try {
            for (Map.Entry<String, String> f : store.files(d.id()).entrySet()) {
                Path to = tmp.resolve(f.getKey()).normalize();
                if (!to.startsWith(tmp)) {
                    throw new IllegalStateException("stored path leaves the folder: " + f.getKey());
                }
                Files.createDirectories(to.getParent());
                // A file linked from the previous deployment keeps its time (a link shares it): from Git the same
                // content has the same last commit; a file read from the store gets the time it was deployed with.
                if (f.getValue().equals(baseFiles.get(f.getKey())) && linkOrCopy(baseDir.resolve(f.getKey()), to)) {
                    linked++;
                } else {
                    store.readBlob(f.getValue(), to);
                    read++;
                    Long modified = times.get(f.getKey());
                    if (modified != null) {
                        Files.setLastModifiedTime(to, FileTime.fromMillis(modified));
                    }
                }
            }
            Files.createDirectories(dir.getParent());
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            return new Materialised(dir, linked, read);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot materialise deployment " + d.id(), e);
        } finally {
            deleteTree(tmp);
        }
    }

    /** Links {@code to} to the same file as {@code from} (a copy where links are not possible); false when it cannot. */
    private static boolean linkOrCopy(Path from, Path to) {
        if (!Files.isRegularFile(from, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            Files.createLink(to, from);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            try {
                Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                return true;
            } catch (IOException copy) {
                return false;
            }
        }
    }

    private SiteConfig siteConfig(String domain, Path dir) {
        SiteConfig c = configured.get(domain);
        return new SiteConfig(domain, organizationOf(domain), dir, c == null ? Optional.empty() : c.url(), false,
                readersOf(domain), c == null ? "" : c.pathPrefix());
    }

    /** What the site asks of its readers; a preview of a site asks the same (its pages are the site's, changed). */
    private ReaderAccess readersOf(String domain) {
        SiteConfig c = configured.get(domain);
        return c == null ? ReaderAccess.OPEN : c.readers();
    }

    /** A preview is a site of its own: its own domain and host, the organisation (and keys) of its site, no url. */
    private SiteConfig previewConfig(Deployment d, Path dir) {
        return new SiteConfig(PreviewDomains.of(d.domain(), d.preview().orElseThrow()), organizationOf(d.domain()), dir,
                Optional.empty(), false, readersOf(d.domain()));
    }

    private String organizationOf(String domain) {
        SiteConfig c = configured.get(domain);
        return c != null ? c.organization() : organizations.getOrDefault(domain,
                store.site(domain).map(SiteRecord::organization).orElse(""));
    }

    private SearchSettings search(String domain) {
        return searchSettings.apply(domain);
    }

    private Path siteDir(String domain, String id) {
        return root.resolve(domain).resolve(id).resolve("site");
    }

    private Path indexDir(Deployment d) {
        return root.resolve(d.domain()).resolve(d.id()).resolve("index");
    }

    private SiteRecord requireSite(String domain) {
        return store.site(domain).orElseThrow(() -> DeployException.notFound("unknown site: " + domain));
    }

    private static void checkPreview(String name) {
        if (!PREVIEW.matcher(name).matches()) {
            throw DeployException.invalid("preview: '" + name + "' must be lower-case letters, digits and '-' (at most 63)");
        }
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[10];
        RANDOM.nextBytes(b);
        return b;
    }

    private static Path newDir(Path parent) {
        try {
            Files.createDirectories(parent);
            return Files.createTempDirectory(parent, "tmp-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort: a leftover temp file is harmless
                }
            });
        } catch (IOException | UncheckedIOException ignored) {
            // best effort
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    @Override
    public void close() {
        closed = true;
        sweeper.shutdownNow();
        try {
            listening.close();
        } catch (Exception ignored) {
            // stopping a listener thread cannot fail in a way worth reporting on shutdown
        }
        queues.shutdown();
        for (String domain : List.copyOf(prepared.keySet())) {
            Optional.ofNullable(prepared.remove(domain)).ifPresent(p -> p.site().search().close());
        }
        List.copyOf(retiring).forEach(s -> {
            if (retiring.remove(s)) {
                s.search().close();
            }
        });
    }
}
