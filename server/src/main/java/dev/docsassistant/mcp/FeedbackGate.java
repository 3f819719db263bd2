package dev.docsassistant.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.security.Quota;
import dev.docsassistant.security.RateLimits;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What keeps keyless MCP {@code feedback} from one client small: each client address may send
 * {@link #PER_CLIENT} feedback calls per site an hour, checked before the call is counted on the
 * site's public budget (so one address cannot spend that budget, or fill the dashboard, with
 * feedback), and feedback it already sent (the same page or answer, verdict and comment) within the
 * hour is folded into the first: answered, not stored again. Counted in this server's memory, like
 * the dashboard's sign-in limit: a fleet allows each client this much per server.
 */
final class FeedbackGate {
    static final RateLimits.Limit PER_CLIENT = new RateLimits.Limit(20, Duration.ofHours(1));
    /** Past this many remembered feedback calls, expired ones are dropped. */
    private static final int MAX_REMEMBERED = 50_000;

    private final RateLimits limits = new RateLimits(PER_CLIENT, PER_CLIENT);
    private final Map<String, Long> recent = new ConcurrentHashMap<>();
    private final Clock clock;

    FeedbackGate(Clock clock) {
        this.clock = clock;
    }

    /** Whether a JSON-RPC message (or batch) calls the {@code feedback} tool. */
    static boolean callsFeedback(JsonNode message) {
        if (message == null) {
            return false;
        }
        if (message.isArray()) {
            for (JsonNode m : message) {
                if (callsFeedback(m)) {
                    return true;
                }
            }
            return false;
        }
        return "tools/call".equals(message.path("method").asText()) && "feedback".equals(message.path("params").path("name").asText());
    }

    /** Counts one feedback call of {@code client} on {@code domain}. */
    Quota admit(String domain, String client) {
        return limits.countAddress(domain + " " + client);
    }

    /** Whether {@code client} sent this same feedback within the hour (it is then not stored again). */
    boolean repeated(String domain, String client, String path, String messageId, boolean helpful, String comment) {
        Long expiry = recent.get(key(domain, client, path, messageId, helpful, comment));
        return expiry != null && expiry > clock.millis();
    }

    /** Remembers feedback just stored, for an hour. */
    void remember(String domain, String client, String path, String messageId, boolean helpful, String comment) {
        long now = clock.millis();
        if (recent.size() > MAX_REMEMBERED) {
            recent.values().removeIf(expiry -> expiry <= now);
        }
        recent.put(key(domain, client, path, messageId, helpful, comment), now + PER_CLIENT.window().toMillis());
    }

    private static String key(String domain, String client, String path, String messageId, boolean helpful, String comment) {
        return String.join("\u0000", domain, client, String.valueOf(path), String.valueOf(messageId), String.valueOf(helpful),
                comment == null ? "" : comment.strip());
    }
}
