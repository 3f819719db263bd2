package dev.docsassistant.app;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.deploy.DeploySettings;
import dev.docsassistant.egress.EgressSettings;
import dev.docsassistant.git.GitSettings;
import dev.docsassistant.insights.RetentionSettings;
import dev.docsassistant.integrations.IntegrationSettings;
import dev.docsassistant.request.AssistantLimits;
import dev.docsassistant.resume.ResumeSettings;
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
 * @param hosts  the host names served, and what each serves
 * @param git    the Git source of each configured site that has one ({@code sites[].git}), by domain
 * @param egress what outbound connections may reach, the configured sites' Git URLs included
 */
public record Settings(SecuritySettings security, AssistantLimits limits, ThreadSettings threads, StreamSettings stream,
                       ResumeSettings resume, RetentionSettings retention, DashboardSettings dashboard, SiteHost siteHost,
                       IntegrationSettings integrations, StoreSettings store, RedisSettings redis,
                       Map<String, SearchSettings> search, ServedHosts hosts, DeploySettings deployments,
                       Map<String, GitSettings> git, EgressSettings egress) {

    public static Settings create(AppConfig config) {
        var section = config.section();
        SiteHost siteHost = SiteHost.from(section);
        DashboardSettings dashboard = DashboardSettings.from(section.get("dashboard"));
        Map<String, GitSettings> git = GitSettings.ofSites(section);
        return new Settings(SecuritySettings.from(config),
                AssistantLimits.from(section.get("limits")),
                ThreadSettings.from(section.get("threads")),
                StreamSettings.from(section.get("stream")),
                ResumeSettings.from(section.get("stream.resume")),
                RetentionSettings.from(section.get("retention")),
                dashboard,
                siteHost,
                IntegrationSettings.from(section, config.baseDir()),
                StoreSettings.from(section.get("store")),
                RedisSettings.from(section.get("redis")),
                Map.copyOf(SearchConfig.read(config)),
                ServedHosts.create(config, siteHost, dashboard),
                DeploySettings.from(section.get("deployments")),
                git,
                EgressSettings.from(section.get("egress"), config.baseDir())
                        .withNamed(git.values().stream().map(GitSettings::url).toList()));
    }
}
