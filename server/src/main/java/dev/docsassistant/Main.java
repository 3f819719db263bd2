package dev.docsassistant;

import dev.docsassistant.app.StartRefused;
import dev.docsassistant.cli.DevCommand;
import dev.docsassistant.cli.CheckCommand;
import dev.docsassistant.cli.DeployCommand;
import dev.docsassistant.cli.DeploymentsCommand;
import dev.docsassistant.cli.IndexCommand;
import dev.docsassistant.cli.KeysCommand;
import dev.docsassistant.cli.PluginsCommand;
import dev.docsassistant.cli.ReadersCommand;
import dev.docsassistant.cli.RollbackCommand;
import dev.docsassistant.cli.SchemaCommand;
import dev.docsassistant.cli.TrainCommand;
import dev.docsassistant.cli.ServeCommand;
import dev.docsassistant.cli.SitesCommand;
import dev.docsassistant.cli.UsersCommand;
import dev.docsassistant.cli.ValidateCommand;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.transport.SharedMappers;
import io.helidon.logging.common.LogConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code docs-assistant} command line. */
@Command(name = "docs-assistant",
        mixinStandardHelpOptions = true,
        version = "docs-assistant 0.1.0",
        description = "Self-hostable documentation platform: assistant, search and rendered docs sites.",
        subcommands = {ServeCommand.class, DevCommand.class, IndexCommand.class, KeysCommand.class, UsersCommand.class, ValidateCommand.class,
                SchemaCommand.class, PluginsCommand.class, TrainCommand.class, DeployCommand.class, CheckCommand.class,
                SitesCommand.class, DeploymentsCommand.class, RollbackCommand.class, ReadersCommand.class})
public final class Main {

    public static void main(String[] args) {
        SharedMappers.install(); // before anything asks Helidon for one (see the class)
        LogConfig.configureRuntime(); // one-line records from logging.properties
        int code = new CommandLine(new Main())
                .setExecutionExceptionHandler((e, cmd, parsed) -> {
                    if (e instanceof StartRefused) {
                        System.err.println(cmd.getCommandName() + ": " + e.getMessage());
                        return 1;
                    }
                    if (e instanceof ConfigException) {
                        System.err.println("configuration error: " + e.getMessage()); // the message names the key
                        return 2;
                    }
                    throw e;
                })
                .execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }
}
