package dev.docsassistant.git;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.web.ApiException;

/**
 * What a push webhook says, from GitHub's or GitLab's payload: the {@code ref} pushed, the commit it
 * is at now ({@code after} on GitHub, {@code checkout_sha} on GitLab) and whether the push deleted it.
 *
 * @param ref     the full ref, {@code refs/heads/main} or {@code refs/tags/v1}
 * @param commit  the commit the ref is at after the push; null when it was deleted
 * @param deleted whether the push deleted the ref
 * @param pusher  who pushed, as the host names them ("" when it does not say)
 */
public record PushEvent(String ref, String commit, boolean deleted, String pusher) {
    private static final String HEADS = "refs/heads/";

    /** The branch pushed, or null when the ref is not a branch (a tag). */
    public String branch() {
        return ref.startsWith(HEADS) ? ref.substring(HEADS.length()) : null;
    }

    /** @throws ApiException 400 naming the field when the payload is not a push */
    public static PushEvent parse(JsonNode body, WebhookAuth.Host host) {
        String ref = text(body, "ref");
        if (ref == null || ref.isBlank()) {
            throw ApiException.badRequest("ref is required: the body must be a push event's payload");
        }
        String after = text(body, "after");
        String commit = host == WebhookAuth.Host.GITLAB ? text(body, "checkout_sha") : after;
        boolean deleted = body.path("deleted").asBoolean(false) || after != null && after.matches("0+")
                || host == WebhookAuth.Host.GITLAB && commit == null;
        if (deleted) {
            commit = null;
        } else if (commit == null || !commit.matches("[0-9a-f]{40}([0-9a-f]{24})?")) {
            throw ApiException.badRequest((host == WebhookAuth.Host.GITLAB ? "checkout_sha" : "after")
                    + " must be the full commit id the push left " + ref + " at");
        }
        String pusher = host == WebhookAuth.Host.GITLAB ? text(body, "user_username")
                : body.path("pusher").path("name").isTextual() ? body.path("pusher").path("name").textValue()
                : body.path("sender").path("login").textValue();
        return new PushEvent(ref, commit, deleted, pusher == null ? "" : pusher);
    }

    private static String text(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw ApiException.badRequest(field + " must be a string");
        }
        return v.textValue();
    }
}
