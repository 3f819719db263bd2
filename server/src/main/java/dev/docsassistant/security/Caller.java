package dev.docsassistant.security;

import java.util.List;
import java.util.Optional;

/**
 * Who a granted API request is: the organisation and key it was made with, the client address it was
 * counted under, and the access groups its key may read (none for a page key).
 *
 * @param publicSite the site whose pages embed the key (a page key, a configured site key) or, for keyless
 *                   public traffic, the site asked: anyone may hold such a credential; empty for a private key
 * @param reader     the signed-in reader's identity, to be recorded with what they ask: present only for a
 *                   reader of a site that records readers' identities ({@code reader-auth.record-identity})
 */
public record Caller(String organization, String keyId, ClientAddress address, List<String> groups,
                     Optional<String> publicSite, Optional<String> reader) {
    /** A caller that may read public pages only (keyless MCP, the rendered sites' own search). */
    public static final List<String> PUBLIC_ONLY = List.of();

    public Caller {
        groups = List.copyOf(groups);
    }

    /** A caller no reader's identity is recorded for. */
    public Caller(String organization, String keyId, ClientAddress address, List<String> groups, Optional<String> publicSite) {
        this(organization, keyId, address, groups, publicSite, Optional.empty());
    }

    /** This caller as a signed-in reader: reading the reader's groups, recorded as {@code identity} (if any). */
    public Caller asReader(List<String> readerGroups, Optional<String> identity) {
        return new Caller(organization, keyId, address, readerGroups, publicSite, identity);
    }

    /**
     * The access groups a request of this caller reads: groups come from the key, never from the
     * request. A request naming none reads every group of its key; naming some, only those its key
     * also holds (a request may narrow its key's reach, never widen it).
     */
    public List<String> groupsFor(List<String> requested) {
        return effectiveGroups(groups, requested);
    }

    /** {@link #groupsFor} for a caller holding {@code held}; null or empty {@code requested} means all of them. */
    public static List<String> effectiveGroups(List<String> held, List<String> requested) {
        if (requested == null || requested.isEmpty()) {
            return List.copyOf(held);
        }
        return requested.stream().filter(held::contains).distinct().toList();
    }

    /** Never the reader's identity: a caller may end up in a log line. */
    @Override
    public String toString() {
        return "Caller[" + organization + ", key " + keyId + ", " + address + ", groups " + groups + ", site "
                + publicSite.orElse("-") + (reader.isPresent() ? ", a recorded reader" : "") + "]";
    }
}
