package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.docsassistant.apiref.ApiSpecs;
import dev.docsassistant.apiref.AsyncApiSpec;
import dev.docsassistant.apiref.ChannelMarkdown;
import dev.docsassistant.apiref.CodeSamples;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.apiref.EndpointMarkdown;
import dev.docsassistant.apiref.OpenApiSpec;
import dev.docsassistant.apiref.SpecProblem;
import dev.docsassistant.content.mdx.FrontMatter;
import dev.docsassistant.content.mdx.MdxToMarkdown;
import dev.docsassistant.content.mdx.Placeholders;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API side of reading a site: the descriptions its pages and docs.json name (read once each),
 * the {@code openapi:}, {@code openapi-schema:}, {@code asyncapi:} and {@code api:} front matter of
 * pages, and the Markdown search and agents read for them. The descriptions' problems become site
 * problems of their files.
 */
final class ApiPages {
    /** {@code [spec-file] METHOD /path}, and {@code webhook name}. */
    static final Pattern OPERATION = Pattern.compile(
            "^(?:(\\S+)\\s+)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\\s+(\\S+)$", Pattern.CASE_INSENSITIVE);
    private static final Pattern TWO_WORDS = Pattern.compile("^(?:(\\S+)\\s+)?(\\S+)$");
    private static final Pattern MANUAL = Pattern.compile("^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE)\\s+(\\S+)$",
            Pattern.CASE_INSENSITIVE);

    private final JsonNode docsJson;
    private final ApiSpecs specs;

    ApiPages(Path dir, JsonNode docsJson) {
        this.docsJson = docsJson == null ? MissingNode.getInstance() : docsJson;
        this.specs = new ApiSpecs(dir);
    }

    ApiSpecs specs() {
        return specs;
    }

    /** The descriptions' problems, as problems of the site, after docs.json's {@code api.examples.languages} no sample is written in. */
    List<SiteProblem> problems() {
        List<SiteProblem> out = new ArrayList<>();
        JsonNode languages = docsJson.path("api").path("examples").path("languages");
        for (int i = 0; i < languages.size(); i++) {
            if (!languages.get(i).isTextual() || CodeSamples.key(languages.get(i).asText()) == null) {
                out.add(new SiteProblem("docs.json", "/api/examples/languages/" + i, "no request samples are written in "
                        + languages.get(i) + " (cURL, Python, JavaScript, Node.js, Go and Java are); left out"));
            }
        }
        JsonNode display = docsJson.path("api").path("playground").path("display");
        if (!display.isMissingNode() && !dev.docsassistant.apiref.PlaygroundForm.DISPLAYS.contains(display.asText())) {
            out.add(new SiteProblem("docs.json", "/api/playground/display", "expected one of interactive, simple, none, auth, got "
                    + display + "; the interactive playground is shown"));
        }
        for (SpecProblem p : specs.problems()) {
            SiteProblem problem = new SiteProblem(p.file(), p.location(), p.message(),
                    p.error() ? SiteProblem.Severity.ERROR : SiteProblem.Severity.WARNING, p.line(), p.column());
            out.add(problem);
        }
        return out;
    }

    /** What a page's front matter asks of an API description, or empty; problems are reported placed in the page. */
    Optional<PageApi> of(FrontMatter fm, Problems problems) {
        Optional<String> openapi = fm.string("openapi");
        if (openapi.isPresent()) {
            return operation(openapi.get(), fm.string("playground").orElse(null), problems);
        }
        Optional<String> schema = fm.string("openapi-schema");
        if (schema.isPresent()) {
            return schema(schema.get(), problems);
        }
        Optional<String> asyncapi = fm.string("asyncapi");
        if (asyncapi.isPresent()) {
            return channel(asyncapi.get(), problems);
        }
        return fm.string("api").flatMap(api -> {
            Matcher m = MANUAL.matcher(api.strip());
            if (!m.matches()) {
                problems.report("api", "expected 'METHOD url-or-path', got '" + api + "'");
                return Optional.empty();
            }
            return Optional.of(new PageApi.Manual(m.group(1).toUpperCase(java.util.Locale.ROOT), m.group(2),
                    fm.string("playground").orElse(null)));
        });
    }

    /** Reports a problem of a page at the front matter key it concerns. */
    interface Problems {
        void report(String key, String message);
    }

