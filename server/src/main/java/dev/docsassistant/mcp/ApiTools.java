package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.apiref.McpTool;
import dev.docsassistant.apiref.ServerUrls;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PageApi;
import dev.docsassistant.playground.PlaygroundProxy;
import dev.docsassistant.sites.Site;
import dev.docsassistant.web.ApiException;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The operations a site's OpenAPI descriptions mark {@code x-mint.mcp} as MCP tools: each takes the
 * operation's parameters (and {@code body}, and {@code headers} for the agent's credentials) and sends
 * the request through the site's API playground proxy, so it reaches only the description's servers,
 * under the proxy's egress policy, time and size limits and rate budgets (the agent's address counts as
 * a visitor). The answer is the API's status and body; a refusal is a tool error with the proxy's message.
 */
final class ApiTools {
    /** Arguments of every API tool beside the operation's parameters. */
    static final String BODY = "body";
    static final String HEADERS = "headers";

    private ApiTools() {
    }

    /** A tool for each public operation page whose operation is enabled, once per tool name (the first wins). */
    static List<SyncToolSpecification> of(Site site, PlaygroundProxy proxy, Set<String> taken) {
        if (proxy == null) {
            return List.of();
        }
        Set<String> names = new TreeSet<>(taken);
        List<SyncToolSpecification> tools = new ArrayList<>();
        for (Page page : site.content().pages()) {
            if (page.isPublic() && page.api() instanceof PageApi.Operation op) {
                McpTool.of(op.endpoint()).filter(t -> names.add(t.name()))
                        .ifPresent(t -> tools.add(tool(site.domain(), op.endpoint(), t, proxy)));
            }
        }
        return tools;
    }

    private static SyncToolSpecification tool(String domain, Endpoint e, McpTool t, PlaygroundProxy proxy) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (Parameter p : e.parameters()) {
            if (!p.getIn().equals("cookie")) {
                Map<String, Object> property = new LinkedHashMap<>(type(p.getSchema()));
                property.put("description", (p.getIn() + " parameter. " + (p.getDescription() == null ? "" : p.getDescription())).strip());
                properties.put(p.getName(), property);
                if (Boolean.TRUE.equals(p.getRequired())) {
                    required.add(p.getName());
                }
            }
        }
        if (e.requestBody() != null && e.requestBody().getContent() != null && !e.requestBody().getContent().isEmpty()) {
            String media = e.requestBody().getContent().keySet().iterator().next();
            properties.put(BODY, Map.of("description", "The request body (" + media + ")"
                    + (media.contains("json") ? ", as JSON" : ", as text")));
            if (Boolean.TRUE.equals(e.requestBody().getRequired())) {
                required.add(BODY);
            }
        }
        properties.put(HEADERS, Map.of("type", "object", "additionalProperties", Map.of("type", "string"),
                "description", "More request headers, such as Authorization with the API's credentials"));
        Map<String, Object> input = Map.of("type", "object", "properties", properties, "required", required);
        McpSchema.Tool tool = McpSchema.Tool.builder().name(t.name()).title(e.title()).description(t.description()).inputSchema(input)
                .annotations(new McpSchema.ToolAnnotations(e.title(), e.method().equals("GET") || e.method().equals("HEAD"),
                        e.method().equals("DELETE"), false, true, null)).build();
        return new SyncToolSpecification(tool, (McpTransportContext context, McpSchema.CallToolRequest request) -> {
            Map<String, Object> args = request.arguments() == null ? Map.of() : request.arguments();
            try {
                McpCaller caller = McpCaller.of(context);
                var servers = proxy.admit(domain, caller.who().address().bucketKey(), caller.groups());
                Map<String, Object> answer = proxy.send(servers, request(e, args));
                String text = "HTTP " + answer.get("status") + (Boolean.TRUE.equals(answer.get("truncated")) ? " (body truncated)" : "")
                        + "\n\n" + answer.get("body");
                return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent(null, text, null)), false, answer, null);
            } catch (ApiException | IllegalArgumentException ex) {
                return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent(null, ex.getMessage(), null)), true, null, null);
            }
        });
    }

    /** The proxy's request ({@code {method, url, headers, body}}) for the arguments. */
    static ObjectNode request(Endpoint e, Map<String, Object> args) {
        List<String> servers = e.servers().stream().flatMap(s -> ServerUrls.expand(s).stream()).toList();
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("the operation names no server URL to call");
        }
        String path = e.path();
        StringBuilder query = new StringBuilder();
        ObjectNode json = Mappers.JSON.createObjectNode().put("method", e.method());
        ObjectNode headers = json.putObject("headers");
        for (Parameter p : e.parameters()) {
            Object value = args.get(p.getName());
            if (value == null) {
                if (Boolean.TRUE.equals(p.getRequired()) && !p.getIn().equals("cookie")) {
                    throw new IllegalArgumentException(p.getName() + ": is required (" + p.getIn() + " parameter)");
                }
                continue;
            }
            String text = value instanceof String s ? s : Mappers.JSON.valueToTree(value).toString();
            switch (p.getIn()) {
                case "path" -> path = path.replace("{" + p.getName() + "}", URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20"));
                case "query" -> query.append(query.isEmpty() ? '?' : '&').append(URLEncoder.encode(p.getName(), StandardCharsets.UTF_8))
                        .append('=').append(URLEncoder.encode(text, StandardCharsets.UTF_8));
                case "header" -> headers.put(p.getName(), text);
                default -> { }
            }
        }
        if (args.get(HEADERS) instanceof Map<?, ?> more) {
            more.forEach((k, v) -> headers.put(String.valueOf(k), String.valueOf(v)));
        }
        Object body = args.get(BODY);
        if (body != null) {
            String media = e.requestBody() == null || e.requestBody().getContent() == null ? "application/json"
                    : e.requestBody().getContent().keySet().iterator().next();
            json.put(BODY, body instanceof String s ? s : Mappers.JSON.valueToTree(body).toString());
            if (headers.properties().stream().noneMatch(h -> h.getKey().equalsIgnoreCase("content-type"))) {
                headers.put("Content-Type", media);
            }
        }
        String base = servers.getFirst();
        return json.put("url", (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path + query);
    }

    private static Map<String, Object> type(Schema<?> schema) {
        String type = schema == null ? null : schema.getType() != null ? schema.getType()
                : schema.getTypes() != null && !schema.getTypes().isEmpty() ? schema.getTypes().iterator().next() : null;
        return type == null || type.equals("null") ? Map.of() : Map.of("type", type);
    }
}
