package dev.docsassistant.cli;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.integrations.IntegrationSettings;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.integrations.PluginRegistry;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;

/** Which integration plugins a command uses: {@code --plugins-dir}, else the configuration's, else the built-in ones. */
public final class PluginsOption {
    @Option(names = "--plugins-dir", paramLabel = "DIR",
            description = "Extra integration plugin jars (default: docs-assistant.plugins-dir of the configuration)")
    Path pluginsDir;

    @Mixin
    ConfigOption config;

    public Integrations load() {
        if (pluginsDir != null) {
            return new Integrations(PluginRegistry.load(pluginsDir));
        }
        if (Files.isRegularFile(config.path())) {
            AppConfig app = config.load();
            return Integrations.load(IntegrationSettings.from(app.section(), app.baseDir()));
        }
        return Integrations.classPath();
    }
}
