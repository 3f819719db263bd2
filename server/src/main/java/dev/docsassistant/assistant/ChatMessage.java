package dev.docsassistant.assistant;

/**
 * One message of the conversation as the assistant reads it: its role and its text (text parts joined).
 *
 * @param role {@code system}, {@code user} or {@code assistant}
 * @param text the message text
 */
public record ChatMessage(String role, String text) {
    public boolean isUser() {
        return role.equals("user");
    }
}
