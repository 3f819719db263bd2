package dev.docsassistant.readers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.content.Page;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A reader signed in to one site: who (when the method says), the access groups their pages are
 * read with, and the values of the user data format personalised pages show.
 *
 * @param id                  the reader's id at the provider ({@code sub}), if the method knows one
 * @param groups              the reader's groups (from the token, the Info API or the JWT's user data)
 * @param content             {@code content}: values {@code {user.…}} in pages show (an object, maybe empty)
 * @param apiPlaygroundInputs {@code apiPlaygroundInputs}: what the API playground is prefilled with (an object, maybe empty)
 * @param expiresAt           when the session ends
 */
public record Reader(Optional<String> id, List<String> groups, ObjectNode content, ObjectNode apiPlaygroundInputs,
                     Instant expiresAt) {
    public Reader {
        groups = List.copyOf(groups);
        content = content == null ? JsonNodeFactory.instance.objectNode() : content.deepCopy();
        apiPlaygroundInputs = apiPlaygroundInputs == null ? JsonNodeFactory.instance.objectNode() : apiPlaygroundInputs.deepCopy();
    }

    /** A reader known by nothing but having signed in (the shared password). */
    public static Reader anonymous(Instant expiresAt) {
        return new Reader(Optional.empty(), List.of(), null, null, expiresAt);
    }

    /**
     * This reader without their id: what a site that does not record readers' identities keeps of them
     * ({@code reader-auth.record-identity: false}), so the id is stored nowhere, not even in the session.
     */
    public Reader withoutId() {
        return id.isEmpty() ? this : new Reader(Optional.empty(), groups, content, apiPlaygroundInputs, expiresAt);
    }

    /**
     * The access groups a request of this reader reads in a site: their own, and
     * {@link Page#SIGNED_IN}, which every signed-in reader holds. Never anything a request names.
     */
    public List<String> accessGroups() {
        List<String> all = new ArrayList<>(groups.size() + 1);
        all.addAll(groups);
        all.add(Page.SIGNED_IN);
        return List.copyOf(all);
    }

    /** The user data format of this reader (what pages' scripts may read: groups, content, apiPlaygroundInputs, expiresAt). */
    public ObjectNode userData() {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("expiresAt", expiresAt.getEpochSecond());
        groups.forEach(out.putArray("groups")::add);
        if (groups.isEmpty()) {
            out.putArray("groups");
        }
        out.set("content", content.deepCopy());
        out.set("apiPlaygroundInputs", apiPlaygroundInputs.deepCopy());
        return out;
    }

    /** How the store keeps this reader: the user data with the id (the expiry is kept beside it). */
    public String storedJson() {
        ObjectNode data = userData();
        id.ifPresent(v -> data.put("id", v));
        return data.toString();
    }

    /** A reader the store kept ({@link #storedJson()}), with the expiry kept beside it. */
    public static Reader fromStoredJson(String json, Instant expiresAt) {
        try {
            JsonNode data = dev.docsassistant.config.Mappers.JSON.readTree(json);
            List<String> groups = new ArrayList<>();
            data.path("groups").forEach(g -> groups.add(g.asText()));
            return new Reader(Optional.ofNullable(data.path("id").textValue()), groups,
                    data.path("content") instanceof ObjectNode o ? o : null,
                    data.path("apiPlaygroundInputs") instanceof ObjectNode o ? o : null, expiresAt);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a stored reader is not JSON", e);
        }
    }

    /** A value of {@code content} at a dotted path ({@code org.plan}), if it is there and not an object or array. */
    public Optional<String> contentValue(String dottedPath) {
        JsonNode node = content;
        for (String part : dottedPath.split("\\.", -1)) {
            node = node.path(part);
        }
        return node.isValueNode() && !node.isNull() ? Optional.of(node.asText()) : Optional.empty();
    }

    @Override
    public String toString() {
        return "Reader[" + id.orElse("(anonymous)") + ", groups " + groups + ", until " + expiresAt + "]";
    }
}
