package dev.docsassistant.mcp;

import dev.docsassistant.readers.Reader;
import dev.docsassistant.security.KeyHasher;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the sites' authorization server for MCP clients remembers, in memory and bounded (the oldest
 * give way): clients registered dynamically (RFC 7591), authorization requests waiting for the
 * reader's consent, and codes waiting to be exchanged, each code usable once and for
 * {@link #CODE_LIFETIME}. The tokens themselves are reader sessions, kept by the store like the
 * cookies' (so "sign everyone out" ends them too).
 */
final class McpAuthorizations {
    static final Duration CODE_LIFETIME = Duration.ofMinutes(5);
    static final Duration REQUEST_LIFETIME = Duration.ofMinutes(10);
    static final int MAX_CLIENTS = 10_000;
    static final int MAX_OPEN = 10_000;

    /** A client as it registered itself: nothing of it is trusted but its redirect URIs, matched exactly. */
    record Client(String id, String name, List<String> redirectUris) {
        Client {
            redirectUris = List.copyOf(redirectUris);
        }
    }

    /** An authorization request of a client, checked, waiting for the reader's consent. */
    record Request(String id, String domain, Client client, String redirectUri, String codeChallenge, String state,
                   String resource, Instant at) {
    }

    /** A code given out for a consented request: the reader it stands for, and what the exchange must repeat. */
    record Grant(String domain, String clientId, String redirectUri, String codeChallenge, String resource, Reader reader,
                 Instant at) {
    }

    private final Clock clock;
    private final Map<String, Client> clients = bounded(MAX_CLIENTS);
    private final Map<String, Request> requests = bounded(MAX_OPEN);
    private final Map<String, Grant> codes = bounded(MAX_OPEN);

    McpAuthorizations(Clock clock) {
        this.clock = clock;
    }

    Client register(String name, List<String> redirectUris) {
        Client client = new Client("mcp_" + KeyHasher.token(18), name, redirectUris);
        synchronized (clients) {
            clients.put(client.id(), client);
        }
        return client;
    }

    Optional<Client> client(String id) {
        synchronized (clients) {
            return Optional.ofNullable(id == null ? null : clients.get(id));
        }
    }

    Request open(String domain, Client client, String redirectUri, String codeChallenge, String state, String resource) {
        Request request = new Request(KeyHasher.token(24), domain, client, redirectUri, codeChallenge, state, resource, clock.instant());
        synchronized (requests) {
            requests.put(request.id(), request);
        }
        return request;
    }

    /** The open request of this site with that id, if not expired; {@code take} removes it. */
    Optional<Request> request(String domain, String id, boolean take) {
        if (id == null) {
            return Optional.empty();
        }
        Request r;
        synchronized (requests) {
            r = take ? requests.remove(id) : requests.get(id);
        }
        if (r == null || !r.domain().equals(domain) || r.at().plus(REQUEST_LIFETIME).isBefore(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(r);
    }

    /** A one-time code for a consented request. */
    String code(Request request, Reader reader) {
        String code = KeyHasher.token(32);
        synchronized (codes) {
            codes.put(code, new Grant(request.domain(), request.client().id(), request.redirectUri(), request.codeChallenge(),
                    request.resource(), reader, clock.instant()));
        }
        return code;
    }

    /** The grant of a code, once: a second exchange of the same code finds nothing. */
    Optional<Grant> redeem(String domain, String code) {
        if (code == null) {
            return Optional.empty();
        }
        Grant g;
        synchronized (codes) {
            g = codes.remove(code);
        }
        if (g == null || !g.domain().equals(domain) || g.at().plus(CODE_LIFETIME).isBefore(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(g);
    }

    private static <V> Map<String, V> bounded(int max) {
        return new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > max;
            }
        };
    }
}
