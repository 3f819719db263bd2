package dev.docsassistant.security;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A stored assistant key, without its secret: only the hash and a display prefix are ever kept.
 *
 * @param id           stable public identifier ({@code key_…}), used to list and revoke
 * @param organization the organisation whose sites the key opens
 * @param prefix       the first characters of the key, for people to recognise it
 * @param origins      browser origins allowed to use it; empty means any
 * @param groups       the access groups whose pages it may read (front matter {@code groups}); empty:
 *                     public pages only. Page keys and configured site keys never carry any
 * @param source       where it came from: {@code cli}, {@code admin}, {@code config:<domain>} or
 *                     {@code page:<domain>} (made at start-up for a site's rendered pages)
 * @param createdAt    creation time
 * @param expiresAt    end of validity, if any
 * @param revokedAt    revocation time, if revoked
 */
public record ApiKey(String id, String organization, String prefix, List<String> origins, List<String> groups, String source,
                     Instant createdAt, Optional<Instant> expiresAt, Optional<Instant> revokedAt) {

    public ApiKey {
        groups = List.copyOf(groups);
    }

    /**
     * A key a site's rendered pages embed ({@code page:<domain>} or {@code config:<domain>}): public, since
     * anyone can read it from the pages, so it opens only its own site, no access group, and counts
     * against that site's page budget instead of the organisation's.
     */
    public Optional<String> publicSite() {
        for (String kind : new String[] {"page:", "config:"}) {
            if (source.startsWith(kind)) {
                return Optional.of(source.substring(kind.length()));
            }
        }
        return Optional.empty();
    }

    /** Usable at {@code now}: neither revoked nor expired. */
    public boolean activeAt(Instant now) {
        return revokedAt.isEmpty() && expiresAt.map(now::isBefore).orElse(true);
    }

    /** {@code active}, {@code revoked} or {@code expired}. */
    public String status(Instant now) {
        return revokedAt.isPresent() ? "revoked" : activeAt(now) ? "active" : "expired";
    }

    /** Whether a browser page of this origin may use the key. */
    public boolean allowsOrigin(String origin) {
        return origins.isEmpty() || origins.contains(origin);
    }
}
