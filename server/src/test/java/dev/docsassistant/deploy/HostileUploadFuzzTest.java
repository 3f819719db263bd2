package dev.docsassistant.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bounded fuzz of uploaded sites (fixed seed, {@value #UPLOADS} uploads on loopback, each settled within
 * the deploy helper's timeout): hostile docs.json and MDX shapes mixed with random sizes and depths.
 * Whatever arrives, every deployment ends (never stays {@code building}), a failed one names its problems
 * without a parser's or the JVM's words, and every page of an active one answers neither a 4xx that
 * blames the request nor a 5xx.
 */
class HostileUploadFuzzTest {
    private static final long SEED = 42;
    private static final int UPLOADS = 14;
    private static final List<String> INTERNAL_WORDS = List.of("Exception", "StreamReadConstraints", "Error:", "at com.", "at dev.");

    /** One hostile shape: writes into the site folder, given the random depth it may use. */
    private record Shape(String name, Function<Random, String> page, Function<Random, String> docsJson) {
    }

    private static final List<Shape> SHAPES = List.of(
            new Shape("quotes", r -> "> ".repeat(depth(r)) + "deep\n", r -> null),
            new Shape("lists", r -> "- ".repeat(depth(r)) + "deep\n", r -> null),
            new Shape("mixed containers", r -> "> - 1. ".repeat(depth(r) / 3 + 1) + "deep\n", r -> null),
            new Shape("components", r -> {
                int d = depth(r);
                return "<Note>\n".repeat(d) + "deep\n" + "</Note>\n".repeat(d);
            }, r -> null),
            new Shape("unclosed components", r -> "<Card title=\"x\">".repeat(depth(r)) + "\n", r -> null),
            new Shape("emphasis", r -> {
                int d = depth(r);
                return "*a ".repeat(d) + "deep" + " b*".repeat(d) + "\n";
            }, r -> null),
            new Shape("links", r -> "[".repeat(depth(r)) + "x" + "](/)".repeat(depth(r)) + "\n", r -> null),
            new Shape("front matter nesting", r -> null, r -> null),
            new Shape("docs.json nesting", r -> "Hello.\n", r -> {
                int d = depth(r) * 4;
                return "{\"name\": \"N\", \"navigation\": {\"pages\": [\"index\", \"p\"]}, \"x\": " + "[".repeat(d) + "]".repeat(d) + "}";
            }),
            new Shape("docs.json size", r -> "Hello.\n", r -> {
                StringBuilder pages = new StringBuilder();
                int target = (4 << 20) + r.nextInt(2 << 20);
                while (pages.length() < target) {
                    pages.append("\"p").append(Long.toHexString(r.nextLong())).append("\",");
                }
                return "{\"name\": \"Big\", \"navigation\": {\"pages\": [" + pages + "\"index\"]}}";
            }));

    /** Between a depth real pages have and one no recursion survives. */
    private static int depth(Random r) {
        return switch (r.nextInt(3)) {
            case 0 -> 5 + r.nextInt(25);
            case 1 -> 30 + r.nextInt(500);
            default -> 10_000 + r.nextInt(40_000);
        };
    }

    @Test
    void everyHostileUploadEndsAndNoPageBlamesTheRequest() throws Exception {
        Random random = new Random(SEED);
        Path dir = TempDirs.create("docs-assistant-upload-fuzz-");
        List<String> failures = new ArrayList<>();
        try (DeployServer server = DeployServer.start(dir.resolve("server"), "")) {
            for (int i = 0; i < UPLOADS; i++) {
                Shape shape = SHAPES.get(i < SHAPES.size() ? i : random.nextInt(SHAPES.size()));
                Path folder = dir.resolve("site-" + i);
                String docsJson = shape.docsJson().apply(random);
                TestSites site = new TestSites(folder).file("docs.json", docsJson != null ? docsJson
                        : "{\"name\": \"Fuzz\", \"navigation\": {\"pages\": [\"index\", \"p\"]}}").page("index", "Hello.", "title: Home");
                if (shape.name().equals("front matter nesting")) {
                    int d = depth(random);
                    Files.writeString(folder.resolve("p.mdx"), "---\ntitle: T\nx: " + "[".repeat(d) + "]".repeat(d) + "\n---\nBody.\n",
                            StandardCharsets.UTF_8);
                } else {
                    String page = shape.page().apply(random);
                    site.page("p", page == null ? "Plain." : page, "title: P");
                }
                JsonNode d = server.deploy("docs", folder);
                String status = d.path("status").asText();
                assertTrue(status.equals("active") || status.equals("failed"), shape.name() + ": " + d);
                for (String word : INTERNAL_WORDS) {
                    assertFalse(d.path("problems").toString().contains(word), shape.name() + " problems name internals: " + d.path("problems"));
                }
                if (status.equals("active")) {
                    for (String path : List.of("/", "/p")) {
                        HttpResponse<String> res = server.page("docs", path);
                        if (res.statusCode() >= 500 || (res.statusCode() >= 400 && res.statusCode() != 404)) {
                            failures.add(shape.name() + " " + path + ": " + res.statusCode() + " "
                                    + res.body().substring(0, Math.min(200, res.body().length())));
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), failures);
    }
}
