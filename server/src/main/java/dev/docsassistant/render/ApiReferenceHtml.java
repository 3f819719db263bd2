package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.apiref.AsyncApiSpec;
import dev.docsassistant.apiref.ChannelMarkdown;
import dev.docsassistant.apiref.CodeSample;
import dev.docsassistant.apiref.CodeSamples;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.apiref.ExampleValues;
import dev.docsassistant.apiref.OpenApiSpec;
import dev.docsassistant.apiref.SchemaNode;
import dev.docsassistant.apiref.SchemaTrees;
import dev.docsassistant.apiref.Security;
import dev.docsassistant.content.PageApi;
import dev.docsassistant.integrations.spi.HtmlEncoder;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.servers.Server;

import java.util.List;
import java.util.Map;

/**
 * The reference part of an API page, complete without JavaScript: method badge and path with its
 * parameters marked, servers and their variables, authentication, parameters by place, the request
 * body per media type and each response as expandable field trees ({@code <details>}), request
 * samples and response examples as code groups. Written as MDX components are (HTML elements on
 * lines of their own, Markdown between them), so descriptions stay Markdown and the page's
 * sanitizer cleans everything once.
 */
final class ApiReferenceHtml {
    private final StringBuilder out = new StringBuilder();
    private final UiStrings strings;

    private ApiReferenceHtml(UiStrings strings) {
        this.strings = strings;
    }

    /**
     * @param languages code sample languages ({@code api.examples.languages})
     * @param optional  whether samples include optional parameters and fields ({@code api.examples.defaults})
     */
    static String of(PageApi api, String pageDescription, UiStrings strings, List<String> languages, boolean optional) {
        return of(api, pageDescription, strings, languages, optional, "");
    }

    /** @param underHead Markdown shown right under an endpoint's method and path (the simple playground), or empty */
    static String of(PageApi api, String pageDescription, UiStrings strings, List<String> languages, boolean optional,
                     String underHead) {
        ApiReferenceHtml h = new ApiReferenceHtml(strings);
        switch (api) {
            case PageApi.Operation op -> h.endpoint(op.endpoint(), !op.endpoint().description().equals(pageDescription.strip()),
                    languages, optional, underHead);
            case PageApi.Schema s -> h.schema(s.spec(), s.name());
            case PageApi.Channel c -> h.channel(c.channel());
            case PageApi.Manual m -> h.head(m.method(), m.url(), false, false);
        }
        return h.out.toString();
    }

    private void endpoint(Endpoint e, boolean withDescription, List<String> languages, boolean optional, String underHead) {
        head(e.method(), e.path(), e.webhook(), e.deprecated());
        out.append(underHead);
        if (withDescription && !e.description().isEmpty()) {
            markdown(e.description());
        }
        servers(e.servers());
        List<String> auth = Security.describe(e);
        if (!auth.isEmpty()) {
            heading(strings.get("apiAuthorization"));
            auth.forEach(a -> out.append("- ").append(a).append('\n'));
            out.append('\n');
        }
        List<CodeSample> samples = CodeSamples.of(e, languages, optional);
        if (!samples.isEmpty()) {
            // The title goes before the group: the site script puts the group's tab bar first inside it.
            block("<p class=\"api-label\">" + esc(strings.get("requestExample")) + "</p>");
            block("<div class=\"code-group api-request-examples\">");
            samples.forEach(s -> fence(s.language(), s.label(), s.code()));
            block("</div>");
        }
        parameters(e);
        body(e);
        responses(e);
    }

    /** The method badge and the path, its {@code {parameters}} marked. */
    private void head(String method, String path, boolean webhook, boolean deprecated) {
        StringBuilder h = new StringBuilder("<div class=\"api-head\">");
        if (webhook) {
            h.append("<span class=\"api-kind\">").append(esc(strings.get("apiWebhook"))).append("</span>");
        }
        h.append("<span class=\"api-method api-method-").append(esc(method.toLowerCase(java.util.Locale.ROOT))).append("\">")
                .append(esc(method)).append("</span><code class=\"api-path\">");
        h.append(esc(path).replaceAll("\\{([^}/]+)}", "<span class=\"api-path-param\">{$1}</span>"));
        h.append("</code>");
        if (deprecated) {
            h.append("<span class=\"field-deprecated\">deprecated</span>");
        }
        block(h.append("</div>").toString());
    }

