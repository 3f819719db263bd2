package dev.docsassistant.integrations;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where integration plugins come from and what their CSP hosts may be ({@code docs-assistant.plugins-dir}
 * and {@code docs-assistant.integrations}).
 *
 * @param pluginsDir        a folder of plugin jars (or folders of jars) beside the class-path plugins
 * @param allowPrivateHosts whether CSP hosts may be IP literals, localhost or carry a port ({@link IntegrationHosts})
 */
public record IntegrationSettings(Optional<Path> pluginsDir, boolean allowPrivateHosts) {
    public static final IntegrationSettings DEFAULTS = new IntegrationSettings(Optional.empty(), false);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Integrations", "IntegrationSettings", List.of(
            new SettingDoc("docs-assistant.plugins-dir", "path", "",
                    "a folder of integration plugin jars, each loaded in its own class loader (docs/plugins.md)"),
            new SettingDoc("docs-assistant.integrations.allow-private-hosts", "true/false",
                    String.valueOf(DEFAULTS.allowPrivateHosts),
                    "lets integrations name IP literals, localhost or ports as script hosts (for test set-ups)")));

    /**
     * @param section the {@code docs-assistant} node
     * @param baseDir the config file's folder, against which the plugins folder is resolved
     */
    public static IntegrationSettings from(Config section, Path baseDir) {
        Optional<Path> dir = section.get("plugins-dir").asString().asOptional()
                .filter(s -> !s.isBlank()).map(s -> baseDir.resolve(s).normalize());
        return new IntegrationSettings(dir, AppConfig.flag(section.get("integrations.allow-private-hosts"),
                "docs-assistant.integrations.allow-private-hosts", DEFAULTS.allowPrivateHosts));
    }
}
