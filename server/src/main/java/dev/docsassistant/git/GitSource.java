package dev.docsassistant.git;

import dev.docsassistant.git.GitDeployer.DeploymentRef;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Turns pushes and moved branch heads into deployments: checks out the commit and hands the tree to
 * the {@link GitDeployer}, or records a failed deployment with the reason when there is no tree. A
 * commit already deployed from a branch is not deployed again (a redelivered webhook, a poll after a
 * webhook). Deployments of one site take turns.
 */
public final class GitSource {
    private static final Logger LOG = Logger.getLogger(GitSource.class.getName());

    /** What a push or a poll did. */
    public sealed interface Outcome permits Deployed, Ignored {
    }

    /**
     * A deployment was created (its status may be {@code failed}).
     *
     * @param commit the commit deployed, null when the checkout failed
     * @param preview the preview name, null for the site itself
     * @param reason why it failed before there was a tree, else null
     */
    public record Deployed(DeploymentRef deployment, String commit, String preview, String reason) implements Outcome {
    }

    /** Nothing was deployed, and why. */
    public record Ignored(String reason) implements Outcome {
    }

    private final Supplier<Map<String, GitSettings>> sites;
    private final GitCheckout checkout;
    private final GitDeployer deployer;
    private final DeployedCommits deployed;
    private final Map<String, ReentrantLock> turns = new ConcurrentHashMap<>();
    /** The head each site's poll last tried, so a head that failed is not retried every interval. */
    private final Map<String, String> polledHeads = new ConcurrentHashMap<>();

    /**
     * @param sites    the Git settings of every site that has them, by domain, as they are now
     *                 (configured sites and those the admin API made)
     */
    public GitSource(Supplier<Map<String, GitSettings>> sites, GitCheckout checkout, GitDeployer deployer,
                     DeployedCommits deployed) {
        this.sites = sites;
        this.checkout = checkout;
        this.deployer = deployer;
        this.deployed = deployed;
    }

    public Map<String, GitSettings> sites() {
        return sites.get();
    }

    public Optional<GitSettings> settings(String domain) {
        return Optional.ofNullable(sites.get().get(domain));
    }

    /** What a verified push to {@code domain} does: deploy the site's branch, a preview of another, or nothing. */
    public Outcome onPush(String domain, GitSettings settings, PushEvent push, String createdBy) {
        String branch = push.branch();
        if (branch == null) {
            return new Ignored(push.ref() + " is not a branch");
        }
        if (push.deleted()) {
            return new Ignored("branch '" + branch + "' was deleted; nothing to deploy");
        }
        if (branch.equals(settings.branch())) {
            return deploy(domain, settings, branch, push.commit(), createdBy, null);
        }
        if (!settings.previews()) {
            return new Ignored("the site deploys branch '" + settings.branch() + "' and git.previews is off, so '"
                    + branch + "' is not deployed");
        }
        return deploy(domain, settings, branch, push.commit(), createdBy, PreviewNames.of(branch));
    }

    /**
     * Deploys the head of {@code branch}, unless it is what the branch deployed last. A push's commit is
     * only a hint: when it was deployed already nothing is fetched, and when the branch has moved on
     * since, its newer head is deployed (so a late or redelivered webhook never rolls a site back).
     *
     * @param pushedCommit the commit a push reported, or null
     */
    public Outcome deploy(String domain, GitSettings settings, String branch, String pushedCommit, String createdBy,
                          String preview) {
        ReentrantLock turn = turns.computeIfAbsent(domain, d -> new ReentrantLock());
        turn.lock();
        try {
            if (pushedCommit != null && deployed.last(domain, branch).filter(pushedCommit::equals).isPresent()) {
                return new Ignored("commit " + pushedCommit + " of '" + branch + "' is already deployed");
            }
            CheckedOut tree;
            try {
                tree = checkout.checkout(domain, settings, branch, null);
            } catch (GitSourceException e) {
                String source = "git " + settings.url() + "@" + (pushedCommit == null ? branch : pushedCommit);
                DeploymentRef failed = deployer.fail(domain, source, createdBy, preview, e.getMessage());
                return new Deployed(failed, null, preview, e.getMessage());
            }
            if (deployed.last(domain, branch).filter(tree.commit()::equals).isPresent()) {
                GitCheckout.delete(tree.folder());
                return new Ignored("commit " + tree.commit() + ", the head of '" + branch + "', is already deployed");
            }
            DeploymentRef ref;
            try {
                ref = deployer.deploy(domain, tree.folder(), "git " + settings.url() + "@" + tree.commit(), createdBy, preview);
            } catch (RuntimeException e) {
                GitCheckout.delete(tree.folder());
                throw e;
            }
            if (!"failed".equals(ref.status())) {
                deployed.record(domain, branch, tree.commit());
            }
            LOG.info("site " + domain + (preview == null ? "" : " preview " + preview) + ": deployment " + ref.id()
                    + " of " + branch + "@" + tree.commit() + " is " + ref.status());
            return new Deployed(ref, tree.commit(), preview, null);
        } finally {
            turn.unlock();
        }
    }

    /**
     * One poll of a site: when its branch's head is neither the commit deployed last nor the head the
     * previous poll already tried, deploys it.
     *
     * @throws GitSourceException when the remote cannot be asked (the poller logs it and tries again next time)
     */
    public Optional<Outcome> poll(String domain, GitSettings settings) {
        String head = checkout.head(settings, settings.branch());
        if (deployed.last(domain, settings.branch()).filter(head::equals).isPresent()
                || head.equals(polledHeads.get(domain))) {
            return Optional.empty();
        }
        polledHeads.put(domain, head);
        return Optional.of(deploy(domain, settings, settings.branch(), head, "poll", null));
    }
}
