package dev.docsassistant.app;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.content.LoadStats;
import dev.docsassistant.content.Progress;
import dev.docsassistant.sites.Site;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.sites.Sites;
import dev.docsassistant.store.Database;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Builds the {@link App} from configuration: opens the store, loads and indexes every site. {@code serve}
 * does it in two steps ({@link #open}, then {@link #index} while its port is open already); every
 * other caller in one ({@link #start}).
 */
public final class Bootstrap {
    /** Problems listed one by one per site; beyond this only a count, so a broken site can't flood the log. */
    private static final int LISTED_PROBLEMS = 20;

    private Bootstrap() {
    }

    /** The app with every site loaded and indexed. */
    public static App start(AppConfig config, PrintStream out) {
        return start(config, out, Progress.NONE);
    }

    public static App start(AppConfig config, PrintStream out, Progress progress) {
        App app = open(config);
        try {
            index(app, out, progress);
            return app;
        } catch (RuntimeException e) {
            app.close();
            throw e;
        }
    }

    /**
     * Checks the configuration and opens the store; the app's sites are all pending (requests for them
     * get 503, readiness is down) until {@link #index} has loaded them.
     */
    public static App open(AppConfig config) {
        Settings settings = Settings.create(config); // a bad setting stops start-up before the sites are indexed
        Integrations integrations = Integrations.load(settings.integrations()); // so does a broken plugins dir
        Database db = Database.open(settings.store(), config.dataDir());
        try {
            Sites sites = Sites.pending(config.sites().stream().map(SiteConfig::domain).toList());
            App app = new App(config, settings, sites, db, integrations);
            app.deployments().registerStored(); // sites created through the admin API: 503 until loaded, not 404
            return app;
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    /**
     * Loads and indexes the app's sites side by side (indexing one is single-threaded); each is served
     * as soon as it is ready. The reports keep the configuration's order, and so does the failure thrown
     * when a site cannot be loaded (a ConfigException names the key).
     *
     * @param progress told of each site's steps ({@link Progress#NONE}: embedding progress is logged)
     */
    public static void index(App app, PrintStream out, Progress progress) {
        AppConfig config = app.config();
        Progress logged = progress == Progress.NONE ? new EmbeddingLog(out) : progress;
        // Threads of their own, not the common pool: a site embedding a cold corpus for minutes must not
        // hold back a small one queued behind it on a busy pool.
        int threads = Math.max(1, Math.min(config.sites().size(), Math.max(2, Runtime.getRuntime().availableProcessors())));
        List<Future<Site>> loading = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads, Thread.ofPlatform().daemon().name("index-site-", 1).factory());
        try {
            for (SiteConfig siteConfig : config.sites()) {
                // Each configured folder is deployed (or its unchanged deployment reused) and served as soon as it is ready.
                loading.add(pool.submit(() -> siteConfig.fromGit()
                        ? app.git().deployConfigured(siteConfig, logged).orElse(null) // null: nothing to serve yet
                        : app.deployments().deployConfigured(siteConfig, logged)));
            }
            for (Future<Site> site : loading) {
                Site served = site.get();
                if (served != null) {
                    report(served.stats(), out);
                }
            }
            app.deployments().sync().get(); // the sites created through the admin API
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while indexing the sites", e);
        } finally {
            pool.shutdownNow(); // after a failure, sites still loading are closed when they finish (Sites#add after close)
        }
    }

    private static void report(LoadStats stats, PrintStream out) {
        out.println(stats.summary());
        List<SiteProblem> problems = stats.problems();
        problems.stream().limit(LISTED_PROBLEMS).forEach(p -> out.println("  skipped or suspect: " + p));
        if (problems.size() > LISTED_PROBLEMS) {
            out.println("  ... and " + (problems.size() - LISTED_PROBLEMS) + " more (bin/docs-assistant index lists them all)");
        }
    }
}
