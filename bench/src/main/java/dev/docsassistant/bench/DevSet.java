package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The development question sets and the corpora they run on: the shared ones
 * ({@code ../shared/eval/*-dev.jsonl}, part {@code dev}) and the project's own larger ones
 * ({@code bench/eval/*-more.jsonl}, parts {@code tune} and {@code aside}; see bench/eval/README.md).
 */
final class DevSet {
    static final List<String> CORPORA = List.of("mcp", "mintlify");

    /** @param part {@code dev} (the shared set), {@code tune} or {@code aside} (held back from tuning) */
    record Question(String q, List<String> expect, String kind, String version, String language, String part) {
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

    /** The shared set's questions. */
    static List<Question> questions(String corpus) throws IOException {
        return read(shared().resolve("eval").resolve(corpus + "-dev.jsonl"), "dev");
    }

    /** The parts a runner's {@code --parts=dev,tune} names; every part without it. */
    static List<String> parts(String[] args) {
        return List.of(args).stream().filter(a -> a.startsWith("--parts=")).map(a -> a.substring(8)).findFirst()
                .map(p -> List.of(p.split(","))).orElse(List.of("dev", "tune", "aside"));
    }

    /** The shared set's questions, then the project's own (when it has a set for the corpus). */
    static List<Question> all(String corpus) throws IOException {
        List<Question> out = new ArrayList<>(questions(corpus));
        Path more = repository().resolve("bench/eval").resolve(corpus + "-more.jsonl");
        if (Files.exists(more)) {
            out.addAll(read(more, null));
        }
        return out;
    }

    /** The repository's root: the folder holding {@code bench/eval}, walking up from the working directory. */
    private static Path repository() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("bench/eval"))) {
                return d;
            }
        }
        throw new IllegalStateException("no bench/eval folder above " + Path.of("").toAbsolutePath());
    }

    private static List<Question> read(Path file, String part) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<Question> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = mapper.readTree(line);
            List<String> expect = new ArrayList<>();
            n.path("expect").forEach(e -> expect.add(e.asText()));
            out.add(new Question(n.path("q").asText(), expect, n.path("kind").asText(),
                    n.hasNonNull("version") ? n.get("version").asText() : null,
                    n.hasNonNull("language") ? n.get("language").asText() : null,
                    part != null ? part : n.path("part").asText("tune")));
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
