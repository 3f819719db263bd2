package dev.docsassistant.devmode;

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
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Watches a folder and its sub-folders (the JDK's {@link WatchService}: inotify on Linux) and hands
 * the changed files over in batches: a batch closes once the folder has been quiet for the debounce
 * time, so an editor's burst of writes (a temporary file, a rename, the file) is one change. Folders
 * created later are watched too; hidden folders ({@code .git}, the dev data) and {@code node_modules}
 * are not.
 */
public final class FolderWatcher implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(FolderWatcher.class.getName());

    private final Path root;
    private final Duration debounce;
    private final Consumer<Set<Path>> onChange;
    private final WatchService service;
    private final Map<WatchKey, Path> folders = new HashMap<>();
    private final Thread thread;

    private FolderWatcher(Path root, Duration debounce, Consumer<Set<Path>> onChange) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.debounce = debounce;
        this.onChange = onChange;
        this.service = FileSystems.getDefault().newWatchService();
        register(this.root);
        this.thread = Thread.ofPlatform().daemon().name("dev-watch").start(this::run);
    }

    /** Starts watching; {@code onChange} runs on the watcher's thread, one batch at a time. */
    public static FolderWatcher start(Path root, Duration debounce, Consumer<Set<Path>> onChange) {
        try {
            return new FolderWatcher(root, debounce, onChange);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch " + root + ": " + e.getMessage(), e);
        }
    }

    private void register(Path start) throws IOException {
        Files.walkFileTree(start, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (!dir.equals(root) && DevSite.ignored(root.relativize(dir).toString().replace('\\', '/'))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                folders.put(dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_MODIFY), dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private void run() {
        try {
            while (true) {
                Set<Path> batch = new LinkedHashSet<>();
                WatchKey key = service.take();
                do {
                    collect(key, batch);
                    key = service.poll(debounce.toMillis(), TimeUnit.MILLISECONDS);
                } while (key != null);
                if (!batch.isEmpty()) {
                    try {
                        onChange.accept(batch);
                    } catch (RuntimeException e) {
                        LOG.log(Level.SEVERE, "applying changed files failed: " + batch, e);
                    }
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed: stop watching
        }
    }

    private void collect(WatchKey key, Set<Path> batch) {
        Path dir = folders.get(key);
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.OVERFLOW || dir == null) {
                batch.add(root.resolve("docs.json")); // events were lost: read the whole site again
                continue;
            }
            Path changed = dir.resolve((Path) event.context());
            if (DevSite.ignored(root.relativize(changed).toString().replace('\\', '/'))) {
                continue;
            }
            if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(changed)) {
                try {
                    register(changed);
                    // Files moved or copied in with the folder came before its watch: take them as changed.
                    try (var files = Files.walk(changed)) {
                        files.filter(Files::isRegularFile).forEach(batch::add);
                    }
                } catch (IOException e) {
                    LOG.warning("cannot watch " + changed + ": " + e.getMessage());
                }
            }
            batch.add(changed);
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
