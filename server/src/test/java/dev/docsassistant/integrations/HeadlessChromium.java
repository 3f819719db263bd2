package dev.docsassistant.integrations;

import dev.docsassistant.testing.TempDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Loads an HTML file in Debian's headless Chromium and returns the DOM after its scripts ran. */
final class HeadlessChromium {
    static final Path BINARY = Path.of("/usr/bin/chromium");

    private HeadlessChromium() {
    }

    static boolean available() {
        return Files.isExecutable(BINARY);
    }

    static String dumpDom(Path html) {
        Path profile = TempDirs.create("chromium-profile-");
        try {
            // The flags keep Chromium off the (closed) network except for what the page itself asks.
            Process p = new ProcessBuilder(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--user-data-dir=" + profile, "--virtual-time-budget=5000", "--dump-dom",
                    html.toUri().toString()))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("chromium did not finish");
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            TempDirs.delete(profile);
        }
    }
}