    private void servers(List<Server> servers) {
        if (servers.isEmpty()) {
            return;
        }
        StringBuilder s = new StringBuilder("<div class=\"api-servers\"><p class=\"api-label\">").append(esc(strings.get("apiServers")))
                .append("</p><ul>");
        for (Server server : servers.stream().limit(20).toList()) {
            s.append("<li><code>").append(esc(server.getUrl())).append("</code>");
            if (server.getDescription() != null) {
                s.append(" ").append(MdxComponents.inlineText(oneLine(server.getDescription())));
            }
            if (server.getVariables() != null && !server.getVariables().isEmpty()) {
                s.append("<ul>");
                server.getVariables().forEach((name, v) -> {
                    s.append("<li><code>").append(esc(name)).append("</code>");
                    if (v.getDefault() != null) {
                        s.append(" <span class=\"field-meta\">default: <code>").append(esc(v.getDefault())).append("</code></span>");
                    }
                    if (v.getEnum() != null && !v.getEnum().isEmpty()) {
                        s.append(" <span class=\"field-meta\">one of: ");
                        v.getEnum().forEach(x -> s.append("<code>").append(esc(x)).append("</code> "));
                        s.append("</span>");
                    }
                    if (v.getDescription() != null) {
                        s.append(" ").append(MdxComponents.inlineText(oneLine(v.getDescription())));
                    }
                    s.append("</li>");
                });
                s.append("</ul>");
            }
            s.append("</li>");
        }
        block(s.append("</ul></div>").toString());
    }

    private void parameters(Endpoint e) {
        List<Parameter> all = e.parameters();
        for (String in : Endpoint.LOCATIONS) {
            List<Parameter> here = all.stream().filter(p -> in.equals(p.getIn())).toList();
            if (here.isEmpty()) {
                continue;
            }
            heading(strings.get("apiParams." + in));
            for (Parameter p : here.stream().limit(Endpoint.MAX_PARAMETERS).toList()) {
                SchemaNode node = p.getSchema() == null ? null : SchemaTrees.of(e.model(), p.getSchema(), SchemaTrees.Direction.REQUEST);
                SchemaNode shown = node == null
                        ? new SchemaNode(p.getName(), "string", null, Boolean.TRUE.equals(p.getRequired()), p.getDescription(),
                        List.of(), List.of(), Boolean.TRUE.equals(p.getDeprecated()), false, false, false, List.of(), null, List.of(), null)
                        : new SchemaNode(p.getName(), node.type(), node.format(), Boolean.TRUE.equals(p.getRequired()),
                        p.getDescription() != null ? p.getDescription() : node.description(), node.facts(), node.enumValues(),
                        Boolean.TRUE.equals(p.getDeprecated()) || node.deprecated(), node.nullable(), false, false,
                        node.children(), node.choiceKind(), node.choices(), node.cut());
                field(shown);
            }
            if (here.size() > Endpoint.MAX_PARAMETERS) {
                block("<p class=\"api-cut\">" + (here.size() - Endpoint.MAX_PARAMETERS) + " " + esc(strings.get("apiMoreParams")) + "</p>");
            }
        }
    }

    private void body(Endpoint e) {
        RequestBody body = e.requestBody();
        if (body == null || body.getContent() == null || body.getContent().isEmpty()) {
            return;
        }
        heading(strings.get("apiBody"));
        if (body.getDescription() != null) {
            markdown(body.getDescription());
        }
        for (Map.Entry<String, MediaType> media : body.getContent().entrySet()) {
            block("<p class=\"api-media\"><code>" + esc(media.getKey()) + "</code>"
                    + (Boolean.TRUE.equals(body.getRequired()) ? " <span class=\"field-required\">required</span>" : "") + "</p>");
            if (media.getValue().getSchema() != null) {
                tree(SchemaTrees.of(e.model(), media.getValue().getSchema(), SchemaTrees.Direction.REQUEST));
            }
        }
    }

