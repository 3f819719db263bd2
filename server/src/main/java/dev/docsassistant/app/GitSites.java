package dev.docsassistant.app;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.Progress;
import dev.docsassistant.deploy.Deployment;
import dev.docsassistant.deploy.DeploymentStatus;
import dev.docsassistant.deploy.Deployments;
import dev.docsassistant.deploy.GitDeployments;
import dev.docsassistant.deploy.SiteRecord;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressRefused;
import dev.docsassistant.git.DeployedCommits;
import dev.docsassistant.git.GitCheckout;
import dev.docsassistant.git.GitPoller;
import dev.docsassistant.git.GitSettings;
import dev.docsassistant.git.GitSource;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.Sites;
import dev.docsassistant.web.ApiException;

import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The sites deployed from Git, bound to the deployments core: those of the configuration file
 * ({@code sites[].git}, once start-up registered them) and those the admin API made (their settings
 * in the store). One {@link GitSource} takes their webhooks and one {@link GitPoller} thread polls
 * those with {@code git.poll}; their work folders are under {@code <data-dir>/git}.
 */
public final class GitSites implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GitSites.class.getName());

    private final Deployments deployments;
    private final Sites sites;
    private final Map<String, GitSettings> configured;
    /** Configured Git sites start-up has registered: webhooks and polls reach them from then on. */
    private final Set<String> registered = ConcurrentHashMap.newKeySet();
    private final Path root;
    private final DeployedCommits commits;
    private final GitCheckout checkout;
    private final GitSource source;
    private final GitPoller poller;
    /** The start-up checks of configured sites' heads that run in the background, by domain. */
    private final Map<String, CompletableFuture<Void>> headChecks = new ConcurrentHashMap<>();

    /**
     * @param configured the Git settings of the configured sites, by domain
     * @param egress     the policy every Git remote is checked by
     */
    public GitSites(Deployments deployments, Sites sites, Map<String, GitSettings> configured, Path dataDir, Egress egress) {
        this.deployments = deployments;
        this.sites = sites;
        this.configured = Map.copyOf(configured);
        this.root = dataDir.resolve("git");
        this.commits = new DeployedCommits(root);
        this.checkout = new GitCheckout(root, System::getenv, egress);
        this.source = new GitSource(this::all, checkout, new GitDeployments(deployments), commits);
        this.poller = new GitPoller(source, Clock.systemUTC());
    }

    /** Webhooks and polls go here. */
    public GitSource source() {
        return source;
    }

    /**
     * Refuses a Git source the egress policy does not allow (a loopback or private host, a local folder
     * not named in configuration) with a 400 naming {@code git.url}, before anything is fetched.
     */
    public void permit(GitSettings settings) {
        try {
            checkout.permit(settings.url());
        } catch (EgressRefused e) {
            throw ApiException.badRequest("git.url " + e.getMessage());
        }
    }

    /** Every Git site as it is now: the registered configured ones and the admin API's (read from the store). */
    private Map<String, GitSettings> all() {
        Map<String, GitSettings> all = new HashMap<>();
        for (SiteRecord site : deployments.sites()) {
            site.git().ifPresent(git -> all.put(site.domain(), git));
        }
        registered.forEach(domain -> all.put(domain, configured.get(domain)));
        return all;
    }

    /** Starts polling the sites with {@code git.poll} (one thread for all); {@code serve} calls it. */
    public void startPolling() {
        poller.start();
    }

    /**
     * Start-up of a configured Git site: serves its active deployment, if it has one, and deploys its
     * branch's head when that moved meanwhile (in the background); a site never deployed has its head
     * deployed now. When that fails (an unreachable URL), the failure is listed with its deployments and
     * the site is not served (404) until a push or a poll deploys it.
     *
     * @return the version served, empty when there is none
     */
    public Optional<Site> deployConfigured(SiteConfig config, Progress progress) {
        GitSettings settings = configured.get(config.domain());
        Optional<Site> served = deployments.registerConfigured(config, progress);
        registered.add(config.domain());
        if (served.isPresent()) {
            headChecks.put(config.domain(), CompletableFuture.runAsync(() -> deployHead(config.domain(), settings, "config"),
                    task -> Thread.ofVirtual().name("git-start-" + config.domain()).start(task)));
            return served;
        }
        commits.forget(config.domain()); // the store has no version of it: whatever was deployed before is gone
        deployHead(config.domain(), settings, "config").ifPresent(d -> deployments.settled(d).join());
        Optional<Site> now = sites.current(config.domain());
        if (now.isEmpty()) {
            LOG.warning("site " + config.domain() + ": nothing to serve until a push or a poll deploys " + settings.url()
                    + " (see its deployments)");
            sites.remove(config.domain()); // not "still being indexed" forever: readiness does not wait for it
        }
        return now;
    }

    /**
     * Completes once the start-up check of a configured site's head has deployed it or found it
     * deployed already (at once when start-up checked it in the foreground, or not at all).
     */
    public CompletableFuture<Void> headChecked(String domain) {
        return headChecks.getOrDefault(domain, CompletableFuture.completedFuture(null));
    }

    /**
     * A site the admin API just created with {@code git}: its branch's head is deployed (the checkout
     * runs now; the build in the background).
     *
     * @return the first deployment (failed, with the reason, when the repository gave no tree)
     */
    public Optional<Deployment> created(SiteRecord site) {
        GitSettings settings = site.git().orElseThrow();
        GitCheckout.delete(root.resolve(site.domain())); // a site of the same name deleted earlier left its folders
        return deployHead(site.domain(), settings, "admin");
    }

    /** A site deleted through the admin API: its clone and exports go. */
    public void deleted(String domain) {
        GitCheckout.delete(root.resolve(domain));
    }

    private Optional<Deployment> deployHead(String domain, GitSettings settings, String createdBy) {
        try {
            GitSource.Outcome outcome = source.deploy(domain, settings, settings.branch(), null, createdBy, null);
            if (outcome instanceof GitSource.Deployed deployed) {
                return deployments.get(domain, deployed.deployment().id());
            }
            LOG.fine(() -> "site " + domain + ": " + ((GitSource.Ignored) outcome).reason());
            return deployments.list(domain).stream().filter(d -> d.status() == DeploymentStatus.ACTIVE).findFirst();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "site " + domain + ": cannot deploy " + settings.url(), e);
            return Optional.empty();
        }
    }

    @Override
    public void close() {
        poller.close();
    }
}
