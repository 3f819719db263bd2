package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The shared development question sets ({@code ../shared/eval/*-dev.jsonl}) and the corpora they run on. */
final class DevSet {
    static final List<String> CORPORA = List.of("mcp", "mintlify");

    record Question(String q, List<String> expect, String kind, String version, String language) {
        boolean answerable() {
            return !expect.isEmpty();
        }

        /** The breakdown bucket beside the kind: {@code version}, {@code language} or {@code default}. */
        String scope() {
            return version != null ? "version" : language != null ? "language" : "default";
        }
    }

    private DevSet() {
    }

    /** The {@code shared} folder: found beside the repository, walking up from the working directory. */
    static Path shared() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("shared/corpora"))) {
                return d.resolve("shared");
            }
        }
        throw new IllegalStateException("no shared/corpora folder above " + Path.of("").toAbsolutePath());
    }

    static Path corpus(String name) {
        return shared().resolve("corpora").resolve(name);
    }

    static List<Question> questions(String corpus) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<Question> out = new ArrayList<>();
        for (String line : Files.readAllLines(shared().resolve("eval").resolve(corpus + "-dev.jsonl"))) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = mapper.readTree(line);
            List<String> expect = new ArrayList<>();
            n.path("expect").forEach(e -> expect.add(e.asText()));
            out.add(new Question(n.path("q").asText(), expect, n.path("kind").asText(),
                    n.hasNonNull("version") ? n.get("version").asText() : null,
                    n.hasNonNull("language") ? n.get("language").asText() : null));
        }
        return out;
    }

    /** A result path in the scorer's form: no host, anchor, query, leading slash, extension or trailing index. */
    static String norm(String path) {
        String p = path.replaceFirst("^[a-z]+://[^/]+", "").split("[#?]")[0];
        p = p.replaceAll("^/+|/+$", "").replaceFirst("\\.mdx?$", "");
        return p.replaceFirst("(^|/)index$", "");
    }
}
