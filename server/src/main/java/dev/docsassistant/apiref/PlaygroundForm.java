package dev.docsassistant.apiref;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.config.Mappers;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;

import java.util.List;
import java.util.Map;

/**
 * What the playground's form is made of, as JSON for the browser: the method and path, the servers
 * with their variables, every parameter with its place, type, enum, default and example, the
 * credentials each security alternative asks for, and the request body per media type (an example
 * to edit for JSON and text, fields for forms and multipart, files marked). Bounded like the page:
 * at most {@link Endpoint#MAX_PARAMETERS} parameters and fields, 20 servers.
 */
public final class PlaygroundForm {
    private static final int MAX_SERVERS = 20;
    /** docs.json {@code api.playground.display}, front matter and {@code x-mint.metadata} {@code playground}. */
    public static final java.util.Set<String> DISPLAYS = java.util.Set.of("interactive", "simple", "none", "auth");

    private PlaygroundForm() {
    }

    public static ObjectNode of(Endpoint e) {
        ObjectNode out = Mappers.JSON.createObjectNode();
        out.put("method", e.method());
        out.put("path", e.path());
        ArrayNode servers = out.putArray("servers");
        for (Server s : e.servers().stream().limit(MAX_SERVERS).toList()) {
            ObjectNode server = servers.addObject().put("url", s.getUrl());
            if (s.getDescription() != null) {
                server.put("description", s.getDescription().strip());
            }
            ObjectNode variables = server.putObject("variables");
            if (s.getVariables() != null) {
                s.getVariables().forEach((name, v) -> {
                    ObjectNode variable = variables.putObject(name).put("default", v.getDefault() == null ? "" : v.getDefault());
                    if (v.getEnum() != null && !v.getEnum().isEmpty()) {
                        v.getEnum().forEach(variable.putArray("enum")::add);
                    }
                });
            }
        }
        ArrayNode parameters = out.putArray("parameters");
        for (Parameter p : e.parameters().stream().filter(p -> Endpoint.LOCATIONS.contains(p.getIn()))
                .limit(Endpoint.MAX_PARAMETERS).toList()) {
            ObjectNode field = parameters.addObject().put("name", p.getName()).put("in", p.getIn())
                    .put("required", "path".equals(p.getIn()) || Boolean.TRUE.equals(p.getRequired()));
            Schema<?> schema = p.getSchema() == null ? null : e.refs().schema(p.getSchema());
            describe(field, schema);
            String example = ExampleValues.parameterValue(e.model(), p);
            if (!placeholder(example)) {
                field.put("example", example);
            }
            if (Boolean.TRUE.equals(p.getDeprecated())) {
                field.put("deprecated", true);
            }
        }
        out.set("auth", auth(e));
        body(e, out);
        return out;
    }

    /** A made-up value ({@code <string>}): a sample's placeholder, no example to fill a field with. */
    private static boolean placeholder(String value) {
        return value.startsWith("<") && value.endsWith(">");
    }

    /** Type, format, enum and default of a value, for its input. */
    private static void describe(ObjectNode field, Schema<?> schema) {
        if (schema == null) {
            field.put("type", "string");
            return;
        }
        String type = Schemas.type(schema);
        field.put("type", type == null ? "string" : type);
        if (schema.getFormat() != null) {
            field.put("format", schema.getFormat());
        }
        List<?> values = schema.getEnum();
        if (values == null && "array".equals(type) && schema.getItems() != null) {
            values = schema.getItems().getEnum();
        }
        if (values != null && !values.isEmpty()) {
            ArrayNode list = field.putArray("enum");
            values.stream().filter(v -> v != null).limit(200).forEach(v -> list.add(SchemaTrees.text(v)));
        }
        if (schema.getDefault() != null) {
            field.put("default", SchemaTrees.text(schema.getDefault()));
        }
    }

    /** Each alternative requirement as the credentials it needs: {@code [[{id, kind, in, name, scopes}]]}. */
    private static ArrayNode auth(Endpoint e) {
        ArrayNode out = Mappers.JSON.createArrayNode();
        Map<String, SecurityScheme> schemes = e.model().getComponents() == null ? null : e.model().getComponents().getSecuritySchemes();
        for (SecurityRequirement requirement : e.security()) {
            ArrayNode alternative = Mappers.JSON.createArrayNode();
            requirement.forEach((id, scopes) -> {
                SecurityScheme s = schemes == null ? null : e.refs().securityScheme(schemes.get(id));
                if (s == null || s.getType() == null) {
                    return;
                }
                ObjectNode credential = Mappers.JSON.createObjectNode().put("id", id);
                switch (s.getType()) {
                    case HTTP -> credential.put("kind", "basic".equalsIgnoreCase(s.getScheme()) ? "basic" : "bearer");
                    case APIKEY -> credential.put("kind", "apiKey").put("in", s.getIn() == null ? "header" : s.getIn().toString())
                            .put("name", s.getName() == null ? id : s.getName());
                    // A token the reader got elsewhere, sent as a bearer token: the playground runs no sign-in flow.
                    case OAUTH2, OPENIDCONNECT -> credential.put("kind", "oauth2");
                    default -> {
                        return;
                    }
                }
                if (scopes != null && !scopes.isEmpty()) {
                    scopes.forEach(credential.putArray("scopes")::add);
                }
                alternative.add(credential);
            });
            if (!alternative.isEmpty()) {
                out.add(alternative);
            }
        }
        return out;
    }

    private static void body(Endpoint e, ObjectNode out) {
        RequestBody body = e.requestBody();
        if (body == null || body.getContent() == null || body.getContent().isEmpty()) {
            return;
        }
        ObjectNode b = out.putObject("body").put("required", Boolean.TRUE.equals(body.getRequired()));
        ArrayNode media = b.putArray("media");
        for (Map.Entry<String, MediaType> m : body.getContent().entrySet()) {
            String type = m.getKey();
            ObjectNode entry = media.addObject().put("type", type);
            JsonNode example = ExampleValues.ofMedia(e.model(), m.getValue(), SchemaTrees.Direction.REQUEST, true)
                    .values().stream().findFirst().orElse(null);
            boolean form = type.startsWith("multipart/") || type.startsWith("application/x-www-form-urlencoded");
            if (form) {
                ArrayNode fields = entry.putArray("fields");
                Schema<?> schema = m.getValue().getSchema();
                Schemas.Merged merged = schema == null ? null : Schemas.merge(e.refs(), schema);
                if (merged != null) {
                    merged.properties().entrySet().stream().limit(Endpoint.MAX_PARAMETERS).forEach(p -> {
                        Schema<?> prop = e.refs().schema(p.getValue());
                        ObjectNode field = fields.addObject().put("name", p.getKey()).put("required", merged.required().contains(p.getKey()));
                        if (prop != null && Schemas.isFile(prop)) {
                            field.put("type", "file");
                        } else {
                            describe(field, prop);
                            JsonNode value = example == null ? null : example.get(p.getKey());
                            String text = value == null || value.isNull() ? null : value.isValueNode() ? value.asText() : value.toString();
                            if (text != null && !placeholder(text)) {
                                field.put("example", text);
                            }
                        }
                    });
                }
            } else if (example != null && !example.isNull()) {
                entry.put("example", example.isTextual() && !type.contains("json")
                        ? example.asText() : example.toPrettyString());
            }
        }
    }
}
