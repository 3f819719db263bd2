package dev.docsassistant.app;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.site.LoadStats;
import dev.docsassistant.site.Progress;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.SiteLoader;
import dev.docsassistant.site.SiteProblem;
import dev.docsassistant.sites.Sites;
import dev.docsassistant.store.Database;

import java.io.PrintStream;
import java.util.List;

/** Builds the {@link App} from configuration: opens the store, loads and indexes every site. */
public final class Bootstrap {
    /** Problems listed one by one per site; beyond this only a count, so a broken site can't flood the log. */
    private static final int LISTED_PROBLEMS = 20;

    private Bootstrap() {
    }

    public static App start(AppConfig config, PrintStream out) {
        return start(config, out, Progress.NONE);
    }

    public static App start(AppConfig config, PrintStream out, Progress progress) {
        Settings settings = Settings.create(config); // a bad setting stops start-up before the sites are indexed
        Integrations integrations = Integrations.load(settings.integrations()); // so does a broken plugins dir
        Database db = Database.open(settings.store(), config.dataDir());
        try {
            Progress logged = progress == Progress.NONE ? new EmbeddingLog(out) : progress;
            // Sites load side by side (indexing one is single-threaded); reports keep the config order.
            List<Site> sites = config.sites().parallelStream()
                    .map(siteConfig -> SiteLoader.load(siteConfig, config.dataDir(), settings.search().get(siteConfig.domain()),
                            logged, integrations))
                    .toList();
            sites.forEach(site -> report(site.stats(), out));
            return new App(config, settings, new Sites(sites), db, integrations);
        } catch (RuntimeException e) {
            db.close();
            throw e;
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
