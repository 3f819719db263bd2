package dev.docsassistant.apiref;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The API descriptions of one site folder, each read once however many pages name it. A reference
 * is a path in the site ({@code /openapi.json}, {@code api/spec.yaml}) or a URL, read by the process's
 * {@link UrlReader} (none by default: sites are built offline, and a URL is reported as not fetched);
 * a fetched description's own {@code $ref}s to other files are not followed. Problems are collected,
 * never thrown.
 */
public final class ApiSpecs {
    /** Reads a description named by URL, at build time. */
    public interface UrlReader {
        /**
         * @return the document's bytes
         * @throws IllegalStateException with the reason it was not read, reported as the description's problem
         */
        byte[] read(String url);
    }

    /** No URL is read: sites are built offline. */
    public static final UrlReader OFFLINE = url -> {
        throw new IllegalStateException("API description by URL is not fetched (sites are built offline;"
                + " docs-assistant.api-specs.fetch-urls turns fetching on): " + url);
    };
    private static volatile UrlReader urls = OFFLINE;

    /** How this process reads descriptions named by URL (from its configuration); {@link #OFFLINE} by default. */
    public static void readUrlsWith(UrlReader reader) {
        urls = reader;
    }

    private final Path dir;
    private final List<SpecProblem> problems = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Optional<OpenApiSpec>> openApi = new ConcurrentHashMap<>();
    private final Map<String, Optional<AsyncApiSpec>> asyncApi = new ConcurrentHashMap<>();

    public ApiSpecs(Path siteDir) {
        this.dir = siteDir.toAbsolutePath().normalize();
    }

    public List<SpecProblem> problems() {
        synchronized (problems) {
            return List.copyOf(problems);
        }
    }

    /** Whether {@code ref} names a file of the site that exists (a candidate spec, before it is read). */
    public boolean exists(String ref) {
        if (isUrl(ref)) {
            return urls != OFFLINE;
        }
        Path p = path(ref);
        return p != null && Files.isRegularFile(p) && SpecFiles.inside(dir, p);
    }

    /** The OpenAPI document {@code ref} names, read and checked, or empty with its problems reported. */
    public Optional<OpenApiSpec> openApi(String ref) {
        if (isUrl(ref)) {
            return openApi.computeIfAbsent(ref.strip(), url -> fetched(url, (root, file) -> readOpenApi(url, file, root)));
        }
        Path p = path(ref);
        if (p == null) {
            return Optional.empty();
        }
        return openApi.computeIfAbsent(SpecFiles.relative(dir, p), name -> readOpenApi(name, p, dir));
    }

    private static boolean isUrl(String ref) {
        return ref.strip().matches("^[a-zA-Z][a-zA-Z0-9+.-]*://.*");
    }

    /**
     * A description fetched by URL, read from a folder of its own that is deleted afterwards: its
     * {@code $ref}s to other files find nothing there (reported), and never reach the site's files.
     */
    private <T> Optional<T> fetched(String url, java.util.function.BiFunction<Path, Path, Optional<T>> read) {
        byte[] bytes;
        try {
            bytes = urls.read(url);
        } catch (IllegalStateException e) {
            report(new SpecProblem("docs.json", "", e.getMessage()));
            return Optional.empty();
        }
        Path root = null;
        try {
            root = Files.createTempDirectory("docs-assistant-spec-");
            String text = new String(bytes, 0, Math.min(bytes.length, 64), java.nio.charset.StandardCharsets.UTF_8).strip();
            Path file = Files.write(root.resolve(text.startsWith("{") ? "description.json" : "description.yaml"), bytes);
            return read.apply(root.toRealPath(), file.toRealPath());
        } catch (java.io.IOException e) {
            report(new SpecProblem(url, "", "the fetched description could not be kept for reading: " + e.getMessage()));
            return Optional.empty();
        } finally {
            deleteAll(root);
        }
    }

