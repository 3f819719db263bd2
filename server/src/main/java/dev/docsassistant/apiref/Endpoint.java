package dev.docsassistant.apiref;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.servers.Server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One operation (or webhook) of an OpenAPI document, with what its page shows resolved: the
 * parameters of its path and its own merged, the servers and security that apply to it.
 *
 * @param file    the document's file, relative to the site folder
 * @param method  the HTTP method, upper case
 * @param path    the path ({@code /pets/{petId}}), or the webhook's name
 * @param webhook whether it is a webhook (the API calls the reader's server)
 */
public record Endpoint(String file, OpenAPI model, String method, String path, boolean webhook, PathItem item,
                       Operation operation) {
    /** Parameters one page lists; more are reported and left out, so no page grows without bound. */
    public static final int MAX_PARAMETERS = 200;
    /** The order parameter groups are shown in. */
    public static final List<String> LOCATIONS = List.of("path", "query", "header", "cookie");

    public Refs refs() {
        return new Refs(model);
    }

    /** {@code GET /pets}, {@code WEBHOOK newPet}: how navigation entries and front matter name it. */
    public String key() {
        return (webhook ? "WEBHOOK" : method) + " " + path;
    }

    public Map<String, Object> extensions() {
        return operation.getExtensions() == null ? Map.of() : operation.getExtensions();
    }

    /** {@code x-mint} of the operation, or an empty map. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> xMint() {
        return extensions().get("x-mint") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /** {@code x-mint.metadata}: front matter for the generated page. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> metadata() {
        return xMint().get("metadata") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    /** A page, left out of the navigation ({@code x-hidden}). */
    public boolean hidden() {
        return Boolean.TRUE.equals(extensions().get("x-hidden"));
    }

    /** No page at all ({@code x-excluded}). */
    public boolean excluded() {
        return Boolean.TRUE.equals(extensions().get("x-excluded"));
    }

    public boolean deprecated() {
        return Boolean.TRUE.equals(operation.getDeprecated());
    }

    /** The page title: {@code x-mint.metadata.title}, else the summary, else method and path. */
    public String title() {
        if (metadata().get("title") instanceof String t && !t.isBlank()) {
            return t;
        }
        if (operation.getSummary() != null && !operation.getSummary().isBlank()) {
            return operation.getSummary().strip();
        }
        return webhook ? path : method + " " + path;
    }

    public String description() {
        return operation.getDescription() == null ? "" : operation.getDescription().strip();
    }

    public String operationId() {
        return operation.getOperationId();
    }

    public List<String> tags() {
        return operation.getTags() == null ? List.of() : operation.getTags();
    }

    /** Path-level parameters, overridden by the operation's own of the same name and place, in place order. */
    public List<Parameter> parameters() {
        Map<String, Parameter> merged = new LinkedHashMap<>();
        List<Parameter> all = new ArrayList<>();
        if (item.getParameters() != null) {
            all.addAll(item.getParameters());
        }
        if (operation.getParameters() != null) {
            all.addAll(operation.getParameters());
        }
        for (Parameter p : all) {
            Parameter resolved = refs().parameter(p);
            if (resolved != null && resolved.getName() != null) {
                merged.put(resolved.getIn() + "\u0000" + resolved.getName(), resolved);
            }
        }
        List<Parameter> ordered = new ArrayList<>();
        for (String in : LOCATIONS) {
            merged.values().stream().filter(p -> in.equals(p.getIn())).forEach(ordered::add);
        }
        merged.values().stream().filter(p -> !LOCATIONS.contains(p.getIn())).forEach(ordered::add);
        return ordered;
    }

    public RequestBody requestBody() {
        return refs().requestBody(operation.getRequestBody());
    }

    /** Responses by status, in document order, references followed. */
    public Map<String, ApiResponse> responses() {
        Map<String, ApiResponse> out = new LinkedHashMap<>();
        if (operation.getResponses() != null) {
            operation.getResponses().forEach((status, r) -> {
                ApiResponse resolved = refs().response(r);
                if (resolved != null) {
                    out.put(status, resolved);
                }
            });
        }
        return out;
    }

    /** The operation's servers, else its path's, else the document's. */
    public List<Server> servers() {
        if (operation.getServers() != null && !operation.getServers().isEmpty()) {
            return operation.getServers();
        }
        if (item.getServers() != null && !item.getServers().isEmpty()) {
            return item.getServers();
        }
        List<Server> top = model.getServers() == null ? List.of() : model.getServers();
        // The parser adds a "/" server to documents that have none; it is no address to show.
        return top.stream().filter(s -> s.getUrl() != null && !s.getUrl().equals("/")).toList();
    }

    /** The alternatives of security requirements that apply: the operation's, else the document's. */
    public List<SecurityRequirement> security() {
        List<SecurityRequirement> s = operation.getSecurity() != null ? operation.getSecurity() : model.getSecurity();
        return s == null ? List.of() : s.stream().filter(Objects::nonNull).toList();
    }

    /** {@code x-codeSamples} (or {@code x-code-samples}): written samples that replace generated ones. */
    public List<CodeSample> writtenSamples() {
        Object raw = extensions().getOrDefault("x-codeSamples", extensions().get("x-code-samples"));
        List<CodeSample> out = new ArrayList<>();
        if (raw instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> m && m.get("source") instanceof String source) {
                    String lang = m.get("lang") instanceof String l ? l : "";
                    String label = m.get("label") instanceof String l ? l : CodeSamples.displayName(lang);
                    out.add(new CodeSample(CodeSamples.fenceLanguage(lang), label, source));
                }
            }
        }
        return out;
    }
}
