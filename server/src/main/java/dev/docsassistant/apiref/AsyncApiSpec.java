package dev.docsassistant.apiref;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An AsyncAPI document (2.x or 3.0) read as a tree: its channels with their address, servers and
 * messages, for channel pages. Local references ({@code #/components/messages/X}) are followed.
 *
 * @param file the file, relative to the site folder
 */
public record AsyncApiSpec(String file, String title, List<Channel> channels) {
    private static final int MAX_INLINE_DEPTH = 10;

    /**
     * One channel.
     *
     * @param id       its key under {@code channels} (what pages name)
     * @param address  where it is reached ({@code /}, {@code user/{id}/signup})
     * @param servers  {@code protocol://host} of the document's servers
     * @param messages its messages, with their direction when the document says it
     */
    public record Channel(String id, String title, String address, String description, List<String> servers,
                          List<Message> messages) {
    }

    /**
     * One message of a channel.
     *
     * @param direction {@code send}, {@code receive} (3.0 operations; 2.x publish is receive by the API), or empty
     * @param payload   the payload's JSON Schema with its references inlined (cut where they recur), or null
     */
    public record Message(String name, String title, String summary, String direction, JsonNode payload) {
    }

    static Optional<AsyncApiSpec> of(String file, JsonNode doc, List<SpecProblem> problems) {
        String version = doc.path("asyncapi").asText("");
        if (!version.startsWith("2.") && !version.startsWith("3.")) {
            problems.add(new SpecProblem(file, "/asyncapi", version.isEmpty() ? "not an AsyncAPI document (no 'asyncapi' field)"
                    : "AsyncAPI " + version + " is not read (2.x and 3.0 are)"));
            return Optional.empty();
        }
        List<String> servers = new ArrayList<>();
        doc.path("servers").forEach(s -> servers.add(s.path("protocol").asText("") + "://"
                + (s.has("host") ? s.path("host").asText() + s.path("pathname").asText("") : s.path("url").asText(""))));
        List<Channel> channels = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = doc.path("channels").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode channel = deref(doc, e.getValue());
            List<Message> messages = version.startsWith("3.") ? messages3(doc, e.getKey(), channel) : messages2(doc, channel);
            String address = version.startsWith("3.") ? channel.path("address").asText(e.getKey()) : e.getKey();
            channels.add(new Channel(e.getKey(), channel.path("title").asText(e.getKey()), address,
                    channel.path("description").asText(""), List.copyOf(servers), List.copyOf(messages)));
        }
        return Optional.of(new AsyncApiSpec(file, doc.path("info").path("title").asText(file), List.copyOf(channels)));
    }

    public Optional<Channel> channel(String id) {
        return channels.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    private static List<Message> messages3(JsonNode doc, String channelId, JsonNode channel) {
        List<Message> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = channel.path("messages").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> m = it.next();
            String pointer = "#/channels/" + channelId + "/messages/" + m.getKey();
            List<String> directions = new ArrayList<>();
            doc.path("operations").forEach(op -> {
                boolean onChannel = op.path("channel").path("$ref").asText("").equals("#/channels/" + channelId);
                boolean names = false;
                for (JsonNode ref : op.path("messages")) {
                    names |= ref.path("$ref").asText("").equals(pointer);
                }
                String action = op.path("action").asText("");
                if (onChannel && names && !action.isEmpty() && !directions.contains(action)) {
                    directions.add(action);
                }
            });
            out.add(message(doc, m.getKey(), deref(doc, m.getValue()), String.join(", ", directions)));
        }
        return out;
    }

    private static List<Message> messages2(JsonNode doc, JsonNode channel) {
        List<Message> out = new ArrayList<>();
        for (String op : List.of("publish", "subscribe")) {
            JsonNode message = deref(doc, channel.path(op).path("message"));
            if (message.isMissingNode()) {
                continue;
            }
            List<JsonNode> all = new ArrayList<>();
            if (message.has("oneOf")) {
                message.path("oneOf").forEach(m -> all.add(deref(doc, m)));
            } else {
                all.add(message);
            }
            for (JsonNode m : all) {
                // 2.x: "publish" is what the application sends to the channel, so the API receives it.
                out.add(message(doc, m.path("name").asText(op), m, op.equals("publish") ? "receive" : "send"));
            }
        }
        return out;
    }

    private static Message message(JsonNode doc, String name, JsonNode m, String direction) {
        JsonNode payload = m.has("payload") ? inline(doc, m.path("payload"), new ArrayList<>(), 0) : null;
        return new Message(m.path("name").asText(name), m.path("title").asText(m.path("name").asText(name)),
                m.path("summary").asText(m.path("description").asText("")), direction, payload);
    }

    private static JsonNode deref(JsonNode doc, JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; hops < 8 && current.path("$ref").isTextual(); hops++) {
            String ref = current.path("$ref").asText();
            if (!ref.startsWith("#/")) {
                break;
            }
            current = doc.at(ref.substring(1));
        }
        return current;
    }

    /** A schema with its local references inlined; a reference inside itself becomes a note. */
    private static JsonNode inline(JsonNode doc, JsonNode node, List<String> stack, int depth) {
        if (node.isObject() && node.path("$ref").isTextual()) {
            String ref = node.path("$ref").asText();
            if (stack.contains(ref) || depth > MAX_INLINE_DEPTH) {
                ObjectNode cut = JsonNodeFactory.instance.objectNode();
                cut.put("description", "recursive: " + ref.substring(ref.lastIndexOf('/') + 1));
                return cut;
            }
            stack.add(ref);
            JsonNode resolved = inline(doc, deref(doc, node), stack, depth + 1);
            stack.remove(stack.size() - 1);
            return resolved;
        }
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.fields().forEachRemaining(f -> copy.set(f.getKey(), inline(doc, f.getValue(), stack, depth + 1)));
            return copy;
        }
        if (node.isArray()) {
            var copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(n -> copy.add(inline(doc, n, stack, depth + 1)));
            return copy;
        }
        return node;
    }
}
