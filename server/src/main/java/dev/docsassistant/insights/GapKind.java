package dev.docsassistant.insights;

import java.util.Arrays;

/** Why a question counts as a gap: how it is stored in {@code gap_members.kind} and shown. */
public enum GapKind {
    /** The answer named no source: the docs do not cover it. */
    UNANSWERED("unanswered"),
    /** A reader rated the answer not helpful. */
    UNHELPFUL("unhelpful"),
    /** A search found nothing. */
    SEARCH_MISS("search-miss"),
    /** A search whose results nobody opened (recorded by search analytics). */
    SEARCH_NO_CLICK("search-no-click");

    private final String stored;

    GapKind(String stored) {
        this.stored = stored;
    }

    public String stored() {
        return stored;
    }

    public static GapKind of(String stored) {
        return Arrays.stream(values()).filter(k -> k.stored.equals(stored)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown gap kind " + stored));
    }
}
