package dev.docsassistant.server;

import dev.docsassistant.readers.ReaderAuthSettings;

import dev.docsassistant.deploy.DeploySettings;
import dev.docsassistant.egress.EgressSettings;
import dev.docsassistant.playground.PlaygroundSettings;
import dev.docsassistant.sites.SpecUrls;
import dev.docsassistant.transport.ConnectionSettings;

import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.app.SiteHost;
import dev.docsassistant.assistant.llm.GeneratorConfig;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.SettingDoc;
import dev.docsassistant.git.GitSettings;
import dev.docsassistant.rest.V1Sunset;
import dev.docsassistant.insights.RetentionSettings;
import dev.docsassistant.integrations.IntegrationSettings;
import dev.docsassistant.mcp.McpSettings;
import dev.docsassistant.request.AssistantLimits;
import dev.docsassistant.assistant.StreamSettings;
import dev.docsassistant.assistant.ThreadSettings;
import dev.docsassistant.search.SearchConfig;
import dev.docsassistant.security.DashboardSettings;
import dev.docsassistant.security.SecuritySettings;
import dev.docsassistant.store.RedisSettings;
import dev.docsassistant.resume.ResumeSettings;
import dev.docsassistant.store.StoreSettings;

import java.util.List;

/**
 * {@code docs/configuration.md}: every key the server reads, made from the declarations next to
 * the settings records that read them, so the reference and the defaults cannot drift apart.
 * It lives here, where the edges are wired, because only from here are all the records in sight.
 */
public final class ConfigReference {
    /** In the order a reader meets them: the server, the sites, answers, then the edges and the store. */
    public static final List<SettingDoc.Group> GROUPS = List.of(
            ServerSettings.REFERENCE, AppConfig.REFERENCE, GitSettings.REFERENCE, SiteHost.REFERENCE, ServedHosts.REFERENCE, SearchConfig.REFERENCE,
            GeneratorConfig.REFERENCE, AssistantLimits.REFERENCE, ThreadSettings.REFERENCE, StreamSettings.REFERENCE,
            ResumeSettings.REFERENCE,
            V1Sunset.REFERENCE, SecuritySettings.REFERENCE, ConnectionSettings.REFERENCE, StoreSettings.REFERENCE,
            RedisSettings.REFERENCE, McpSettings.REFERENCE, IntegrationSettings.REFERENCE, DashboardSettings.REFERENCE,
            RetentionSettings.REFERENCE, DeploySettings.REFERENCE, EgressSettings.REFERENCE,
            ReaderAuthSettings.REFERENCE, PlaygroundSettings.REFERENCE, SpecUrls.REFERENCE);

    private ConfigReference() {
    }

    /** @param regenerate the command that rewrites the file, named in its header */
    public static String markdown(String regenerate) {
        StringBuilder md = new StringBuilder("""
                # Configuration reference

                Every key the server reads, with its type and default. Generated from the settings records
                that read them; do not edit by hand: change the record's declaration and regenerate with
                `%s`.

                Every key can be overridden by an environment variable, as Helidon maps them (`SERVER_PORT`,
                `DOCS_DASH_ASSISTANT_DATA_DASH_DIR`). Durations are written `500ms`, `30s`, `10m`, `12h`, `90d`
                or ISO-8601 (`PT30S`). `sites[]` stands for each entry of `docs-assistant.sites`.
                """.formatted(regenerate));
        for (SettingDoc.Group group : GROUPS) {
            md.append("\n## ").append(group.title()).append("\n\nRead by `").append(group.reader().replace(", ", "` and `")).append("`.\n\n")
                    .append("| key | type | default | description |\n| --- | --- | --- | --- |\n");
            for (SettingDoc key : group.keys()) {
                md.append("| `").append(key.key()).append("` | ").append(cell(key.type())).append(" | ")
                        .append(defaultCell(key.defaultValue())).append(" | ").append(cell(key.description())).append(" |\n");
            }
        }
        return md.toString();
    }

    /** Values in code font; phrases ("SQLite in the data directory") as text. */
    private static String defaultCell(String value) {
        if (value.isEmpty()) {
            return "";
        }
        return value.contains(" ") ? cell(value) : "`" + value.replace("|", "\\|") + "`";
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
