package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Set;

/**
 * docs.json {@code related}: the "Related topics" section at the bottom of each page (Mintlify's
 * {@code organize/related-pages}). Mintlify switches it on in its dashboard's add-ons; here the switch
 * lives in docs.json, beside {@code assistant}, so it is versioned and deployed with the pages and
 * {@code dev} shows it too. Mintlify's validator drops the key (its top level is not strict).
 *
 * <pre>"related": {"mode": "automatic", "limit": 5}</pre>
 *
 * @param mode  {@link Mode#OFF} without the key
 * @param limit how many pages the section shows at most, 1 to {@link #MAX_LIMIT}
 */
public record RelatedSettings(Mode mode, int limit) {
    /** Whether the section shows and where its pages come from. */
    public enum Mode {
        /** No section (no {@code related} in docs.json, or {@code false}). */
        OFF,
        /** The site's search for the page's title, unless the page lists its own in front matter. */
        AUTOMATIC,
        /** Only the pages a page lists in its front matter {@code related}. */
        MANUAL
    }

    public static final int DEFAULT_LIMIT = 5;
    public static final int MAX_LIMIT = 10;
    public static final RelatedSettings OFF = new RelatedSettings(Mode.OFF, DEFAULT_LIMIT);

    /** @param docs the resolved docs.json, or null; what is wrong is added to {@code problems} (warnings) */
    public static RelatedSettings read(JsonNode docs, List<SiteProblem> problems) {
        JsonNode node = docs == null ? null : docs.get("related");
        if (node == null || node.isNull() || node.isBoolean() && !node.booleanValue()) {
            return OFF;
        }
        if (node.isBoolean()) {
            return new RelatedSettings(Mode.AUTOMATIC, DEFAULT_LIMIT);
        }
        if (!node.isObject()) {
            problems.add(warning("/related", "must be an object with mode (\"automatic\" or \"manual\") and limit, or false"
                    + "; related topics are off"));
            return OFF;
        }
        AssistantSettingsReader.unknownKeys(node, "/related", Set.of("mode", "limit"), problems);
        Mode mode = Mode.AUTOMATIC;
        JsonNode m = node.get("mode");
        if (m != null && m.isTextual() && (m.asText().equals("automatic") || m.asText().equals("manual"))) {
            mode = m.asText().equals("manual") ? Mode.MANUAL : Mode.AUTOMATIC;
        } else if (m != null) {
            problems.add(warning("/related/mode", "must be \"automatic\" or \"manual\"; related topics are off"));
            return OFF;
        }
        int limit = DEFAULT_LIMIT;
        JsonNode l = node.get("limit");
        if (l != null && l.isIntegralNumber() && l.asInt() >= 1 && l.asInt() <= MAX_LIMIT) {
            limit = l.asInt();
        } else if (l != null) {
            limit = l.isIntegralNumber() ? Math.max(1, Math.min(MAX_LIMIT, l.asInt())) : DEFAULT_LIMIT;
            problems.add(warning("/related/limit", "must be a whole number from 1 to " + MAX_LIMIT + "; " + limit + " is used"));
        }
        return new RelatedSettings(mode, limit);
    }

    private static SiteProblem warning(String pointer, String message) {
        return new SiteProblem("docs.json", pointer, message);
    }
}
