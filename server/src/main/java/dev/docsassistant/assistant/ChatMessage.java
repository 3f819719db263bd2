package dev.docsassistant.assistant;

/**
 * One message of the conversation as the assistant reads it: its role and its text (text parts joined).
 *
 * @param role {@code system}, {@code user} or {@code assistant}
 * @param text the message text
 * @param id   the client's id of the message (AI SDK {@code messages[].id}, gRPC {@code Message.id}), or null
 */
public record ChatMessage(String role, String text, String id) {
    public ChatMessage(String role, String text) {
        this(role, text, null);
    }

    public boolean isUser() {
        return role.equals("user");
    }
}
