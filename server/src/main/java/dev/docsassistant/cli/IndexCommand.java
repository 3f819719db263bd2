package dev.docsassistant.cli;

import dev.docsassistant.App;
import dev.docsassistant.Bootstrap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/** Loads and indexes every configured site, printing per-site statistics. */
@Command(name = "index", description = "Build the search indexes and print per-site stats.")
public final class IndexCommand implements Callable<Integer> {
    @Mixin
    ConfigOption config;

    @Override
    public Integer call() {
        try (App app = Bootstrap.start(config.load(), System.out)) {
            return 0;
        }
    }
}
