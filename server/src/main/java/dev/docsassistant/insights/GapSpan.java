package dev.docsassistant.insights;

import java.time.LocalDate;
import java.util.Arrays;

/** The spans the gaps page compares: the last week, month or quarter, each against the one before. */
public enum GapSpan {
    WEEK("week", 7), MONTH("month", 30), QUARTER("quarter", 91);

    private final String name;
    private final int days;

    GapSpan(String name, int days) {
        this.name = name;
        this.days = days;
    }

    public String label() {
        return name;
    }

    /** The span ending {@code today}. */
    public Period current(LocalDate today) {
        return Period.lastDays(days, today);
    }

    /** The span just before {@link #current}. */
    public Period previous(LocalDate today) {
        return Period.lastDays(days, today.minusDays(days));
    }

    /** The span of a query value; null or blank: a month; anything else an {@link IllegalArgumentException} naming {@code span}. */
    public static GapSpan of(String value) {
        if (value == null || value.isBlank()) {
            return MONTH;
        }
        return Arrays.stream(values()).filter(s -> s.name.equals(value.strip())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("span must be week, month or quarter"));
    }
}
