package dev.docsassistant.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The one server of a data directory: {@code serve} and {@code dev} hold an exclusive lock on
 * {@code DATA_DIR/server.lock} while they run, so a second server started on the same directory stops
 * before it changes anything there (it would replace the first one's page keys and rebuild the indexes
 * it reads). The file names its holder (process id and command); the lock itself is the operating
 * system's, released when the process ends however it ends, so a file left behind by a crash holds nothing.
 */
public final class DataDirLock implements AutoCloseable {
    public static final String FILE = "server.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock and writes who holds it.
     *
     * @param holder what this process is, for the message another one shows ({@code serve --config app.yaml})
     * @throws StartRefused when another process (or another server of this one) holds it
     */
    public static DataDirLock acquire(Path dataDir, String holder) {
        Path file = dataDir.resolve(FILE);
        FileChannel channel = null;
        try {
            Files.createDirectories(dataDir);
            // Not truncated on open: the holder's description stays readable for the message.
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // held by this very process (a test's second server)
            }
            if (lock == null) {
                String other = Files.readString(file, StandardCharsets.UTF_8).strip();
                channel.close();
                throw new StartRefused("another docs-assistant server uses the data directory " + dataDir + ": "
                        + (other.isEmpty() ? "a process that has not said which yet" : other)
                        + " (lock " + file + "). Stop it, or give this one a data directory of its own (docs-assistant.data-dir, dev --data-dir).");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + ", docs-assistant " + holder + ", since "
                    + Instant.now().truncatedTo(ChronoUnit.SECONDS) + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            channel.force(false);
            return new DataDirLock(channel, lock);
        } catch (IOException e) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // the first failure is the one to report
                }
            }
            throw new UncheckedIOException("cannot lock the data directory " + dataDir + ": " + e.getMessage(), e);
        }
    }

    /** Lets the next server in; the file stays (it names the last holder, and holds nothing). */
    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the process ends anyway: the operating system releases the lock
        }
    }
}
