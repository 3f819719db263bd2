package dev.docsassistant.apiref;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.security.SecurityScheme;

import java.util.Map;
import java.util.function.Function;

/**
 * Follows a document's local references ({@code #/components/schemas/Pet}) to what they name; after
 * the parser's resolution, references to other files point into the components too. A reference
 * that names nothing gives null, and a chain of references gives up after a few hops (a loop).
 */
public record Refs(OpenAPI model) {
    private static final int MAX_HOPS = 16;

    public Schema<?> schema(Schema<?> s) {
        return follow(s, Schema::get$ref, Components::getSchemas);
    }

    public Parameter parameter(Parameter p) {
        return follow(p, Parameter::get$ref, Components::getParameters);
    }

    public RequestBody requestBody(RequestBody b) {
        return follow(b, RequestBody::get$ref, Components::getRequestBodies);
    }

    public ApiResponse response(ApiResponse r) {
        return follow(r, ApiResponse::get$ref, Components::getResponses);
    }

    public Example example(Example e) {
        return follow(e, Example::get$ref, Components::getExamples);
    }

    public SecurityScheme securityScheme(SecurityScheme s) {
        return follow(s, SecurityScheme::get$ref, Components::getSecuritySchemes);
    }

    public PathItem pathItem(PathItem p) {
        return follow(p, PathItem::get$ref, Components::getPathItems);
    }

    /** The last segment of a reference: the component's name ({@code Pet}), or null. */
    public static String name(String ref) {
        if (ref == null) {
            return null;
        }
        return ref.substring(ref.lastIndexOf('/') + 1).replace("~1", "/").replace("~0", "~");
    }

    private <T> T follow(T start, Function<T, String> ref, Function<Components, Map<String, T>> table) {
        T current = start;
        for (int hops = 0; current != null && ref.apply(current) != null; hops++) {
            if (hops == MAX_HOPS || model.getComponents() == null) {
                return null;
            }
            Map<String, T> named = table.apply(model.getComponents());
            current = named == null ? null : named.get(name(ref.apply(current)));
        }
        return current;
    }
}
