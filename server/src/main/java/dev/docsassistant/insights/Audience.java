package dev.docsassistant.insights;

/** Who read a page: people in a browser, or an agent by the way it came (MCP, Markdown and llms.txt, a known AI crawler). */
public enum Audience {
    BROWSER("browser", "Readers (browsers)", false),
    MCP("mcp", "MCP tools", true),
    MARKDOWN("markdown", ".md and llms.txt", true),
    AI_CRAWLER("ai-crawler", "AI crawlers", true),
    /** Search engines and other robots reading HTML: neither readers nor AI agents. */
    OTHER_BOT("other-bot", "Other robots", false);

    private final String stored;
    private final String label;
    private final boolean agent;

    Audience(String stored, String label, boolean agent) {
        this.stored = stored;
        this.label = label;
        this.agent = agent;
    }

    public String stored() {
        return stored;
    }

    public String label() {
        return label;
    }

    /** Whether this audience is an AI agent (not a person, not a search engine). */
    public boolean agent() {
        return agent;
    }

    /** The audience of a stored value; null when unknown (written by a newer server). */
    public static Audience of(String stored) {
        for (Audience a : values()) {
            if (a.stored.equals(stored)) {
                return a;
            }
        }
        return null;
    }

    /**
     * The audience of a page request by its User-Agent: a known AI crawler first, whatever it fetched;
     * else {@code byRoute} ({@link #MARKDOWN} for .md and llms.txt), or for HTML a browser unless the
     * agent says it is a robot.
     */
    public static Audience ofRequest(String userAgent, Audience byRoute) {
        if (AiCrawlers.matches(userAgent)) {
            return AI_CRAWLER;
        }
        if (byRoute == BROWSER && AiCrawlers.isOtherRobot(userAgent)) {
            return OTHER_BOT;
        }
        return byRoute;
    }
}
