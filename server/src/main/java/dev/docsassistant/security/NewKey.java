package dev.docsassistant.security;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A validated request for a new key, as the CLI and the admin API take it. Every problem is an
 * {@link IllegalArgumentException} whose message starts with the field it is about.
 *
 * @param organization one of the organisations owning a configured site
 * @param expiresAt    end of validity, if any
 * @param origins      canonical allowed browser origins (empty: any)
 */
public record NewKey(String organization, Optional<Instant> expiresAt, List<String> origins) {
    /** Longest validity a key can be given: ten years. */
    static final Duration MAX_VALIDITY = Duration.ofDays(3650);

    public static NewKey of(String organization, String expires, List<String> origins, Set<String> organizations,
                            Instant now) {
        if (organization == null || organization.isBlank()) {
            throw new IllegalArgumentException("organization is required");
        }
        if (!organizations.contains(organization)) {
            throw new IllegalArgumentException("organization: '" + organization
                    + "' owns no configured site (configured: " + String.join(", ", organizations.stream().sorted().toList()) + ")");
        }
        Optional<Instant> expiresAt = expires == null || expires.isBlank()
                ? Optional.empty() : Optional.of(now.plus(validity(expires.trim())).truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        List<String> canonical;
        try {
            canonical = Origins.parseList(String.join(",", origins));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("origins: " + e.getMessage());
        }
        return new NewKey(organization, expiresAt, canonical);
    }

    /** {@code 90m}, {@code 12h}, {@code 30d}, {@code 2w}, or an ISO-8601 duration ({@code P30D}). */
    static Duration validity(String text) {
        Duration d;
        try {
            if (text.matches("\\d{1,7}[mhdw]")) {
                long n = Long.parseLong(text.substring(0, text.length() - 1));
                d = switch (text.charAt(text.length() - 1)) {
                    case 'm' -> Duration.ofMinutes(n);
                    case 'h' -> Duration.ofHours(n);
                    case 'd' -> Duration.ofDays(n);
                    default -> Duration.ofDays(7 * n);
                };
            } else {
                d = Duration.parse(text);
            }
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new IllegalArgumentException("expires: '" + text + "' is not a duration like 30d, 12h, 90m or P30D");
        }
        if (d.isNegative() || d.isZero() || d.compareTo(MAX_VALIDITY) > 0) {
            throw new IllegalArgumentException("expires: must be more than 0 and at most " + MAX_VALIDITY.toDays() + " days");
        }
        return d;
    }
}
