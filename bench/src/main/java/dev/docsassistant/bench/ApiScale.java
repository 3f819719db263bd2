package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PageApi;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;
import dev.docsassistant.render.Injected;
import dev.docsassistant.render.SiteAssets;
import dev.docsassistant.render.SiteRenderer;
import dev.docsassistant.search.BackgroundEmbedding;
import dev.docsassistant.search.LuceneSiteSearch;
import dev.docsassistant.search.SearchMode;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.search.SentenceEmbedder;
import dev.docsassistant.search.SharedVectors;
import dev.docsassistant.search.EmbeddingModel;
import dev.docsassistant.sites.Site;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The API reference at scale: the mintlify corpus (copied to a temporary folder) with and without one
 * more tab generated from a synthetic OpenAPI description of 1,000 operations (50 tags of 20). For each
 * form: the site's build (read, then indexed keyword-only and hybrid, wall and CPU time of this
 * process), the heap the built site holds (after full collections), and search p50 over the dev
 * questions; then the warm render of the 1,000 endpoint pages (wall and thread CPU per render) and
 * the heap once every endpoint page was rendered (bodies are kept per page).
 *
 * <p>The hybrid build of the form with the API tab is its first: the run's embedding cache is a fresh
 * one holding the corpus's vectors (copied from the benchmarks' cache) and none of the new sections', so
 * the build serves at once and the background worker embeds them afterwards; the time until every
 * vector is in (wall and CPU) is given apart, and searches are measured once it is.
 * Run: {@code bench/run ApiScale [rounds [render]]} ({@code render}: only the endpoint pages' renders, for a profiler).
 */
public final class ApiScale {
    static final int TAGS = 50;
    static final int PER_TAG = 20;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ApiScale() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        SentenceEmbedder.configureQuestions(1, false);
        Machine.header("API reference at scale");
        Path base = copy(DevSet.corpus("mintlify"), Files.createTempDirectory("docs-assistant-api-base-"));
        Path withApi = copy(DevSet.corpus("mintlify"), Files.createTempDirectory("docs-assistant-api-scale-"));
        Files.writeString(withApi.resolve("synthetic-openapi.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(spec()));
        addTab(withApi.resolve("docs.json"));
        System.out.printf(Locale.ROOT, "synthetic description: %d operations, %.1f MB%n", TAGS * PER_TAG,
                Files.size(withApi.resolve("synthetic-openapi.json")) / 1e6);
        // Warm-up: the JIT and the parser's classes, so neither form pays them alone.
        for (int i = 0; i < 2; i++) {
            SiteReader.read(base);
            SiteReader.read(withApi);
        }
        if (args.length > 1 && args[1].equals("render")) {
            // Only the endpoint pages' render, for profiling (BENCH_JAVA_OPTS=-XX:StartFlightRecording=…).
            Built only = new Built();
            only.content = SiteReader.read(withApi);
            Site site = new Site(new SiteConfig("mintlify", "bench", withApi, Optional.empty()), only.content, null, null);
            only.renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
            renders(only, rounds);
            return;
        }
        // A fresh embedding cache with the corpus's vectors (from the benchmarks' cache, as a second level) and
        // none of the synthetic sections': the hybrid build of the form with the API tab is its first.
        Path cache = Files.createTempDirectory("docs-assistant-api-cache-");
        LuceneSiteSearch seeded = LuceneSiteSearch.open(SiteReader.read(base), Files.createTempDirectory("docs-assistant-bench-"),
                SearchSettings.hybrid(cache).withShared(new CacheFile(SearchEval.EMBEDDINGS)));
        System.out.printf(Locale.ROOT, "embedding cache seeded with the corpus's vectors: %d sections embedded in %.1f s%n",
                seeded.embeddingsComputed(), seeded.embeddingSeconds());
        seeded.close();
        Built without = build("without", base, cache);
        Built with = build("with", withApi, cache);
        System.out.printf(Locale.ROOT, "difference: read %+.2f s (CPU %+.2f s), keyword build %+.2f s (CPU %+.2f s), hybrid build %+.2f s "
                        + "(CPU %+.2f s), heap %+d MB%n", with.readSeconds - without.readSeconds, with.readCpu - without.readCpu,
                with.keywordSeconds - without.keywordSeconds, with.keywordCpu - without.keywordCpu,
                with.hybridSeconds - without.hybridSeconds, with.hybridCpu - without.hybridCpu, with.heapMb - without.heapMb);
        // The new sections' vectors, embedded by the background worker while the site serves.
        int waiting = with.hybrid.sectionsWithoutVectors();
        double cpu = processCpu();
        long start = System.nanoTime();
        int embedded = with.hybrid.vectorsFilled().join();
        System.out.printf(Locale.ROOT, "background embedding: %d sections without vectors when served, %d embedded in %.1f s (CPU %.1f s);"
                        + " heap held with every vector in %+d MB against the site without the tab%n", waiting, embedded,
                (System.nanoTime() - start) / 1e9, processCpu() - cpu, usedHeapMb() - with.heapBefore - without.heapMb);
        searches(without, with, rounds);
        renders(with, rounds);
        System.out.printf(Locale.ROOT, "heap with every endpoint page rendered once: %+d MB against the site without them%n",
                usedHeapMb() - with.heapBefore - without.heapMb);
    }

    /** One form of the site, built: its content and its two indexes. */
    private static final class Built {
        SiteContent content;
        LuceneSiteSearch keyword;
        LuceneSiteSearch hybrid;
        SiteRenderer renderer;
        double readSeconds;
        double readCpu;
        double keywordSeconds;
        double keywordCpu;
        double hybridSeconds;
        double hybridCpu;
        long heapMb;
        long heapBefore;
    }

    private static Built build(String name, Path dir, Path cache) throws Exception {
        Built b = new Built();
        b.heapBefore = usedHeapMb();
        double cpu = processCpu();
        long start = System.nanoTime();
        b.content = SiteReader.read(dir);
        b.readSeconds = (System.nanoTime() - start) / 1e9;
        b.readCpu = processCpu() - cpu;
        cpu = processCpu();
        start = System.nanoTime();
        b.keyword = LuceneSiteSearch.open(b.content, Files.createTempDirectory("docs-assistant-bench-"), SearchSettings.KEYWORD);
        b.keywordSeconds = (System.nanoTime() - start) / 1e9;
        b.keywordCpu = processCpu() - cpu;
        cpu = processCpu();
        start = System.nanoTime();
        b.hybrid = LuceneSiteSearch.open(b.content, Files.createTempDirectory("docs-assistant-bench-"),
                SearchSettings.hybrid(cache).withBackground(BackgroundEmbedding.worker()));
        b.hybridSeconds = (System.nanoTime() - start) / 1e9;
        b.hybridCpu = processCpu() - cpu;
        b.heapMb = usedHeapMb() - b.heapBefore;
        Site site = new Site(new SiteConfig("mintlify", "bench", dir, Optional.empty()), b.content, b.hybrid, null);
        b.renderer = new SiteRenderer(site, SiteAssets.fromClassPath(), null, Injected.NONE);
        long problems = b.content.problems().stream().filter(p -> p.isError()).count();
        System.out.printf(Locale.ROOT, "%s: %d pages, %d errors; read %.2f s (CPU %.2f s); keyword index %.2f s (CPU %.2f s, %d sections); "
                        + "hybrid index %.2f s (CPU %.2f s, %d embedded, %d left to the background); heap held %d MB%n", name,
                b.content.pages().size(), problems, b.readSeconds, b.readCpu, b.keywordSeconds, b.keywordCpu, b.keyword.sectionCount(),
                b.hybridSeconds, b.hybridCpu, b.hybrid.embeddingsComputed(), b.hybrid.sectionsWithoutVectors(), b.heapMb);
        return b;
    }

    /** Search p50 over the mintlify dev questions, both modes, on the site without and with the API tab. */
    private static void searches(Built without, Built with, int rounds) throws IOException {
        List<SearchRequest> requests = DevSet.questions("mintlify").stream().map(q -> SearchEval.request(q, 10)).toList();
        for (SearchMode mode : SearchMode.values()) {
            LuceneSiteSearch a = mode == SearchMode.HYBRID ? without.hybrid : without.keyword;
            LuceneSiteSearch b = mode == SearchMode.HYBRID ? with.hybrid : with.keyword;
            search(a, requests, Math.max(5, rounds / 4));
            search(b, requests, Math.max(5, rounds / 4));
            // Interleaved rounds, so a change in the machine's load falls on both alike.
            List<long[]> as = new ArrayList<>();
            List<long[]> bs = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                as.add(search(a, requests, 1));
                bs.add(search(b, requests, 1));
            }
            long[] x = flat(as);
            long[] y = flat(bs);
            System.out.printf(Locale.ROOT, "search %s, %d queries: p50 %.3f ms without, %.3f ms with (p90 %.3f / %.3f ms)%n",
                    mode.name().toLowerCase(Locale.ROOT), x.length, pct(x, 50), pct(y, 50), pct(x, 90), pct(y, 90));
        }
    }

    private static long[] search(LuceneSiteSearch search, List<SearchRequest> requests, int rounds) {
        long[] nanos = new long[rounds * requests.size()];
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            for (SearchRequest request : requests) {
                long start = System.nanoTime();
                if (search.search(request).size() < 0) {
                    throw new AssertionError();
                }
                nanos[n++] = System.nanoTime() - start;
            }
        }
        return nanos;
    }

    /** The endpoint pages' first render, then warm ones: wall and thread CPU per render. */
    private static void renders(Built with, int rounds) {
        List<String> paths = with.content.pages().stream().filter(Page::isPublic)
                .filter(p -> p.api() instanceof PageApi.Operation && p.path().startsWith("synthetic/"))
                .map(p -> "/" + PagePaths.withoutIndex(p.path())).toList();
        long[] cold = new long[paths.size()];
        long bytes = 0;
        for (int i = 0; i < paths.size(); i++) {
            long start = System.nanoTime();
            SiteRenderer.Result r = with.renderer.render(paths.get(i), "", null);
            cold[i] = System.nanoTime() - start;
            if (!(r instanceof SiteRenderer.HtmlPage page) || page.status() != 200) {
                throw new IllegalStateException(paths.get(i) + ": " + r);
            }
            bytes += page.html().length();
        }
        long[] wall = new long[paths.size() * rounds];
        long[] cpu = new long[wall.length];
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            for (String path : paths) {
                long c = THREADS.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                with.renderer.render(path, "", null);
                wall[n] = System.nanoTime() - start;
                cpu[n++] = THREADS.getCurrentThreadCpuTime() - c;
            }
        }
        Arrays.sort(cold);
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "endpoint pages: %d, %.0f KB HTML on average; first render p50 %.2f ms, p99 %.2f ms; "
                        + "warm p50 %.3f ms (CPU %.3f ms), p90 %.3f ms (CPU %.3f ms), p99 %.3f ms (CPU %.3f ms)%n", paths.size(),
                bytes / 1024.0 / paths.size(), pct(cold, 50), pct(cold, 99), pct(wall, 50), pct(cpu, 50), pct(wall, 90),
                pct(cpu, 90), pct(wall, 99), pct(cpu, 99));
    }

    /** The heap in use after full collections (until it stops shrinking), in MB. */
    private static long usedHeapMb() {
        long last = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (used >= last) {
                break;
            }
            last = used;
        }
        return last / (1024 * 1024);
    }

    private static double processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }

    private static long[] flat(List<long[]> parts) {
        long[] all = parts.stream().flatMapToLong(Arrays::stream).toArray();
        Arrays.sort(all);
        return all;
    }

    private static double pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1e6;
    }

    /**
     * An embedding cache folder read as a second level (read-only): the benchmarks' vectors of the corpus,
     * copied into a run's fresh cache as the sections ask for them. Records are the local cache's: a
     * 32-byte key, then the vector's floats.
     */
    private static final class CacheFile implements SharedVectors {
        private final Path dir;
        private final java.util.Map<String, java.util.Map<String, float[]>> byModel = new java.util.HashMap<>();

        CacheFile(Path dir) {
            this.dir = dir;
        }

        @Override
        public synchronized java.util.Map<String, float[]> find(String model, java.util.Collection<String> keys) {
            java.util.Map<String, float[]> all = byModel.computeIfAbsent(model, this::read);
            java.util.Map<String, float[]> found = new java.util.HashMap<>();
            keys.forEach(k -> {
                if (all.containsKey(k)) {
                    found.put(k, all.get(k));
                }
            });
            return found;
        }

        private java.util.Map<String, float[]> read(String model) {
            java.util.Map<String, float[]> vectors = new java.util.HashMap<>();
            try {
                Path file = dir.resolve(model + ".vectors");
                if (!Files.isRegularFile(file)) {
                    return vectors;
                }
                byte[] bytes = Files.readAllBytes(file);
                int record = 32 + EmbeddingModel.parse(model).dimension() * Float.BYTES;
                for (int at = 0; at + record <= bytes.length; at += record) {
                    vectors.put(java.util.HexFormat.of().formatHex(bytes, at, at + 32),
                            SharedVectors.floats(Arrays.copyOfRange(bytes, at + 32, at + record)));
                }
                return vectors;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void add(String model, java.util.Map<String, float[]> vectors) {
            // read-only: the run's own cache keeps what it computes
        }
    }

    /** docs.json with one more tab of the English navigation, generated from the synthetic description. */
    private static void addTab(Path docsJson) throws IOException {
        ObjectNode docs = (ObjectNode) JSON.readTree(docsJson.toFile());
        ArrayNode tabs = (ArrayNode) docs.path("navigation").path("languages").get(0).path("tabs");
        tabs.addObject().put("tab", "Synthetic API").putObject("openapi")
                .put("source", "synthetic-openapi.json").put("directory", "synthetic");
        JSON.writeValue(docsJson.toFile(), docs);
    }

    /**
     * 50 resources of 20 operations each: list, create, get, replace, update, delete and 14 actions;
     * path, query and header parameters, JSON bodies and responses by reference to shared schemas.
     */
    static ObjectNode spec() {
        ObjectNode spec = JSON.createObjectNode().put("openapi", "3.0.3");
        spec.putObject("info").put("title", "Synthetic API").put("version", "1.0.0");
        spec.putArray("servers").addObject().put("url", "https://api.example.com/v1");
        ObjectNode paths = spec.putObject("paths");
        ObjectNode schemas = spec.putObject("components").putObject("schemas");
        schemas.putObject("Error").put("type", "object").putArray("required").add("code");
        ((ObjectNode) schemas.path("Error")).putObject("properties").putObject("code").put("type", "integer");
        for (int t = 0; t < TAGS; t++) {
            String tag = "Resource" + t;
            String plural = "/resources-" + t;
            ObjectNode schema = schemas.putObject(tag).put("type", "object");
            schema.putArray("required").add("id").add("name");
            ObjectNode props = schema.putObject("properties");
            props.putObject("id").put("type", "string").put("format", "uuid").put("readOnly", true);
            props.putObject("name").put("type", "string").put("maxLength", 100).put("example", "item " + t);
            props.putObject("status").put("type", "string").putArray("enum").add("active").add("archived");
            props.putObject("tags").put("type", "array").putObject("items").put("type", "string");
            props.putObject("owner").putObject("properties").putObject("email").put("type", "string").put("format", "email");
            props.putObject("created").put("type", "string").put("format", "date-time").put("readOnly", true);
            ObjectNode collection = paths.putObject(plural);
            op(collection, "get", tag, "List " + tag.toLowerCase(Locale.ROOT) + " items", true, false);
            op(collection, "post", tag, "Create a " + tag.toLowerCase(Locale.ROOT) + " item", false, true);
            ObjectNode one = paths.putObject(plural + "/{id}");
            one.putArray("parameters").addObject().put("name", "id").put("in", "path").put("required", true)
                    .putObject("schema").put("type", "string");
            op(one, "get", tag, "Get a " + tag.toLowerCase(Locale.ROOT) + " item", false, false);
            op(one, "put", tag, "Replace a " + tag.toLowerCase(Locale.ROOT) + " item", false, true);
            op(one, "patch", tag, "Update a " + tag.toLowerCase(Locale.ROOT) + " item", false, true);
            op(one, "delete", tag, "Delete a " + tag.toLowerCase(Locale.ROOT) + " item", false, false);
            for (int a = 0; a < PER_TAG - 6; a++) {
                ObjectNode action = paths.putObject(plural + "/{id}/action-" + a);
                action.putArray("parameters").addObject().put("name", "id").put("in", "path").put("required", true)
                        .putObject("schema").put("type", "string");
                op(action, "post", tag, "Run action " + a + " on a " + tag.toLowerCase(Locale.ROOT) + " item", false, a % 2 == 0);
            }
        }
        return spec;
    }

    private static void op(ObjectNode path, String method, String tag, String summary, boolean list, boolean body) {
        ObjectNode op = path.putObject(method).put("summary", summary)
                .put("operationId", method + summary.replaceAll("[^A-Za-z0-9]", ""))
                .put("description", summary + ". Requires the `" + tag.toLowerCase(Locale.ROOT) + ":write` scope for changes.");
        op.putArray("tags").add(tag);
        ArrayNode params = op.putArray("parameters");
        params.addObject().put("name", "X-Request-Id").put("in", "header").put("description", "Idempotency key")
                .putObject("schema").put("type", "string");
        if (list) {
            params.addObject().put("name", "limit").put("in", "query").putObject("schema").put("type", "integer")
                    .put("minimum", 1).put("maximum", 100).put("default", 20);
            params.addObject().put("name", "cursor").put("in", "query").putObject("schema").put("type", "string");
        }
        String ref = "#/components/schemas/" + tag;
        if (body) {
            op.putObject("requestBody").put("required", true).putObject("content").putObject("application/json")
                    .putObject("schema").put("$ref", ref);
        }
        ObjectNode responses = op.putObject("responses");
        ObjectNode ok = responses.putObject("200").put("description", "OK").putObject("content").putObject("application/json")
                .putObject("schema");
        if (list) {
            ok.put("type", "object").putObject("properties").putObject("data").put("type", "array").putObject("items").put("$ref", ref);
        } else {
            ok.put("$ref", ref);
        }
        responses.putObject("404").put("description", "Not found").putObject("content").putObject("application/json")
                .putObject("schema").put("$ref", "#/components/schemas/Error");
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }
}
