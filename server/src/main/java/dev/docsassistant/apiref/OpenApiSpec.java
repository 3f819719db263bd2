package dev.docsassistant.apiref;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One OpenAPI document as the parser read it, and its operations and webhooks in document order.
 *
 * @param file  the file, relative to the site folder
 * @param model the parsed document, other files' {@code $ref}s brought into its components
 */
public record OpenApiSpec(String file, OpenAPI model, List<Endpoint> endpoints) {

    public OpenApiSpec(String file, OpenAPI model) {
        this(file, model, endpointsOf(file, model));
    }

    private static List<Endpoint> endpointsOf(String file, OpenAPI model) {
        List<Endpoint> all = new ArrayList<>();
        if (model.getPaths() != null) {
            model.getPaths().forEach((path, item) -> add(all, file, model, path, item, false));
        }
        if (model.getWebhooks() != null) {
            model.getWebhooks().forEach((name, item) -> add(all, file, model, name, item, true));
        }
        return List.copyOf(all);
    }

    private static void add(List<Endpoint> all, String file, OpenAPI model, String path, PathItem item, boolean webhook) {
        PathItem resolved = new Refs(model).pathItem(item);
        if (resolved == null) {
            return;
        }
        for (Map.Entry<PathItem.HttpMethod, Operation> e : resolved.readOperationsMap().entrySet()) {
            all.add(new Endpoint(file, model, e.getKey().name(), path, webhook, resolved, e.getValue()));
        }
    }

    /**
     * The operation for {@code method} and {@code path} as pages name it ({@code GET /users}), or the
     * webhook named {@code path} when the method is {@code webhook}.
     */
    public Optional<Endpoint> find(String method, String path) {
        String m = method.toUpperCase(Locale.ROOT);
        if (m.equals("WEBHOOK")) {
            return endpoints.stream().filter(e -> e.webhook() && e.path().equals(path)).findFirst();
        }
        return endpoints.stream().filter(e -> !e.webhook() && e.method().equals(m) && e.path().equals(path)).findFirst()
                .or(() -> endpoints.stream().filter(e -> e.webhook() && e.method().equals(m) && e.path().equals(path)).findFirst());
    }

    /** A schema of {@code components.schemas} by name. */
    public Optional<Schema<?>> schema(String name) {
        if (model.getComponents() == null || model.getComponents().getSchemas() == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(model.getComponents().getSchemas().get(name));
    }

    public String title() {
        return model.getInfo() == null || model.getInfo().getTitle() == null ? file : model.getInfo().getTitle();
    }
}
