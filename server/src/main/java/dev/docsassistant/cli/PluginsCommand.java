package dev.docsassistant.cli;

import dev.docsassistant.integrations.PluginReference;
import dev.docsassistant.integrations.PluginRegistry;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.SpiVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * Lists the integration plugins a server would load: the built-in ones and those of the plugins
 * directory, with where each came from, the SPI version it was built for, whether it waits for consent
 * and the hosts it adds to the page's Content-Security-Policy (for its example settings).
 */
@Command(name = "plugins", description = "List the loaded docs.json integration plugins.")
public final class PluginsCommand implements Callable<Integer> {
    private static final List<String> HEADER = List.of("KEY", "PLUGIN CLASS", "JAR", "SPI", "CONSENT", "CSP HOSTS");

    @Mixin
    PluginsOption plugins;

    @Override
    public Integer call() {
        print(plugins.load().registry(), System.out);
        return 0;
    }

    public static void print(PluginRegistry registry, PrintStream out) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (IntegrationPlugin p : registry.all()) {
            Rendering r = PluginReference.exampleRendering(p);
            String hosts = r.csp().entrySet().stream()
                    .map(e -> e.getKey().header() + " " + String.join(" ", e.getValue()))
                    .collect(Collectors.joining("; "));
            PluginRegistry.Origin origin = registry.origin(p.key());
            rows.add(List.of(p.key(), p.getClass().getName(), origin.source(), origin.spiVersion(),
                    p.kind() == Kind.PLATFORM ? "-" : r.needsConsent() ? "yes" : "no", hosts.isEmpty() ? "-" : hosts));
        }
        int[] widths = new int[HEADER.size() - 1];
        rows.forEach(row -> {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        });
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                line.append(String.format("%-" + widths[i] + "s  ", row.get(i)));
            }
            out.println(line.append(row.getLast()));
        }
        out.println(registry.all().size() + " integrations; this server implements integrations SPI " + SpiVersion.current());
    }
}
