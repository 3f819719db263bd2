package dev.docsassistant.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Watches the folders of the sites with {@code sites[].watch} (the JDK's {@link WatchService}, inotify
 * on Linux): one service and one thread for all of them, whatever their number. A change is handed over
 * by site once every watched folder has been quiet for the debounce time, so an editor's burst of
 * writes, or a {@code git pull} or {@code rsync} into a mounted folder, is one deployment. Folders
 * created later are watched too; hidden ones ({@code .git}) and {@code node_modules} are not.
 */
public final class WatchedFolders implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(WatchedFolders.class.getName());

    /** A watched folder: the site it holds and the folder at its top. */
    private record Watched(String domain, Path root) {
    }

    private final Duration debounce;
    private final Consumer<String> onChange;
    private final WatchService service;
    private final Map<WatchKey, Watched> folders = new ConcurrentHashMap<>();
    private final Thread thread;

    /**
     * @param roots    the folder of each watched site, by domain
     * @param onChange runs on the watcher's thread with the domain of each site whose folder changed
     */
    public WatchedFolders(Map<String, Path> roots, Duration debounce, Consumer<String> onChange) {
        this.debounce = debounce;
        this.onChange = onChange;
        try {
            this.service = FileSystems.getDefault().newWatchService();
            for (Map.Entry<String, Path> site : roots.entrySet()) {
                Path root = site.getValue().toAbsolutePath().normalize();
                register(new Watched(site.getKey(), root), root);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch the sites' folders: " + e.getMessage(), e);
        }
        this.thread = Thread.ofPlatform().daemon().name("site-watch").start(this::run);
    }

    private void register(Watched site, Path start) throws IOException {
        Files.walkFileTree(start, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (!dir.equals(site.root()) && ignored(dir)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                folders.put(dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_MODIFY), new Watched(site.domain(), site.root()));
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static boolean ignored(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        return name.startsWith(".") || name.equals("node_modules");
    }

    private void run() {
        try {
            while (true) {
                Set<String> changed = new LinkedHashSet<>();
                WatchKey key = service.take();
                do {
                    collect(key, changed);
                    key = service.poll(debounce.toMillis(), TimeUnit.MILLISECONDS);
                } while (key != null);
                for (String domain : changed) {
                    try {
                        onChange.accept(domain);
                    } catch (RuntimeException e) {
                        LOG.log(Level.WARNING, "site " + domain + ": deploying the changed folder failed", e);
                    }
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed: stop watching
        }
    }

    private void collect(WatchKey key, Set<String> changed) {
        Watched site = folders.get(key);
        Path dir = (Path) key.watchable();
        for (WatchEvent<?> event : key.pollEvents()) {
            if (site == null) {
                continue;
            }
            if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                changed.add(site.domain()); // events were lost: the folder is read whole anyway
                continue;
            }
            Path path = dir.resolve((Path) event.context());
            if (ignored(path)) {
                continue;
            }
            if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(path)) {
                try {
                    register(site, path);
                } catch (IOException e) {
                    LOG.warning("cannot watch " + path + ": " + e.getMessage());
                }
            }
            changed.add(site.domain());
        }
        if (!key.reset()) {
            folders.remove(key);
        }
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            // closing anyway
        }
        thread.interrupt();
    }
}