    private Optional<PageApi> operation(String reference, String playground, Problems problems) {
        Matcher m = OPERATION.matcher(reference.strip());
        if (!m.matches()) {
            problems.report("openapi", "expected '[spec-file] METHOD /path', got '" + reference + "'");
            return Optional.empty();
        }
        for (String candidate : candidates(m.group(1), "openapi")) {
            Optional<Endpoint> found = specs.openApi(candidate).flatMap(spec -> spec.find(m.group(2), m.group(3)));
            if (found.isPresent()) {
                return Optional.of(new PageApi.Operation(found.get(), false, "", playground));
            }
        }
        problems.report("openapi", "operation not found: " + reference);
        return Optional.empty();
    }

    private Optional<PageApi> schema(String reference, Problems problems) {
        Matcher m = TWO_WORDS.matcher(reference.strip());
        if (!m.matches()) {
            problems.report("openapi-schema", "expected '[spec-file] SchemaName', got '" + reference + "'");
            return Optional.empty();
        }
        for (String candidate : candidates(m.group(1), "openapi")) {
            Optional<OpenApiSpec> spec = specs.openApi(candidate);
            if (spec.isPresent() && spec.get().schema(m.group(2)).isPresent()) {
                return Optional.of(new PageApi.Schema(spec.get(), m.group(2)));
            }
        }
        problems.report("openapi-schema", "schema not found: " + reference);
        return Optional.empty();
    }

    private Optional<PageApi> channel(String reference, Problems problems) {
        Matcher m = TWO_WORDS.matcher(reference.strip());
        if (!m.matches()) {
            problems.report("asyncapi", "expected '[spec-file] channel', got '" + reference + "'");
            return Optional.empty();
        }
        for (String candidate : candidates(m.group(1), "asyncapi")) {
            Optional<AsyncApiSpec> spec = specs.asyncApi(candidate);
            Optional<AsyncApiSpec.Channel> channel = spec.flatMap(s -> s.channel(m.group(2)));
            if (channel.isPresent()) {
                return Optional.of(new PageApi.Channel(spec.get(), channel.get(), false));
            }
        }
        problems.report("asyncapi", "channel not found: " + reference);
        return Optional.empty();
    }

    /**
     * The files a reference may mean: the one it names (and, for translated pages naming a
     * per-language copy that exists once, at the root), else the site's default ({@code api.openapi}
     * / {@code api.asyncapi}); only files that exist, so a guess that misses is no problem.
     */
    private List<String> candidates(String file, String kind) {
        List<String> out = new ArrayList<>();
        if (file != null) {
            out.add(file);
            out.add("/" + file.substring(file.lastIndexOf('/') + 1));
        } else {
            JsonNode configured = docsJson.path("api").path(kind);
            if (configured.isTextual()) {
                out.add(configured.asText());
            }
            configured.forEach(s -> out.add(s.isTextual() ? s.asText() : s.path("source").asText("")));
        }
        List<String> existing = out.stream().filter(f -> !f.isBlank() && specs.exists(f)).distinct().toList();
        // None there: the first is read anyway so that its problem (missing, a URL) is reported.
        return existing.isEmpty() && !out.isEmpty() ? List.of(out.get(0)) : existing;
    }

    /** The Markdown search, {@code .md} and agents read for what a page shows of an API. */
    static String markdown(PageApi api, boolean withDescription) {
        return switch (api) {
            case PageApi.Operation op -> EndpointMarkdown.of(op.endpoint(), withDescription);
            case PageApi.Schema s -> EndpointMarkdown.ofSchema(s.spec().model(), s.name(), s.spec().schema(s.name()).orElseThrow());
            case PageApi.Channel c -> ChannelMarkdown.of(c.channel());
            case PageApi.Manual m -> "`" + m.method() + " " + m.url() + "`\n";
        };
    }

    /** Words search should match the page by: {@code POST /pets}, the operation id, the tags. */
    static List<String> keywords(PageApi api) {
        List<String> out = new ArrayList<>();
        if (api instanceof PageApi.Operation op) {
            Endpoint e = op.endpoint();
            out.add(e.method() + " " + e.path());
            if (e.operationId() != null) {
                out.add(e.operationId());
            }
        } else if (api instanceof PageApi.Manual m) {
            out.add(m.method() + " " + m.url());
        } else if (api instanceof PageApi.Schema s) {
            out.add(s.name());
        } else if (api instanceof PageApi.Channel c) {
            out.add(c.channel().id());
        }
        return out;
    }

    /** The page's own MDX, for {@code x-mint.content}: docs.json {@code variables} filled in, converted as pages are. */
    static String content(String mdx, java.util.Map<String, String> variables) {
        return mdx.isBlank() ? "" : MdxToMarkdown.convert(Placeholders.variables(mdx, variables, name -> { }), importPath -> null) + "\n\n";
    }
}
