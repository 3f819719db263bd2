package dev.docsassistant.cli;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.integrations.spi.Problem;
import dev.docsassistant.content.DocsJson;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.content.SiteReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Checks sites: their docs.json {@code integrations} (errors and warnings) and, for a site folder,
 * everything loading reports (as warnings). Exit status 1 when any error was found.
 */
@Command(name = "validate", description = "Check a docs.json or a site folder; exit 1 on errors.")
public final class ValidateCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "PATH", description = "A docs.json file or a site folder holding one")
    List<Path> paths;

    @Option(names = "--format", defaultValue = "text", paramLabel = "FORMAT",
            description = "text (one line per problem) or json")
    String format;

    @Mixin
    PluginsOption plugins;

    /** One problem as printed: where, what, how bad. */
    record Finding(String file, String pointer, String code, String message, Object value, boolean error) {
        String line() {
            String where = pointer.startsWith("/") ? file + "#" + pointer
                    : file + (pointer.isEmpty() ? "" : " (" + pointer + ")");
            return (error ? "" : "warning: ") + where + ": " + message;
        }
    }

    @Override
    public Integer call() throws Exception {
        if (!format.equals("text") && !format.equals("json")) {
            System.err.println("--format must be text or json, not '" + format + "'");
            return 2;
        }
        Integrations integrations = plugins.load();
        boolean anyError = false;
        List<Map<String, Object>> reports = new ArrayList<>();
        for (Path path : paths) {
            List<Finding> findings = check(path, integrations);
            boolean errors = findings.stream().anyMatch(Finding::error);
            anyError |= errors;
            if (format.equals("json")) {
                Map<String, Object> report = new LinkedHashMap<>();
                report.put("path", path.toString());
                report.put("valid", !errors);
                report.put("problems", findings.stream().map(f -> {
                    Map<String, Object> p = new LinkedHashMap<>();
                    p.put("file", f.file());
                    p.put("pointer", f.pointer());
                    p.put("code", f.code());
                    p.put("message", f.message());
                    p.put("severity", f.error() ? "error" : "warning");
                    p.put("value", f.value());
                    return p;
                }).toList());
                reports.add(report);
            } else {
                if (paths.size() > 1) {
                    System.out.println("== " + path);
                }
                findings.forEach(f -> System.out.println(f.line()));
                long e = findings.stream().filter(Finding::error).count();
                System.err.println(path + ": " + e + " error" + (e == 1 ? "" : "s") + ", " + (findings.size() - e)
                        + " warning" + (findings.size() - e == 1 ? "" : "s"));
            }
        }
        if (format.equals("json")) {
            System.out.println(Mappers.JSON.writeValueAsString(reports));
        }
        return anyError ? 1 : 0;
    }

    static List<Finding> check(Path path, Integrations integrations) {
        Path dir = Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
        String file = Files.isDirectory(path) ? "docs.json" : path.getFileName().toString();
        List<SiteProblem> siteProblems;
        JsonNode docsJson;
        if (Files.isDirectory(path)) {
            SiteContent content = SiteReader.read(path);
            siteProblems = content.problems();
            docsJson = content.docsJson().isMissingNode() ? null : content.docsJson();
        } else {
            siteProblems = new ArrayList<>();
            docsJson = file.equals("docs.json") ? DocsJson.read(dir, siteProblems) : readPlain(path, siteProblems);
        }
        List<Finding> errors = new ArrayList<>();
        List<Finding> warnings = new ArrayList<>();
        if (docsJson == null) {
            // A missing or unparsable docs.json is the one site problem that is an error: nothing can be checked.
            siteProblems.stream().filter(p -> p.file().equals(file)).findFirst().ifPresentOrElse(
                    p -> errors.add(new Finding(file, p.location(), "unreadable", p.message(), null, true)),
                    () -> errors.add(new Finding(file, "", "unreadable", "cannot read docs.json", null, true)));
        } else if (!docsJson.isObject()) {
            errors.add(new Finding(file, "/", "invalid-type", "docs.json must hold a JSON object", null, true));
        } else {
            for (Problem p : integrations.validate(docsJson.get("integrations"))) {
                (p.isError() ? errors : warnings).add(new Finding(file, p.pointer(), p.code(), p.message(), p.value(),
                        p.isError()));
            }
        }
        if (docsJson != null) {
            siteProblems.forEach(p -> warnings.add(new Finding(p.file(), p.location(), "site", p.message(), null, false)));
        }
        List<Finding> all = new ArrayList<>(errors);
        all.addAll(warnings);
        return all;
    }

    private static JsonNode readPlain(Path file, List<SiteProblem> problems) {
        try {
            return Mappers.JSON.readTree(file.toFile());
        } catch (Exception e) {
            problems.add(new SiteProblem(file.getFileName().toString(), "", "invalid JSON: " + e.getMessage()));
            return null;
        }
    }
}
