package dev.docsassistant.content;

import java.util.List;

/**
 * A site's own settings for its assistant, read from its docs folder, so they are versioned and
 * deployed with the content (see {@link AssistantSettingsReader} for where each one lives).
 *
 * @param instructions     the maintainers' instructions for the language model, or null
 * @param starterQuestions questions the empty Ask AI panel offers, in the order written
 * @param handoff          where a reader goes when the assistant cannot answer, or null
 */
public record AssistantSettings(String instructions, List<String> starterQuestions, Handoff handoff) {
    /** A site that sets nothing. */
    public static final AssistantSettings NONE = new AssistantSettings(null, List.of(), null);

    public AssistantSettings {
        starterQuestions = List.copyOf(starterQuestions);
    }

    /**
     * A support link or address shown with an abstention.
     *
     * @param label the link's text
     * @param url   an {@code http(s):} or {@code mailto:} URL, checked by {@link SafeUrl} and free of
     *              spaces, parentheses and angle brackets, so it stands in a Markdown link as it is
     */
    public record Handoff(String label, String url) {
        /** The sentence an abstention ends with: a Markdown link the panel, the APIs and OpenAI clients all show. */
        public String sentence() {
            return "For more help, " + "[" + label.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]") + "](" + url + ").";
        }
    }
}
