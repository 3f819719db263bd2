package dev.docsassistant.insights;

/** What the edges (REST, MCP, the rendered sites) record for search analytics, page traffic and agents' feedback. */
public record UsageRecorders(SearchLog searches, PageTraffic traffic, AgentFeedback feedback) {
}
