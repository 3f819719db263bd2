package dev.docsassistant.cli;

import dev.docsassistant.devmode.DevServer;
import dev.docsassistant.server.ServerSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * The writer's loop: serves one docs folder at {@code http://localhost:PORT/} (search and assistant
 * included, with no key asked from this machine), re-reads and re-indexes only what a saved file
 * changes, and reloads the open tabs; a broken file is shown in the terminal and over the page while
 * the last good version keeps serving. Listens on the loopback interface only.
 */
@Command(name = "dev", description = "Serve a docs folder at http://localhost:PORT/ and reload open tabs on every save.")
public final class DevCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FOLDER", description = "The docs folder (default: the current one)")
    Path folder;

    @Option(names = "--port", paramLabel = "N", description = "Port on localhost (default ${DEFAULT-VALUE}; 0 picks a free one)")
    int port = 3000;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = "Index, embedding cache and database (default: FOLDER/.docs-assistant, which git ignores by itself)")
    Path dataDir;

    @Option(names = "--embedding-cache", paramLabel = "DIR",
            description = "Section embeddings to share between folders and servers (default: DATA_DIR/embeddings)")
    Path embeddingCache;

    @Override
    public Integer call() throws IOException {
        Path dir = (folder == null ? Path.of("") : folder).toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            System.err.println("not a folder: " + dir);
            return 2;
        }
        if (!Files.isRegularFile(dir.resolve("docs.json"))) {
            // Nothing written, nothing watched: serving an empty site from the wrong folder helps no one.
            System.err.println("no docs.json in " + dir + ": dev serves a docs folder, the one that holds docs.json "
                    + "and its .md/.mdx pages (bin/docs-assistant dev path/to/docs)");
            return 2;
        }
        Path data = (dataDir == null ? dir.resolve(".docs-assistant") : dataDir).toAbsolutePath().normalize();
        DevServer dev = DevServer.listen(dir, data, port, embeddingCache);
        ServerSettings settings = ServerSettings.from(dev.app().config().config().get("server"));
        new GracefulStop(dev.app(), dev.server(), dev::beforeStop, settings.drainTimeout()).onSignals();
        System.out.println("dev: serving " + dir + " at http://localhost:" + dev.port() + "/ (data in " + data + ")");
        System.out.println("listening on http://127.0.0.1:" + dev.port());
        System.out.flush();
        dev.load(System.out);
        System.out.println("dev: ready; watching " + dir + " for changes (Ctrl+C stops)");
        System.out.flush();
        return 0;
    }
}
