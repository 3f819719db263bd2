package dev.docsassistant.mcp;

import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.content.Page;
import dev.docsassistant.sites.Site;
import dev.docsassistant.insights.UsageRecorders;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import dev.docsassistant.playground.PlaygroundProxy;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.List;

/**
 * One site's MCP server, built with the SDK: its tools ({@link DocsTools}, and {@link ApiTools} for the
 * operations its API descriptions mark {@code x-mint.mcp}) and its public pages as
 * {@code docs://{domain}/{path}} Markdown resources, behind a {@link StatelessHttpTransport}.
 * Pages of access groups are not listed as resources (the list is the same for every client);
 * {@code get_page} reads them for a client whose key opens them.
 */
final class SiteMcpServer {
    static final String MARKDOWN = "text/markdown";

    private final StatelessHttpTransport transport;
    private final McpStatelessSyncServer server;

    /** @param proxy the API playground's proxy, which tools of operations marked {@code x-mint.mcp} send through; null: no such tools */
    SiteMcpServer(Site site, AssistantService assistant, AssistantRules rules, UsageRecorders usage, FeedbackGate feedbackGate,
                  McpJsonMapper json, String version, PlaygroundProxy proxy) {
        this.transport = new StatelessHttpTransport(json);
        String name = site.content().name();
        this.server = McpServer.sync(transport)
                .serverInfo(site.domain() + "-docs", version)
                .instructions("Documentation of " + name + ". Use search to find the pages that cover a topic, get_page to "
                        + "read a page in full as Markdown, ask for a short answer with links to its sources, and feedback to tell the "
                        + "documentation team whether a page or an answer helped.")
                .jsonMapper(json)
                .immediateExecution(true) // tools run on the request's virtual thread, not a Reactor pool
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build())
                .tools(tools(site, new DocsTools(site, assistant, rules, usage, feedbackGate).all(), proxy))
                .resources(resources(site))
                .build();
    }

    private static List<SyncToolSpecification> tools(Site site, List<SyncToolSpecification> docs, PlaygroundProxy proxy) {
        List<SyncToolSpecification> all = new java.util.ArrayList<>(docs);
        all.addAll(ApiTools.of(site, proxy, docs.stream().map(t -> t.tool().name()).collect(java.util.stream.Collectors.toSet())));
        return all;
    }

    StatelessHttpTransport transport() {
        return transport;
    }

    void close() {
        server.close();
    }

    static String uri(Site site, Page page) {
        return "docs://" + site.domain() + "/" + page.path();
    }

    private static List<SyncResourceSpecification> resources(Site site) {
        return site.content().pages().stream().filter(Page::isPublic).map(page -> {
            String uri = uri(site, page);
            McpSchema.Resource resource = McpSchema.Resource.builder(uri, page.path()).title(page.title())
                    .description(page.description().isEmpty() ? null : page.description()).mimeType(MARKDOWN).build();
            return new SyncResourceSpecification(resource, (context, request) -> {
                if (!uri.equals(request.uri())) {
                    throw McpError.RESOURCE_NOT_FOUND.apply(request.uri());
                }
                return new McpSchema.ReadResourceResult(List.of(
                        new McpSchema.TextResourceContents(uri, MARKDOWN, page.fullMarkdown(), null)), null);
            });
        }).toList();
    }
}
