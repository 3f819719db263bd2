package dev.docsassistant;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.site.Site;
import dev.docsassistant.site.SiteLoader;
import dev.docsassistant.site.Sites;
import dev.docsassistant.store.Database;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@link App} from configuration: opens the store, loads and indexes every site. */
public final class Bootstrap {
    private Bootstrap() {
    }

    public static App start(AppConfig config, PrintStream out) {
        Database db = Database.open(config);
        List<Site> sites = new ArrayList<>();
        for (SiteConfig site : config.sites()) {
            sites.add(SiteLoader.load(site, config, out));
        }
        return new App(config, new Sites(sites), db);
    }
}
