package dev.docsassistant.app;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.deploy.DeploySettings;
import dev.docsassistant.insights.RetentionSettings;
import dev.docsassistant.integrations.IntegrationSettings;
import dev.docsassistant.request.AssistantLimits;
import dev.docsassistant.assistant.StreamSettings;
import dev.docsassistant.assistant.ThreadSettings;
import dev.docsassistant.search.SearchConfig;
import dev.docsassistant.search.SearchSettings;
import dev.docsassistant.security.DashboardSettings;
import dev.docsassistant.security.SecuritySettings;
import dev.docsassistant.store.RedisSettings;
import dev.docsassistant.store.StoreSettings;

import java.util.Map;

/**
 * Every {@code docs-assistant} setting the application core reads, each record built once from its
 * own node with its defaults inside. Read before any site is indexed, so a bad value stops start-up
 * at once; the {@link App} then hands the same records to both edges. The edges' own settings
 * (connections, the v1 sunset, MCP) are read where the edges are wired.
 *
 * @param search the search settings of each site, by domain
 */
public record Settings(SecuritySettings security, AssistantLimits limits, ThreadSettings threads, StreamSettings stream,
                       RetentionSettings retention, DashboardSettings dashboard, SiteHost siteHost,
                       IntegrationSettings integrations, StoreSettings store, RedisSettings redis,
                       Map<String, SearchSettings> search, DeploySettings deployments) {

    public static Settings create(AppConfig config) {
        var section = config.section();
        return new Settings(SecuritySettings.from(config),
                AssistantLimits.from(section.get("limits")),
                ThreadSettings.create(section.get("threads")),
                StreamSettings.create(section.get("stream")),
                RetentionSettings.create(section.get("retention")),
                DashboardSettings.create(section.get("dashboard")),
                SiteHost.of(section),
                IntegrationSettings.create(section, config.baseDir()),
                StoreSettings.create(section.get("store")),
                RedisSettings.create(section.get("redis")),
                Map.copyOf(SearchConfig.read(config)),
                DeploySettings.create(section.get("deployments")));
    }
}
