package dev.docsassistant.insights;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Where a docs team is with a feedback item or a gap group. */
public enum WorkStatus {
    OPEN("open"), IN_PROGRESS("in-progress"), RESOLVED("resolved"), DISMISSED("dismissed");

    /** The longest note kept. */
    public static final int MAX_NOTE_CHARS = 2000;

    private final String stored;

    WorkStatus(String stored) {
        this.stored = stored;
    }

    public String stored() {
        return stored;
    }

    /** {@code open}, {@code in-progress}, … as the label a page shows. */
    public String label() {
        return stored.replace('-', ' ');
    }

    /** The status of a stored or submitted value; anything else is an {@link IllegalArgumentException} naming {@code status}. */
    public static WorkStatus of(String value) {
        return Arrays.stream(values()).filter(s -> s.stored.equals(value)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("status must be one of "
                        + Arrays.stream(values()).map(WorkStatus::stored).collect(Collectors.joining(", "))));
    }

    /** A submitted note, trimmed; too long is an {@link IllegalArgumentException} naming {@code note}. */
    public static String note(String value) {
        String note = value == null ? "" : value.strip();
        if (note.length() > MAX_NOTE_CHARS) {
            throw new IllegalArgumentException("note may hold at most " + MAX_NOTE_CHARS + " characters");
        }
        return note;
    }
}
