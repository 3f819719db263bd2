package dev.docsassistant.mcp;

import dev.docsassistant.insights.Audience;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.insights.UsageRecorders;
import dev.docsassistant.request.FeedbackRules;
import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.assistant.AssistantException;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.CollectedAnswer;
import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.request.InvalidFieldException;
import dev.docsassistant.request.Rules;
import dev.docsassistant.request.SearchRules;
import dev.docsassistant.search.PageContent;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.sites.Site;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The site's MCP tools, each a thin call into the same core as the REST API: {@code search}
 * ({@code /v1/search}), {@code get_page} ({@code /v1/page}), {@code ask} (the assistant) and
 * {@code feedback} (on a page or an answer, kept for the dashboard with channel {@code mcp}). Searches
 * and page reads are recorded as the REST ones are, as MCP traffic. Bad
 * arguments and missing pages are tool errors ({@code isError}) naming the argument, so a model can
 * correct itself; unknown tools are protocol errors (the SDK's).
 */
final class DocsTools {
    /** Where search calls are counted in page traffic: the rendered site's search page. */
    private static final String SEARCH_PAGE = "/_search";
    private static final Pattern RELATIVE_LINK = Pattern.compile("]\\((/[^)\\s]*)\\)");
    private final Site site;
    private final AssistantService assistant;
    private final AssistantRules rules;
    private final UsageRecorders usage;
    private final FeedbackGate feedbackGate;

    DocsTools(Site site, AssistantService assistant, AssistantRules rules, UsageRecorders usage, FeedbackGate feedbackGate) {
        this.site = site;
        this.assistant = assistant;
        this.rules = rules;
        this.usage = usage;
        this.feedbackGate = feedbackGate;
    }

    List<SyncToolSpecification> all() {
        String name = site.content().name();
        return List.of(
                tool("search", "Search " + name,
                        "Search the " + name + " documentation. Returns the best section of each matching page, best first, "
                                + "with its path, title and a relevance score from 0 to 1.",
                        schema(Map.of("query", string("What to look for, in words or a question"),
                                        "version", string("Only pages of this documentation version"),
                                        "language", string("Only pages in this language code (for example en, fr)"),
                                        "pageSize", Map.of("type", "integer", "minimum", 1, "maximum", SearchRules.MAX_PAGE_SIZE,
                                                "description", "At most this many results (default " + SearchRules.DEFAULT_PAGE_SIZE + ")")),
                                "query"),
                        this::search),
                tool("get_page", "Read a page of " + name,
                        "The whole page of the " + name + " documentation at a path (as search returns it: /guides/retries, "
                                + "an #anchor is ignored), as Markdown.",
                        schema(Map.of("path", string("The page path, for example /quickstart")), "path"),
                        this::page),
                tool("ask", "Ask the " + name + " assistant",
                        "Ask the documentation assistant of " + name + " a question. Returns its answer, written from the "
                                + "documentation only, with links to the pages it used; it says so when the documentation does not cover the question.",
                        schema(Map.of("question", string("The question"),
                                        "version", string("Answer from this documentation version"),
                                        "language", string("Answer from pages in this language code")),
                                "question"),
                        this::ask),
                feedbackTool(name));
    }

    private SyncToolSpecification feedbackTool(String name) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("helpful", Map.of("type", "boolean", "description", "Whether the page or answer helped"));
        properties.put("path", string("The page the feedback is about, for example /quickstart (as search and get_page name it)"));
        properties.put("messageId", string("The answer the feedback is about: the messageId of ask's result"));
        properties.put("threadId", string("The answer's threadId (optional: the messageId names its thread)"));
        properties.put("comment", string("What was missing, wrong or good, in a sentence or two"));
        Map<String, Object> input = Map.of("type", "object", "properties", properties, "required", List.of("helpful"),
                "additionalProperties", false);
        McpSchema.Tool tool = McpSchema.Tool.builder().name("feedback").title("Send feedback on " + name)
                .description("Tell the " + name + " documentation team whether a page (path) or an answer of ask (messageId) "
                        + "helped, with an optional comment. Give path, messageId or both.")
                .inputSchema(input)
                .annotations(new McpSchema.ToolAnnotations("Send feedback on " + name, false, false, false, false, null)).build();
        return new SyncToolSpecification(tool, (McpTransportContext context, McpSchema.CallToolRequest request) -> {
            try {
                return feedback(McpCaller.of(context), request.arguments() == null ? Map.of() : request.arguments());
            } catch (InvalidFieldException e) {
                return error(e.getMessage());
            }
        });
    }

    private McpSchema.CallToolResult feedback(McpCaller caller, Map<String, Object> args) {
        Object helpful = args.get("helpful");
        if (!(helpful instanceof Boolean verdict)) {
            throw new InvalidFieldException("helpful", "is required and must be true or false");
        }
        String comment = Rules.maxLength("comment", text(args, "comment"), FeedbackRules.MAX_COMMENT_CHARS);
        String rawPath = text(args, "path");
        String messageId = Rules.maxLength("messageId", blankToNull(text(args, "messageId")), FeedbackRules.MAX_ID_CHARS);
        String threadId = Rules.maxLength("threadId", blankToNull(text(args, "threadId")), FeedbackRules.MAX_ID_CHARS);
        if (blankToNull(rawPath) == null && messageId == null) {
            throw new InvalidFieldException("path", "or messageId is required: name the page or the answer the feedback is about");
        }
        String page = null;
        if (blankToNull(rawPath) != null) {
            String path = SearchRules.pagePath(rawPath);
            page = site.search().page(path, caller.groups())
                    .orElseThrow(() -> new InvalidFieldException("path", "names no page of this site: " + path)).path();
        }
        // Keyless feedback a client already sent is answered as recorded and not stored again.
        String client = caller.who().keyId() == null ? caller.who().address().bucketKey() : null;
        if (client == null || !feedbackGate.repeated(site.domain(), client, page, messageId, verdict, comment)) {
            if (messageId != null && !usage.feedback().onAnswer(site.domain(), threadId, messageId, verdict, comment, Channel.MCP)) {
                throw new InvalidFieldException("messageId", "names no answer of this site" + (threadId == null ? "" : " in thread " + threadId));
            }
            if (page != null) {
                usage.feedback().onPage(site.domain(), page, verdict, comment, Channel.MCP.stored());
            }
            if (client != null) {
                feedbackGate.remember(site.domain(), client, page, messageId, verdict, comment);
            }
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("recorded", true);
        structured.put("path", page);
        structured.put("messageId", messageId);
        return result("Thank you: the feedback was recorded for the documentation team.", structured);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private McpSchema.CallToolResult search(McpCaller caller, Map<String, Object> args) {
        List<SearchHit> hits = site.search().search(SearchRules.search(text(args, "query"), number(args, "pageSize"), null,
                new SearchFilter(text(args, "version"), text(args, "language"), null, caller.groups())));
        String searchId = usage.searches().searched(site.domain(), Channel.MCP, false, text(args, "query"),
                hits.stream().map(SearchHit::path).toList());
        usage.traffic().count(site.domain(), SEARCH_PAGE, Audience.MCP);
        StringBuilder out = new StringBuilder();
        if (hits.isEmpty()) {
            out.append("No page matches.");
        }
        for (SearchHit hit : hits) {
            out.append("## ").append(hit.title()).append(hit.section() == null ? "" : " › " + hit.section()).append('\n')
                    .append(caller.link(hit.path())).append(" (path ").append(hit.path())
                    .append(", score ").append(String.format("%.2f", hit.score())).append(")\n\n")
                    .append(hit.content().strip()).append("\n\n");
        }
        return result(out.toString().strip(), Map.of("results", hits.stream().map(SearchHit::asResult).toList(), "searchId", searchId));
    }

    private McpSchema.CallToolResult page(McpCaller caller, Map<String, Object> args) {
        String path = SearchRules.pagePath(text(args, "path"));
        PageContent page = site.search().page(path, caller.groups())
                .orElseThrow(() -> new InvalidFieldException("path", "names no page of this site: " + path));
        usage.traffic().count(site.domain(), page.path(), Audience.MCP);
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("path", page.path());
        structured.put("title", page.title());
        structured.put("url", caller.link(page.path()));
        structured.put("content", page.content());
        return result(page.content(), structured);
    }

    private McpSchema.CallToolResult ask(McpCaller caller, Map<String, Object> args) {
        String question = Rules.maxLength("question", Rules.required("question", text(args, "question")),
                rules.limits().maxTextChars());
        var request = rules.check(new AssistantRules.Draft(site.domain(), "mcp",
                List.of(new ChatMessage("user", question)), null, null, null,
                new SearchFilter(text(args, "version"), text(args, "language"), null, caller.groups()), List.of(), null));
        CollectedAnswer answer = new CollectedAnswer(Channel.MCP);
        try {
            assistant.answer(assistant.accept(request, caller.thread()), answer);
        } catch (AssistantException e) {
            return error("the assistant could not answer: " + e.getMessage());
        }
        if (answer.error() != null) {
            return error("the assistant could not answer: " + answer.error());
        }
        // The answer links pages by path; the client needs addresses it can open.
        String text = RELATIVE_LINK.matcher(answer.text().strip())
                .replaceAll(m -> Matcher.quoteReplacement("](" + caller.link(m.group(1)) + ")"));
        StringBuilder out = new StringBuilder(text);
        List<Map<String, Object>> sources = new ArrayList<>();
        if (!answer.sources().isEmpty()) {
            out.append("\n\nSources:\n");
        }
        for (AnswerSource source : answer.sources()) {
            String url = source.url().startsWith("/") ? caller.link(source.url()) : source.url();
            out.append("- [").append(source.title()).append("](").append(url).append(")\n");
            sources.add(Map.of("title", source.title(), "url", url, "path", source.path()));
        }
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("answer", text);
        structured.put("sources", sources);
        structured.put("threadId", answer.threadId());
        structured.put("messageId", answer.messageId()); // what the feedback tool takes
        return result(out.toString().strip(), structured);
    }

    private interface Call extends BiFunction<McpCaller, Map<String, Object>, McpSchema.CallToolResult> {
    }

    private static SyncToolSpecification tool(String name, String title, String description, Map<String, Object> input,
                                              Call call) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(name).title(title).description(description).inputSchema(input)
                .annotations(new McpSchema.ToolAnnotations(title, true, false, true, false, null)).build();
        return new SyncToolSpecification(tool, (McpTransportContext context, McpSchema.CallToolRequest request) -> {
            try {
                return call.apply(McpCaller.of(context), request.arguments() == null ? Map.of() : request.arguments());
            } catch (InvalidFieldException e) {
                return error(e.getMessage());
            }
        });
    }

    private static McpSchema.CallToolResult result(String text, Object structured) {
        return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent(null, text, null)), false, structured, null);
    }

    private static McpSchema.CallToolResult error(String message) {
        return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent(null, message, null)), true, null, null);
    }

    private static Map<String, Object> schema(Map<String, Object> properties, String required) {
        return Map.of("type", "object", "properties", properties, "required", List.of(required), "additionalProperties", false);
    }

    private static Map<String, Object> string(String description) {
        return Map.of("type", "string", "description", description);
    }

    /** A string argument; the SDK has checked the types against the input schema already. */
    private static String text(Map<String, Object> args, String name) {
        Object v = args.get(name);
        if (v != null && !(v instanceof String)) {
            throw new InvalidFieldException(name, "must be a string");
        }
        return (String) v;
    }

    private static Number number(Map<String, Object> args, String name) {
        Object v = args.get(name);
        if (v != null && !(v instanceof Number)) {
            throw new InvalidFieldException(name, "must be an integer");
        }
        return (Number) v;
    }
}
