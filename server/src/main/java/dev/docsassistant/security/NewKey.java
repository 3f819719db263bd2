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
 * @param groups       access groups whose pages the key may read (empty: public pages only)
 */
public record NewKey(String organization, Optional<Instant> expiresAt, List<String> origins, List<String> groups) {
    /** Longest validity a key can be given: ten years. */
    static final Duration MAX_VALIDITY = Duration.ofDays(3650);
    /** Longest organisation name, validity text, origin and group name a request may send. */
    public static final int MAX_ORGANIZATION_CHARS = 100;
    public static final int MAX_EXPIRES_CHARS = 40;
    public static final int MAX_ORIGIN_CHARS = 300;
    public static final int MAX_GROUP_CHARS = 100;
    /** Most origins and most groups one key may hold. */
    public static final int MAX_ITEMS = 100;

    /** A key reading public pages only. */
    public static NewKey of(String organization, String expires, List<String> origins, Set<String> organizations,
                            Instant now) {
        return of(organization, expires, origins, List.of(), organizations, now);
    }

    public static NewKey of(String organization, String expires, List<String> origins, List<String> groups,
                            Set<String> organizations, Instant now) {
        if (organization == null || organization.isBlank()) {
            throw new IllegalArgumentException("organization is required");
        }
        if (organization.length() > MAX_ORGANIZATION_CHARS) {
            throw new IllegalArgumentException("organization must be at most " + MAX_ORGANIZATION_CHARS + " characters");
        }
        if (expires != null && expires.length() > MAX_EXPIRES_CHARS) {
            throw new IllegalArgumentException("expires must be at most " + MAX_EXPIRES_CHARS + " characters");
        }
        if (origins.size() > MAX_ITEMS) {
            throw new IllegalArgumentException("origins must have at most " + MAX_ITEMS + " items");
        }
        for (int i = 0; i < origins.size(); i++) {
            if (origins.get(i) != null && origins.get(i).length() > MAX_ORIGIN_CHARS) {
                throw new IllegalArgumentException("origins[" + i + "] must be at most " + MAX_ORIGIN_CHARS + " characters");
            }
        }
        if (!organizations.contains(organization)) {
            throw new IllegalArgumentException("organization: '" + organization
                    + "' owns no site (sites are owned by: " + String.join(", ", organizations.stream().sorted().toList()) + ")");
        }
        Optional<Instant> expiresAt = expires == null || expires.isBlank()
                ? Optional.empty() : Optional.of(now.plus(validity(expires.trim())).truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        List<String> canonical;
        try {
            canonical = Origins.parseList(String.join(",", origins));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("origins: " + e.getMessage());
        }
        return new NewKey(organization, expiresAt, canonical, groups(groups));
    }

    /** Group names from one comma-separated text (CLI, dashboard form); blank items are dropped. */
    public static List<String> splitGroups(String text) {
        if (text == null) {
            return List.of();
        }
        return java.util.Arrays.stream(text.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** Group names as front matter spells them: trimmed, non-empty, one line each, no duplicates. */
    static List<String> groups(List<String> groups) {
        if (groups.size() > MAX_ITEMS) {
            throw new IllegalArgumentException("groups must have at most " + MAX_ITEMS + " items");
        }
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            String field = "groups[" + i + "]";
            String g = groups.get(i) == null ? "" : groups.get(i).strip();
            if (g.isEmpty()) {
                throw new IllegalArgumentException(field + " must not be empty");
            }
            if (g.length() > MAX_GROUP_CHARS) {
                throw new IllegalArgumentException(field + " must be at most " + MAX_GROUP_CHARS + " characters");
            }
            if (g.chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException(field + " must not hold control characters or line breaks");
            }
            if (!out.contains(g)) {
                out.add(g);
            }
        }
        return List.copyOf(out);
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