    private void responses(Endpoint e) {
        Map<String, ApiResponse> responses = e.responses();
        if (responses.isEmpty()) {
            return;
        }
        heading(strings.get("apiResponses"));
        boolean first = true;
        for (Map.Entry<String, ApiResponse> r : responses.entrySet()) {
            String status = r.getKey();
            String kind = status.length() == 3 ? status.charAt(0) + "xx" : "default";
            block("<details class=\"expandable api-response\"" + (first ? " open" : "") + "><summary><span class=\"api-status api-status-"
                    + esc(kind) + "\">" + esc(status) + "</span> " + MdxComponents.inlineText(oneLine(r.getValue().getDescription()))
                    + "</summary>");
            first = false;
            if (r.getValue().getContent() != null) {
                for (Map.Entry<String, MediaType> media : r.getValue().getContent().entrySet()) {
                    block("<p class=\"api-media\"><code>" + esc(media.getKey()) + "</code></p>");
                    if (media.getValue().getSchema() != null) {
                        tree(SchemaTrees.of(e.model(), media.getValue().getSchema(), SchemaTrees.Direction.RESPONSE));
                    }
                    Map<String, JsonNode> examples = ExampleValues.ofMedia(e.model(), media.getValue(), SchemaTrees.Direction.RESPONSE, true);
                    if (!examples.isEmpty()) {
                        block("<p class=\"api-label\">" + esc(strings.get("responseExample")) + "</p>");
                        block("<div class=\"code-group\">");
                        examples.forEach((label, value) -> fence(media.getKey().contains("json") ? "json" : "text",
                                examples.size() == 1 ? status : label, value.isTextual() ? value.asText() : pretty(value)));
                        block("</div>");
                    }
                    break; // the first media type's schema and examples; the others are named above
                }
            }
            block("</details>");
        }
    }

    private void schema(OpenApiSpec spec, String name) {
        Schema<?> schema = spec.schema(name).orElseThrow();
        SchemaNode root = SchemaTrees.of(spec.model(), schema, SchemaTrees.Direction.ANY);
        block("<div class=\"api-head\"><span class=\"api-method api-method-schema\">" + esc(root.type()) + "</span><code class=\"api-path\">"
                + esc(name) + "</code></div>");
        if (root.description() != null) {
            markdown(root.description());
        }
        facts(root);
        tree(root);
    }

    private void channel(AsyncApiSpec.Channel c) {
        block("<div class=\"api-head\"><span class=\"api-method api-method-ws\">WS</span><code class=\"api-path\">"
                + esc(c.address()).replaceAll("\\{([^}/]+)}", "<span class=\"api-path-param\">{$1}</span>") + "</code></div>");
        if (!c.description().isBlank()) {
            markdown(c.description());
        }
        if (!c.servers().isEmpty()) {
            StringBuilder s = new StringBuilder("<div class=\"api-servers\"><p class=\"api-label\">").append(esc(strings.get("apiServers")))
                    .append("</p><ul>");
            c.servers().forEach(x -> s.append("<li><code>").append(esc(x)).append("</code></li>"));
            block(s.append("</ul></div>").toString());
        }
        if (c.messages().isEmpty()) {
            return;
        }
        heading(strings.get("apiMessages"));
        for (AsyncApiSpec.Message m : c.messages()) {
            block("<details class=\"expandable api-message\" open><summary>" + esc(m.title())
                    + (m.direction().isEmpty() ? "" : " <span class=\"field-meta\">" + esc(m.direction()) + "</span>") + "</summary>");
            if (!m.summary().isBlank()) {
                markdown(m.summary());
            }
            SchemaNode payload = ChannelMarkdown.payload(m);
            if (payload != null) {
                block("<p class=\"api-label\">" + esc(strings.get("apiPayload")) + " <span class=\"field-meta field-type\">"
                        + esc(payload.type()) + "</span></p>");
                tree(payload);
            }
            block("</details>");
        }
    }

