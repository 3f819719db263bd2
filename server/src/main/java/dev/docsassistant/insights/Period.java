package dev.docsassistant.insights;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/**
 * A span of whole UTC days, both ends included, as the dashboard's period picker gives it.
 * Invalid input is an {@link IllegalArgumentException} naming the parameter.
 */
public record Period(LocalDate from, LocalDate to) {
    /** The longest period a page covers: about three years, beyond any retention. */
    public static final int MAX_DAYS = 1100;

    public Period {
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("from must not be after to");
        }
        if (ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
            throw new IllegalArgumentException("a period covers at most " + MAX_DAYS + " days");
        }
    }

    /** The last {@code days} days up to {@code today}. */
    public static Period lastDays(int days, LocalDate today) {
        return new Period(today.minusDays(days - 1L), today);
    }

    /** From {@code from}/{@code to} query values ({@code YYYY-MM-DD}), each defaulting to the last 30 days. */
    public static Period parse(String from, String to, LocalDate today) {
        LocalDate end = date(to, "to", today);
        LocalDate start = date(from, "from", end.minusDays(29));
        return new Period(start, end);
    }

    private static LocalDate date(String value, String name, LocalDate fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return LocalDate.parse(value.strip());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + " must be a date like 2026-11-24");
        }
    }

    public long startMillis() {
        return from.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }

    /** The first millisecond after the period. */
    public long endMillis() {
        return to.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }

    public long days() {
        return ChronoUnit.DAYS.between(from, to) + 1;
    }
}
