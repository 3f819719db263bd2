package dev.docsassistant.assistant.llm;

/**
 * Server-sent events read line by line: the {@code data} of each event (its lines joined) is
 * handed out when the blank line that ends the event arrives. Comments and other fields are skipped.
 */
final class SseEvents {
    private final StringBuilder data = new StringBuilder();
    private boolean hasData;

    /** The data of the event this line completes, or null. */
    String line(String line) {
        if (line.isEmpty()) {
            return take();
        }
        if (line.startsWith(":")) {
            return null;
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        if (field.equals("data")) {
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            if (hasData) {
                data.append('\n');
            }
            data.append(value);
            hasData = true;
        }
        return null;
    }

    /** The data of an event the body ended without a blank line after, or null. */
    String end() {
        return take();
    }

    private String take() {
        if (!hasData) {
            return null;
        }
        String d = data.toString();
        data.setLength(0);
        hasData = false;
        return d;
    }
}
