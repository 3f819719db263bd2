package dev.docsassistant.cli;

import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.deploy.SiteCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * Checks a docs folder offline exactly as a deployment is checked on the server: exit 1 when it has
 * errors (docs.json unreadable or invalid, a navigation page without a file, a snippet not found, a
 * page that cannot be read, invalid integration settings), which would make a deployment fail.
 * Broken internal links are warnings, as on the server; {@code --strict} fails on them too.
 */
@Command(name = "check", description = "Check a docs folder as a deployment would; exit 1 on errors.")
public final class CheckCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FOLDER", description = "The docs folder (holding docs.json)")
    Path folder;

    @Option(names = "--strict", description = "Fail on warnings too (broken links, redirects left out, ...)")
    boolean strict;

    @Mixin
    PluginsOption plugins;

    @Override
    public Integer call() {
        if (!Files.isDirectory(folder)) {
            System.err.println("not a folder: " + folder);
            return 2;
        }
        SiteCheck.Result result = SiteCheck.check(folder, plugins.load());
        long errors = result.problems().stream().filter(SiteProblem::isError).count();
        long warnings = result.problems().size() - errors;
        result.problems().stream().filter(SiteProblem::isError).forEach(p -> System.out.println("error: " + p));
        result.problems().stream().filter(p -> !p.isError()).forEach(p -> System.out.println("warning: " + p));
        System.err.println(folder + ": " + result.content().pages().size() + " pages, " + errors + " error"
                + (errors == 1 ? "" : "s") + ", " + warnings + " warning" + (warnings == 1 ? "" : "s"));
        return errors > 0 || (strict && warnings > 0) ? 1 : 0;
    }
}
