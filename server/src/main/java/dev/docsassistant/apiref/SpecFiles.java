package dev.docsassistant.apiref;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads the files of one specification as JSON or YAML trees, within a size budget shared by the
 * specification and every file it references: a 20 MB document is a reported problem, not minutes
 * of parsing and a page nobody can read.
 */
final class SpecFiles {
    /** Bytes one specification may hold, its referenced files included. */
    static final long MAX_BYTES = 10L * 1024 * 1024;

    private final Path siteDir;
    private long bytes;

    SpecFiles(Path siteDir) {
        this.siteDir = siteDir;
    }

    /** The file's tree, or empty with the problem added (too big, unreadable, not JSON or YAML). */
    Optional<JsonNode> tree(Path file, List<SpecProblem> problems) {
        String name = relative(siteDir, file);
        try {
            long size = Files.size(file);
            bytes += size;
            if (bytes > MAX_BYTES) {
                problems.add(new SpecProblem(name, "", "too large: " + (size / 1024) + " KB (an API description and its "
                        + "referenced files may hold " + (MAX_BYTES / 1024 / 1024) + " MB); not read"));
                return Optional.empty();
            }
            String text = Files.readString(file);
            boolean json = name.endsWith(".json") || text.stripLeading().startsWith("{");
            JsonNode tree = (json ? Mappers.JSON : Mappers.YAML).readTree(text);
            if (tree == null || !tree.isObject()) {
                problems.add(new SpecProblem(name, "", "not a JSON or YAML object"));
                return Optional.empty();
            }
            return Optional.of(tree);
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            // Jackson's text names its settings: say what is wrong with the file instead.
            problems.add(new SpecProblem(name, "", "nested deeper than " + Mappers.MAX_NESTING + " levels; not read"));
            return Optional.empty();
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            int column = e.getLocation() == null ? 0 : e.getLocation().getColumnNr();
            problems.add(new SpecProblem(name, line > 0 ? "line " + line + ", column " + column : "",
                    "invalid " + (name.endsWith(".json") ? "JSON" : "YAML") + ": " + e.getOriginalMessage(), Math.max(line, 0), Math.max(column, 0)));
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            problems.add(new SpecProblem(name, "", "unreadable: " + e.getMessage()));
            return Optional.empty();
        }
    }

    static String relative(Path siteDir, Path file) {
        return siteDir.relativize(file).toString().replace('\\', '/');
    }

    /** Whether {@code path} resolves (links followed) inside the site folder's real path. */
    static boolean inside(Path siteDir, Path path) {
        try {
            return path.toRealPath().startsWith(siteDir.toRealPath());
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
