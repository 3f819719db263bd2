package dev.docsassistant.cli;

import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.content.Progress;
import dev.docsassistant.sites.Site;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.Locale;
import java.util.concurrent.Callable;

/** Loads and indexes every configured site, printing per-site statistics and every problem found. */
@Command(name = "index", description = "Build the search indexes and print per-site stats.")
public final class IndexCommand implements Callable<Integer> {
    @Mixin
    ConfigOption config;

    @Override
    public Integer call() {
        AppConfig appConfig = config.load();
        Progress progress = System.console() != null ? new ProgressBar(System.err, appConfig.sites().size()) : Progress.NONE;
        long start = System.nanoTime();
        try (App app = Bootstrap.start(appConfig, System.out, progress)) {
            for (Site site : app.sites().all()) {
                // Served sites embed what the cache lacks in the background; an index built ahead of serving holds every vector.
                int waiting = site.search().sectionsWithoutVectors();
                if (waiting > 0) {
                    System.out.printf(Locale.ROOT, "site %s: embedding %d sections in the background%n", site.domain(), waiting);
                    try {
                        site.search().vectorsFilled().join();
                    } catch (java.util.concurrent.CompletionException | java.util.concurrent.CancellationException e) {
                        System.out.println("site " + site.domain() + ": embedding stopped (" + e.getMessage()
                                + "); the next start embeds what is left");
                    }
                }
                if (site.stats().problems().size() > 20) {
                    System.out.println("all problems of site " + site.domain() + ":");
                    site.stats().problems().forEach(p -> System.out.println("  " + p));
                }
            }
            System.out.printf(Locale.ROOT, "%d site(s) ready in %.2f s%n", app.sites().all().size(),
                    (System.nanoTime() - start) / 1e9);
            return 0;
        }
    }
}
