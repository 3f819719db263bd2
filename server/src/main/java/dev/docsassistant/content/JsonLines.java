package dev.docsassistant.content;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import dev.docsassistant.config.Mappers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Places problems found by JSON Pointer (in docs.json and the files its {@code $ref}s include) at the
 * line and column where the pointed-at key or value starts, so an editor or terminal can jump there.
 */
final class JsonLines {
    private JsonLines() {
    }

    /** The problems, those of JSON files placed by their pointer where the file still has it. */
    static List<SiteProblem> place(Path siteDir, List<SiteProblem> problems) {
        Map<String, Optional<String>> texts = new HashMap<>();
        List<SiteProblem> placed = new ArrayList<>(problems.size());
        for (SiteProblem p : problems) {
            if (p.line() == 0 && p.file().endsWith(".json") && p.location().startsWith("/")) {
                Optional<String> text = texts.computeIfAbsent(p.file(), f -> read(siteDir.resolve(f)));
                int[] at = text.map(t -> locate(t, p.location())).orElse(null);
                placed.add(at == null ? p : p.placed(at[0], at[1]));
            } else {
                placed.add(p);
            }
        }
        return placed;
    }

    /** Line and column (1-based) of the key or value at {@code pointer}, or null when the text has none there. */
    static int[] locate(String json, String pointer) {
        try (JsonParser parser = Mappers.JSON.getFactory().createParser(json)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                JsonStreamContext context = parser.getParsingContext();
                if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY) {
                    context = context.getParent(); // the container itself sits at its parent's current place
                }
                if (context != null && context.pathAsPointer().toString().equals(pointer)) {
                    JsonLocation at = parser.currentTokenLocation();
                    return new int[]{at.getLineNr(), at.getColumnNr()};
                }
            }
        } catch (IOException e) {
            // not valid JSON (reported on its own): no place to give
        }
        return null;
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
