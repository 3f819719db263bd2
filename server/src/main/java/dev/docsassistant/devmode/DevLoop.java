package dev.docsassistant.devmode;

import dev.docsassistant.app.App;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.search.SearchSettings;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * The writer's loop: loads the one site of {@code dev}, serves it, and on every batch of saved
 * files applies them ({@link DevSite}), swaps the served site, and tells the open tabs to reload, or,
 * when the change is broken, shows its problems in the terminal and over the tabs.
 */
public final class DevLoop implements AutoCloseable {
    /** Editors write a file in a few steps within milliseconds; a batch closes after this much quiet. */
    public static final Duration DEBOUNCE = Duration.ofMillis(60);

    private final App app;
    private final DevSite site;
    private final DevEvents events;
    private final PrintStream out;
    private final Path dir;
    private final FolderWatcher watcher;

    private DevLoop(App app, DevSite site, DevEvents events, PrintStream out, Duration debounce) {
        this.app = app;
        this.site = site;
        this.events = events;
        this.out = out;
        this.dir = site.site().config().path().toAbsolutePath().normalize();
        this.watcher = FolderWatcher.start(dir, debounce, this::apply);
    }

    /** Loads and serves the site (reusing its index when it is up to date), then watches its folder. */
    public static DevLoop start(App app, SiteConfig config, DevEvents events, PrintStream out, Duration debounce) {
        SearchSettings search = app.settings().search().get(config.domain());
        DevSite site = DevSite.open(config, app.config().dataDir(), search, app.integrations());
        out.println(site.site().stats().summary());
        site.site().stats().problems().forEach(p -> out.println("  " + p));
        app.sites().add(site.site());
        try {
            return new DevLoop(app, site, events, out, debounce);
        } catch (RuntimeException e) {
            site.close();
            throw e;
        }
    }

    /** The site folder's loaded state (the served site, the problems holding changes back). */
    public DevSite site() {
        return site;
    }

    /** Applies a batch of changed files; runs on the watcher's thread (tests may call it directly). */
    public void apply(Collection<Path> files) {
        var before = site.site();
        DevSite.Outcome outcome = site.apply(files);
        List<String> names = files.stream().map(f -> relative(f)).distinct().sorted().toList();
        if (outcome.applied()) {
            if (outcome.site() != before) {
                app.sites().add(outcome.site()); // the pages, agent files and MCP tools of the new content
            }
            events.reload(names, outcome.warnings());
            out.println("changed " + String.join(", ", names) + ": " + outcome.summary() + "; reloading open tabs");
            outcome.warnings().forEach(p -> out.println("  warning: " + p));
        } else {
            out.println("changed " + String.join(", ", names) + ": " + outcome.summary());
            outcome.problems().forEach(p -> out.println("  " + p));
            events.problems(outcome.problems());
        }
        out.flush();
    }

    private String relative(Path file) {
        Path f = file.toAbsolutePath().normalize();
        return f.startsWith(dir) ? dir.relativize(f).toString().replace('\\', '/') : f.toString();
    }

    @Override
    public void close() {
        watcher.close();
        site.close();
    }
}
