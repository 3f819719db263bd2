package dev.docsassistant.insights;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The AI crawlers and agents known by their User-Agent token (as their operators publish them). One
 * list here: add a token when a new one shows up in the logs.
 */
public final class AiCrawlers {
    /** Lower-case tokens matched as substrings of the User-Agent. */
    public static final List<String> TOKENS = List.of(
            "gptbot", "chatgpt-user", "oai-searchbot",
            "claudebot", "claude-user", "claude-searchbot", "anthropic-ai",
            "perplexitybot", "perplexity-user",
            "google-extended", "google-cloudvertexbot",
            "ccbot", "bytespider", "applebot-extended",
            "meta-externalagent", "meta-externalfetcher", "facebookbot",
            "amazonbot", "cohere-ai", "diffbot", "youbot", "mistralai-user", "duckassistbot", "ai2bot");
    private static final Pattern ROBOT = Pattern.compile("bot|crawl|spider|slurp|curl/|wget/|python-requests|httpclient");

    private AiCrawlers() {
    }

    public static boolean matches(String userAgent) {
        if (userAgent == null || userAgent.isEmpty()) {
            return false;
        }
        String ua = userAgent.toLowerCase(Locale.ROOT);
        for (String token : TOKENS) {
            if (ua.contains(token)) {
                return true;
            }
        }
        return false;
    }

    /** A robot that is not a known AI crawler (a search engine, a script); no User-Agent at all counts as one. */
    static boolean isOtherRobot(String userAgent) {
        return userAgent == null || userAgent.isBlank() || ROBOT.matcher(userAgent.toLowerCase(Locale.ROOT)).find();
    }
}
