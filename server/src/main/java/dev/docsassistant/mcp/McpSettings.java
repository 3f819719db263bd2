package dev.docsassistant.mcp;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The MCP server's settings ({@code docs-assistant.mcp}, and {@code sites[].mcp.enabled}).
 *
 * @param allowedOrigins browser origins besides the server's own that may call it ({@code *}: any)
 * @param enabled        whether sites serve MCP unless they say otherwise
 * @param perSite        the sites that say otherwise, by domain
 */
public record McpSettings(Set<String> allowedOrigins, boolean enabled, Map<String, Boolean> perSite) {
    public static final McpSettings DEFAULTS = new McpSettings(Set.of(), true, Map.of());

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("MCP server", "McpSettings", List.of(
            new SettingDoc("docs-assistant.mcp.enabled", "true/false", String.valueOf(DEFAULTS.enabled),
                    "every site serves MCP at /sites/{domain}/mcp"),
            new SettingDoc("docs-assistant.mcp.allowed-origins", "list of origins", "",
                    "browser origins besides the server's own that may call it (\"*\" for any)"),
            new SettingDoc("docs-assistant.sites[].mcp.enabled", "true/false", "mcp.enabled", "whether one site serves MCP")));

    public McpSettings {
        allowedOrigins = Set.copyOf(allowedOrigins);
        perSite = Map.copyOf(perSite);
    }

    /** @param section the {@code docs-assistant} node (the per-site switch lives under {@code sites[]}) */
    public static McpSettings from(Config section) {
        boolean everySite = AppConfig.flag(section.get("mcp.enabled"), "docs-assistant.mcp.enabled", DEFAULTS.enabled);
        Map<String, Boolean> perSite = new LinkedHashMap<>();
        for (Config node : section.get("sites").asNodeList().orElse(List.of())) {
            perSite.put(node.get("domain").asString().orElse(""),
                    AppConfig.flag(node.get("mcp.enabled"), node.key() + ".mcp.enabled", everySite));
        }
        return new McpSettings(Set.copyOf(section.get("mcp.allowed-origins").asList(String.class).orElse(List.of())),
                everySite, perSite);
    }

    /** Whether the site {@code domain} serves MCP. */
    public boolean enabled(String domain) {
        return perSite.getOrDefault(domain, enabled);
    }
}
