package dev.docsassistant.cli;

import dev.docsassistant.config.AppConfig;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The {@code --config FILE} option shared by the commands. */
public final class ConfigOption {
    @Option(names = "--config", paramLabel = "FILE",
            description = "YAML configuration (default: config/application.yaml of the installation)")
    Path file;

    /** The file given, else {@code $DOCS_ASSISTANT_HOME/config/application.yaml}, else ./config/application.yaml. */
    public Path path() {
        if (file != null) {
            return file;
        }
        String home = System.getenv("DOCS_ASSISTANT_HOME");
        return (home == null ? Path.of(".") : Path.of(home)).resolve("config/application.yaml");
    }

    public AppConfig load() {
        return AppConfig.load(path());
    }
}
