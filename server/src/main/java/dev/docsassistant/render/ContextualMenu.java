package dev.docsassistant.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.content.ContextualOptions;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.integrations.spi.HtmlEncoder;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The page menu of docs.json {@code contextual}: a button doing the first option and a menu button
 * (the WAI-ARIA menu button pattern, driven by the site's own script) listing every option. Links
 * are built here, so "Open in ChatGPT", "View as Markdown" or "Connect to Cursor" are plain links;
 * the script only copies (the page's Markdown, the MCP URL) and moves the keyboard focus. Nothing
 * loads from a third party: the site's Content-Security-Policy stays as it is.
 */
final class ContextualMenu {
    static final String BUTTON_ID = HtmlSanitizer.LAYOUT_ID_PREFIX + "ctx-button";
    static final String MENU_ID = HtmlSanitizer.LAYOUT_ID_PREFIX + "ctx-menu";
    /** The longest page text a custom link's {@code $page} carries (browsers and servers cap URL lengths). */
    static final int MAX_PAGE_CHARS = 4000;
    private static final java.util.regex.Pattern PLACEHOLDER = java.util.regex.Pattern.compile("\\$(page|path|mcp)");

    /**
     * Where the page is, for its links.
     *
     * @param path         the page's path ({@code guides/retries}, {@code index})
     * @param markdown     the page as Markdown (its {@code .md} twin), for a custom link's {@code $page}
     * @param links        how links resolve where the site is served
     * @param absoluteBase the site's address as the reader reached it, no trailing slash
     * @param domain       the site's domain, naming its MCP server in editors
     * @param mcp          whether the site serves MCP
     * @param assistant    whether the Ask AI panel works on the page
     * @param spec         the API description the page shows (its file in the site folder), or null
     */
    record Page(String path, String markdown, LinkResolver links, String absoluteBase, String domain, boolean mcp,
                boolean assistant, String spec) {
        String url() {
            return absoluteBase + "/" + PagePaths.withoutIndex(path);
        }

        String markdownHref() {
            return links.base() + "/" + path + ".md";
        }

        String mcpUrl() {
            return absoluteBase + "/mcp";
        }
    }

    private ContextualMenu() {
    }

    /** The menu's markup, or "" when no option applies to the page. */
    static String html(ContextualOptions options, Page page, UiStrings t, Icons icons) {
        List<String> items = new ArrayList<>();
        for (ContextualOptions.Option option : options.options()) {
            String item = switch (option) {
                case ContextualOptions.BuiltIn b -> builtIn(b.id(), page, t);
                case ContextualOptions.Custom c -> link("custom", href(c, page), c.title(), c.description(), icons.html(c.icon()));
            };
            if (item != null) {
                items.add(item);
            }
        }
        if (items.isEmpty()) {
            return "";
        }
        StringBuilder h = new StringBuilder("<div class=\"contextual").append(options.toc() ? " contextual-toc" : "")
                .append("\" data-contextual hidden>");
        // The first option is also the button beside the menu, as on Mintlify.
        h.append(items.getFirst().replace(" role=\"menuitem\" tabindex=\"-1\"", " class=\"contextual-primary\""));
        h.append("<button type=\"button\" class=\"contextual-toggle\" id=\"" + BUTTON_ID + "\" aria-haspopup=\"menu\" ")
                .append("aria-expanded=\"false\" aria-controls=\"" + MENU_ID + "\" aria-label=\"")
                .append(HtmlEncoder.attr(t.get("ctxMenu"))).append("\"><span aria-hidden=\"true\">▾</span></button>")
                .append("<ul class=\"contextual-menu\" role=\"menu\" id=\"" + MENU_ID + "\" aria-labelledby=\"" + BUTTON_ID + "\" hidden>");
        items.forEach(i -> h.append("<li role=\"none\">").append(i).append("</li>"));
        return h.append("</ul><span class=\"contextual-status\" role=\"status\"></span></div>\n").toString();
    }

    /** A built-in option's item, or null when the site cannot offer it (no MCP server, no assistant). */
    private static String builtIn(String id, Page page, UiStrings t) {
        String key = "ctx" + Character.toUpperCase(id.charAt(0)) + id.substring(1);
        String title = t.get(key);
        String description = t.get(key + "Desc");
        String prompt = t.get("ctxPrompt").replace("{url}", page.url());
        return switch (id) {
            case "copy" -> button(id, "data-copy-from=\"" + HtmlEncoder.attr(page.markdownHref()) + "\"", title, description);
            case "view" -> link(id, page.markdownHref(), title, description, "");
            case "assistant" -> page.assistant() ? button(id, "data-open-assistant", title, description) : null;
            case "chatgpt" -> link(id, "https://chatgpt.com/?hints=search&q=" + encode(prompt), title, description, "");
            case "claude" -> link(id, "https://claude.ai/new?q=" + encode(prompt), title, description, "");
            case "perplexity" -> link(id, "https://www.perplexity.ai/search/new?q=" + encode(prompt), title, description, "");
            case "mcp" -> page.mcp() ? button(id, "data-copy-text=\"" + HtmlEncoder.attr(page.mcpUrl()) + "\"", title, description) : null;
            case "cursor" -> page.mcp() ? link(id, cursorInstall(page), title, description, "") : null;
            case "vscode" -> page.mcp() ? link(id, vscodeInstall(page), title, description, "") : null;
            // Only on pages of an API description: the file itself, served while this option is on.
            case "download-spec" -> page.spec() == null ? null : "<a role=\"menuitem\" tabindex=\"-1\" data-ctx=\"" + id
                    + "\" href=\"" + HtmlEncoder.attr(page.links().base() + "/" + page.spec()) + "\" download>" + label(title, description) + "</a>";
            default -> null;
        };
    }

    /** Cursor's MCP install deep link: the server's name and its config ({@code {"url": …}}) in Base64. */
    static String cursorInstall(Page page) {
        ObjectNode config = Mappers.JSON.createObjectNode().put("url", page.mcpUrl());
        return "cursor://anysphere.cursor-deeplink/mcp/install?name=" + encode(page.domain()) + "&config="
                + encode(Base64.getEncoder().encodeToString(json(config).getBytes(StandardCharsets.UTF_8)));
    }

    /** VS Code's MCP install link: the server definition as URL-encoded JSON. */
    static String vscodeInstall(Page page) {
        ObjectNode server = Mappers.JSON.createObjectNode().put("name", page.domain()).put("type", "http").put("url", page.mcpUrl());
        return "vscode:mcp/install?" + encode(json(server));
    }

    /** A custom item's link: its base placed like any link of the site, the query's placeholders filled in. */
    static String href(ContextualOptions.Custom c, Page page) {
        String base = page.links().href(c.href());
        if (c.query().isEmpty()) {
            return base;
        }
        String pageText = page.markdown().length() > MAX_PAGE_CHARS ? page.markdown().substring(0, MAX_PAGE_CHARS) + " …"
                : page.markdown();
        StringBuilder s = new StringBuilder(base).append(base.contains("?") ? '&' : '?');
        String sep = "";
        for (ContextualOptions.Query q : c.query()) {
            // One pass, so a page's text holding "$path" is not filled in again.
            String value = PLACEHOLDER.matcher(q.value()).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(
                    switch (m.group(1)) {
                        case "page" -> pageText;
                        case "path" -> "/" + PagePaths.withoutIndex(page.path());
                        default -> page.mcpUrl();
                    }));
            s.append(sep).append(encode(q.key())).append('=').append(encode(value));
            sep = "&";
        }
        return s.toString();
    }

    private static String link(String id, String href, String title, String description, String icon) {
        return "<a role=\"menuitem\" tabindex=\"-1\" data-ctx=\"" + id + "\" href=\"" + HtmlEncoder.attr(href)
                + "\" target=\"_blank\" rel=\"noopener noreferrer\">" + icon + label(title, description) + "</a>";
    }

    private static String button(String id, String action, String title, String description) {
        return "<button type=\"button\" role=\"menuitem\" tabindex=\"-1\" data-ctx=\"" + id + "\" " + action + ">"
                + label(title, description) + "</button>";
    }

    private static String label(String title, String description) {
        return "<span class=\"ctx-title\">" + HtmlEncoder.attr(title) + "</span><span class=\"ctx-desc\">"
                + HtmlEncoder.attr(description) + "</span>";
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String json(ObjectNode node) {
        try {
            return Mappers.JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
