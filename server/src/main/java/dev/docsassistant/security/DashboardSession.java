package dev.docsassistant.security;

import java.time.Instant;

/**
 * A signed-in dashboard visitor: a user of one organisation, or the holder of the admin token, who
 * opens every organisation.
 *
 * @param email        null for an admin session
 * @param organization null for an admin session
 * @param csrf         the token every state-changing form of this session must carry
 */
public record DashboardSession(String userId, String email, String organization, boolean admin, String csrf,
                               Instant expiresAt) {
    /** Whether this visitor may see the organisation's keys, sites and conversations. */
    public boolean opens(String org) {
        return admin || org.equals(organization);
    }

    /** Who is signed in, as the page header says it. */
    public String who() {
        return admin ? "admin" : email;
    }
}
