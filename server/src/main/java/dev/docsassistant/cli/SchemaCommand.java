package dev.docsassistant.cli;

import dev.docsassistant.config.Mappers;
import dev.docsassistant.integrations.IntegrationsSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/** Prints the JSON Schema of docs.json {@code integrations}, generated from the installed plugins. */
@Command(name = "schema", description = "Print the JSON Schema of the docs.json integrations object.")
public final class SchemaCommand implements Callable<Integer> {
    @Mixin
    PluginsOption plugins;

    @Override
    public Integer call() throws Exception {
        System.out.println(Mappers.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(IntegrationsSchema.of(plugins.load().registry())));
        return 0;
    }
}