    private static void deleteAll(Path root) {
        if (root == null) {
            return;
        }
        try (var files = Files.walk(root)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (java.io.IOException e) {
            // a temporary folder left behind; the system's cleaning removes it
        }
    }

    /** The AsyncAPI document {@code ref} names, or empty with its problems reported. */
    public Optional<AsyncApiSpec> asyncApi(String ref) {
        Path p = path(ref);
        if (p == null) {
            return Optional.empty();
        }
        return asyncApi.computeIfAbsent(SpecFiles.relative(dir, p), name -> {
            List<SpecProblem> found = new ArrayList<>();
            Optional<AsyncApiSpec> spec = readable(name, p, dir, found)
                    .flatMap(tree -> new SpecFiles(dir).tree(p, found))
                    .flatMap(tree -> AsyncApiSpec.of(name, tree, found));
            problems.addAll(found);
            return spec;
        });
    }

    /** The file a reference names inside the site, or null (reported) for a URL or a path outside. */
    private Path path(String ref) {
        String r = ref.strip();
        if (isUrl(r)) {
            report(new SpecProblem("docs.json", "", "an AsyncAPI description by URL is not fetched: " + r));
            return null;
        }
        Path p = dir.resolve(r.startsWith("/") ? r.substring(1) : r).normalize();
        if (!p.startsWith(dir)) {
            report(new SpecProblem("docs.json", "", "API description outside the site folder: " + r));
            return null;
        }
        return p;
    }

    private void report(SpecProblem problem) {
        synchronized (problems) {
            if (!problems.contains(problem)) {
                problems.add(problem);
            }
        }
    }

    private Optional<JsonNode> readable(String name, Path p, Path root, List<SpecProblem> found) {
        if (!Files.isRegularFile(p)) {
            found.add(new SpecProblem(name, "", "API description not found"));
            return Optional.empty();
        }
        if (!SpecFiles.inside(root, p)) {
            found.add(new SpecProblem(name, "", "symbolic link leading outside the site folder: not read"));
            return Optional.empty();
        }
        return Optional.of(com.fasterxml.jackson.databind.node.MissingNode.getInstance());
    }

    /** @param root the folder the description and its {@code $ref}s must stay in */
    private Optional<OpenApiSpec> readOpenApi(String name, Path p, Path root) {
        List<SpecProblem> found = new ArrayList<>();
        try {
            SpecFiles files = new SpecFiles(root);
            Optional<JsonNode> tree = readable(name, p, root, found).flatMap(ok -> files.tree(p, found));
            if (tree.isEmpty()) {
                return Optional.empty();
            }
            if (!tree.get().has("openapi") && !tree.get().has("swagger")) {
                found.add(new SpecProblem(name, "", "not an OpenAPI document (no 'openapi' or 'swagger' field)"));
                return Optional.empty();
            }
            if (!ExternalRefs.check(root, p, tree.get(), files, found)) {
                return Optional.empty();
            }
            ParseOptions options = new ParseOptions();
            options.setResolve(true); // other files' $refs come into the document's components
            SwaggerParseResult result = new OpenAPIParser().readLocation(p.toString(), null, options);
            if (result.getMessages() != null) {
                result.getMessages().stream().limit(50).forEach(m -> found.add(ParserMessages.problem(name, m)));
            }
            if (result.getOpenAPI() == null) {
                if (found.isEmpty()) {
                    found.add(new SpecProblem(name, "", "not a readable OpenAPI document"));
                }
                return Optional.empty();
            }
            OpenApiSpec spec = new OpenApiSpec(name, result.getOpenAPI());
            for (Endpoint e : spec.endpoints()) {
                int count = e.parameters().size();
                if (count > Endpoint.MAX_PARAMETERS) {
                    found.add(SpecProblem.remark(name, (e.webhook() ? "webhooks." : "paths.") + e.path() + "." + e.method().toLowerCase(java.util.Locale.ROOT),
                            e.key() + " has " + count + " parameters; its page shows the first " + Endpoint.MAX_PARAMETERS));
                }
            }
            found.addAll(RecursiveSchemas.of(name, result.getOpenAPI()));
            return Optional.of(spec);
        } catch (RuntimeException | StackOverflowError e) {
            found.add(new SpecProblem(name, "", "the OpenAPI parser failed: " + e));
            return Optional.empty();
        } finally {
            problems.addAll(found);
        }
    }
}