    /** The fields under a node (properties, then oneOf/anyOf choices as expandable alternatives). */
    private void tree(SchemaNode node) {
        node.children().forEach(this::field);
        if (!node.choices().isEmpty()) {
            block("<div class=\"api-choices\"><p class=\"api-label\">" + ("oneOf".equals(node.choiceKind()) ? "One of" : "Any of") + "</p>");
            for (SchemaNode choice : node.choices()) {
                block("<details class=\"expandable\"><summary>" + esc(choice.name()) + " <span class=\"field-meta field-type\">"
                        + esc(choice.type()) + "</span></summary>");
                if (choice.description() != null) {
                    markdown(choice.description());
                }
                tree(choice);
                block("</details>");
            }
            block("</div>");
        }
        if (node.cut() != null && node.name() == null) {
            block("<p class=\"api-cut\">" + esc(node.cut()) + "</p>");
        }
    }

    private void field(SchemaNode f) {
        StringBuilder h = new StringBuilder("<div class=\"field\"><div class=\"field-head\"><code class=\"field-name\">")
                .append(esc(f.name())).append("</code><span class=\"field-meta field-type\">").append(esc(f.type()));
        if (f.format() != null && !f.type().equals("file")) {
            h.append("&lt;").append(esc(f.format())).append("&gt;");
        }
        h.append("</span>");
        if (f.required()) {
            h.append("<span class=\"field-required\">required</span>");
        }
        for (String mark : List.of(f.nullable() ? "nullable" : "", f.readOnly() ? "read-only" : "", f.writeOnly() ? "write-only" : "")) {
            if (!mark.isEmpty()) {
                h.append("<span class=\"field-meta\">").append(mark).append("</span>");
            }
        }
        if (f.deprecated()) {
            h.append("<span class=\"field-deprecated\">deprecated</span>");
        }
        block(h.append("</div><div class=\"field-body\">").toString());
        if (f.description() != null && !f.description().isBlank()) {
            markdown(f.description());
        }
        facts(f);
        if (f.cut() != null) {
            block("<p class=\"api-cut\">" + esc(f.cut()) + "</p>");
        }
        if (f.hasChildren()) {
            block("<details class=\"expandable\"><summary>" + esc(strings.get("apiChildren")) + "</summary>");
            tree(f);
            block("</details>");
        }
        block("</div></div>");
    }

    private void facts(SchemaNode f) {
        if (f.facts().isEmpty() && f.enumValues().isEmpty()) {
            return;
        }
        StringBuilder s = new StringBuilder("<p class=\"field-facts\">");
        if (!f.enumValues().isEmpty()) {
            s.append("<span class=\"field-meta\">one of: ");
            f.enumValues().forEach(v -> s.append("<code>").append(esc(v)).append("</code> "));
            s.append("</span> ");
        }
        f.facts().forEach(x -> {
            int colon = x.indexOf(": ");
            s.append("<span class=\"field-meta\">").append(colon < 0 ? esc(x)
                    : esc(x.substring(0, colon + 1)) + " <code>" + esc(x.substring(colon + 2)) + "</code>").append("</span> ");
        });
        block(s.append("</p>").toString());
    }

    private void heading(String text) {
        out.append("\n\n## ").append(text.replace("<", "&lt;")).append("\n\n");
    }

    /** Markdown of the document, at the start of its own lines (never indented into a code block). */
    private void markdown(String text) {
        out.append("\n\n").append(text.strip().replaceAll("(?m)^ {4,}(?=\\S)", "")).append("\n\n");
    }

    private void fence(String language, String title, String code) {
        String fence = "```";
        while (code.contains(fence)) {
            fence += "`";
        }
        out.append("\n\n").append(fence).append(language.isEmpty() ? "text" : language).append(' ')
                .append(title.replace('\n', ' ').replace("`", "")).append('\n').append(code).append('\n').append(fence).append("\n\n");
    }

    private void block(String html) {
        out.append("\n\n").append(html).append("\n\n");
    }

    private static String esc(String s) {
        return HtmlEncoder.attr(s == null ? "" : s);
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.strip().replaceAll("\\s*\n\\s*", " ");
    }

    private static String pretty(JsonNode v) {
        try {
            return dev.docsassistant.config.Mappers.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(v);
        } catch (Exception e) {
            return v.toString();
        }
    }
}
