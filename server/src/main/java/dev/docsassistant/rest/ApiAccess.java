package dev.docsassistant.rest;

import dev.docsassistant.assistant.ThreadCaller;
import dev.docsassistant.web.Json;

import dev.docsassistant.config.PreviewDomains;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.readers.ReaderCookie;
import dev.docsassistant.readers.SiteReaders;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.AccessDecision;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.Caller;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.security.Quota;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The HTTP edge of {@link AccessCheck}, in front of every API route with a {@code {domain}}: answers
 * CORS preflights, applies the access rule before any work, and puts the rate-limit and CORS headers
 * on every response (errors included). A granted request goes on to the route with its
 * {@link AccessDecision} in the request context.
 */
final class ApiAccess implements Handler {
    static final HeaderName RATE_LIMIT_LIMIT = HeaderNames.create("RateLimit-Limit");
    static final HeaderName RATE_LIMIT_REMAINING = HeaderNames.create("RateLimit-Remaining");
    static final HeaderName RATE_LIMIT_RESET = HeaderNames.create("RateLimit-Reset");
    static final HeaderName X_FORWARDED_FOR = HeaderNames.create("X-Forwarded-For");
    /** What a browser script may read of a response: the thread, the limits. */
    static final String EXPOSED = "X-Thread-Id, X-Thread-Key, X-Search-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After";
    private static final Pattern HEADER_LIST = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]+(\\s*,\\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*");

    private final AccessCheck access;
    private final SiteReaders readers;

    ApiAccess(AccessCheck access, SiteReaders readers) {
        this.access = access;
        this.readers = readers;
    }

    @Override
    public void handle(ServerRequest req, ServerResponse res) {
        if (req.prologue().method() == Method.OPTIONS) {
            preflight(req, res);
            return;
        }
        AccessDecision decision = admit(req, res, req.path().pathParameters().get("domain"));
        if (!decision.granted()) {
            Json.sendError(res, refusalStatus(res, decision), decision.message());
            return;
        }
        res.next();
    }

    /**
     * The access groups a granted request reads: those of its key, narrowed to {@code requested} when
     * it names some ({@link Caller#groupsFor}); none when the request went through no access check.
     */
    static List<String> groupsFor(ServerRequest req, List<String> requested) {
        Caller caller = callerOf(req);
        return caller == null ? Caller.PUBLIC_ONLY : caller.groupsFor(requested);
    }

    /** Who a granted request is, as its threads know it ({@link ThreadCaller#UNCHECKED} when no access check ran). */
    static ThreadCaller threadCaller(ServerRequest req) {
        return ThreadCaller.of(callerOf(req));
    }

    private static Caller callerOf(ServerRequest req) {
        return req.context().get(AccessDecision.class).map(AccessDecision::caller).orElse(null);
    }

    /**
     * Applies the access rule for {@code domain}, registers the decision in the request context and
     * puts the CORS and rate-limit headers on the response. For routes that learn the site from the
     * body (the OpenAI-compatible {@code model}) and send their own error shape.
     */
    AccessDecision admit(ServerRequest req, ServerResponse res, String domain) {
        return admit(req, res, domain, false);
    }

    /**
     * {@link #admit} for a route that also takes a reader's bearer token (the OpenAI-compatible
     * completion): a live session of {@code domain}'s readers (what the site's OAuth issues for
     * {@code /authed/mcp}) is counted as public traffic and reads that reader's groups. Anything else,
     * a session of another site too, goes through the key rule and is refused when it is no key.
     */
    AccessDecision admitKeyOrReader(ServerRequest req, ServerResponse res, String domain) {
        String bearer = AccessCheck.bearer(req.headers().first(HeaderNames.AUTHORIZATION).orElse(null));
        Optional<Reader> reader = bearer == null || KeyHasher.wellFormed(bearer) || readers.settings(domain).isEmpty()
                ? Optional.empty() : readers.reader(domain, Optional.of(bearer));
        if (reader.isEmpty()) {
            return admit(req, res, domain);
        }
        AccessDecision anyone = access.checkPublic(new AccessRequest(domain, null, peer(req), forwardedFor(req),
                req.headers().first(HeaderNames.ORIGIN).orElse(null)));
        AccessDecision decision = !anyone.granted() ? anyone : new AccessDecision(anyone.outcome(), anyone.message(),
                asReader(anyone.caller(), domain, reader.get()), anyone.quota());
        req.context().register(decision);
        decorate(req, res);
        return decision;
    }

    /** {@link #admit} for a request about no particular site (the model list): every step of the rule but the site's. */
    AccessDecision admitAnySite(ServerRequest req, ServerResponse res) {
        return admit(req, res, null, true);
    }

    private AccessDecision admit(ServerRequest req, ServerResponse res, String domain, boolean anySite) {
        AccessRequest request = new AccessRequest(
                domain,
                req.headers().first(HeaderNames.AUTHORIZATION).orElse(null),
                peer(req),
                forwardedFor(req),
                req.headers().first(HeaderNames.ORIGIN).orElse(null));
        AccessDecision decision = anySite ? access.checkAnySite(request) : access.check(request);
        decision = withReader(req, domain, decision);
        req.context().register(decision);
        decorate(req, res);
        return decision;
    }

    /**
     * A request of a site's own pages (with the key they embed) from a signed-in reader of that site
     * reads the reader's groups: the session cookie of the site's host, sent by a script of the same
     * origin only (a request naming another {@code Origin} reads public pages, as before). A cookie of
     * another site finds no session here.
     */
    private AccessDecision withReader(ServerRequest req, String domain, AccessDecision decision) {
        if (!decision.granted() || domain == null || readers.settings(domain).isEmpty()
                || !decision.caller().publicSite().map(PreviewDomains.siteOf(domain)::equals).orElse(false)) {
            return decision;
        }
        String origin = req.headers().first(HeaderNames.ORIGIN).orElse(null);
        if (origin != null && !origin.equals((req.isSecure() ? "https://" : "http://") + req.authority())) {
            return decision;
        }
        Optional<Reader> reader = readers.reader(domain, ReaderCookie.read(ReaderRoutes.cookies(req), ReaderCookie.SESSION));
        if (reader.isEmpty()) {
            return decision;
        }
        return new AccessDecision(decision.outcome(), decision.message(),
                asReader(decision.caller(), domain, reader.get()), decision.quota());
    }

    /** The caller reading the reader's groups, carrying their identity where the site records it. */
    private Caller asReader(Caller c, String domain, Reader reader) {
        return c.asReader(reader.accessGroups(), readers.recordedIdentity(domain, reader));
    }

    /** The sites a granted decision's key opens. */
    List<String> sitesOpenedBy(AccessDecision granted) {
        return access.sitesOpenedBy(granted.caller());
    }

    /** The HTTP status of a refusal (401 also gets {@code WWW-Authenticate}). */
    static int refusalStatus(ServerResponse res, AccessDecision decision) {
        int status = switch (decision.outcome()) {
            case UNAUTHENTICATED -> 401;
            case FORBIDDEN -> 403;
            case RATE_LIMITED -> 429;
            case GRANTED -> throw new IllegalStateException();
        };
        if (status == 401) {
            res.header(HeaderNames.WWW_AUTHENTICATE, "Bearer");
        }
        return status;
    }

    /**
     * Puts the CORS and rate-limit headers of this request on its response (and v1's sunset headers).
     * Called before the route runs and again by the error handlers, which start the response afresh.
     */
    static void decorate(ServerRequest req, ServerResponse res) {
        V1Sunset.reapply(req, res);
        req.headers().first(HeaderNames.ORIGIN).ifPresent(origin -> {
            // The API takes keys in a header, never cookies: no Allow-Credentials, so echoing the origin is safe.
            res.header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
            res.header(HeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED);
        });
        res.header(HeaderNames.VARY, "Origin");
        Optional<AccessDecision> decision = req.context().get(AccessDecision.class);
        if (decision.isPresent() && decision.get().quota() != null) {
            Quota q = decision.get().quota();
            res.header(RATE_LIMIT_LIMIT, Long.toString(q.limit()));
            res.header(RATE_LIMIT_REMAINING, Long.toString(q.remaining()));
            res.header(RATE_LIMIT_RESET, Long.toString(q.resetSeconds()));
            if (!q.allowed()) {
                res.header(HeaderNames.RETRY_AFTER, Long.toString(q.retryAfterSeconds()));
            }
        }
    }

    static void preflight(ServerRequest req, ServerResponse res) {
        preflight(req, res, "POST, OPTIONS");
    }

    /** @param methods what the route takes ({@code POST, OPTIONS}; {@code GET, OPTIONS} for resuming an answer) */
    static void preflight(ServerRequest req, ServerResponse res, String methods) {
        Optional<String> origin = req.headers().first(HeaderNames.ORIGIN);
        if (origin.isEmpty()) {
            res.header(HeaderNames.ALLOW, methods);
            res.status(Status.NO_CONTENT_204).send();
            return;
        }
        // The key (and with it the allowed origins) only comes with the actual request, which is checked then.
        res.header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, origin.get());
        res.header(HeaderNames.ACCESS_CONTROL_ALLOW_METHODS, methods);
        String asked = req.headers().first(HeaderNames.ACCESS_CONTROL_REQUEST_HEADERS).orElse("").trim();
        res.header(HeaderNames.ACCESS_CONTROL_ALLOW_HEADERS,
                HEADER_LIST.matcher(asked).matches() ? asked : "Authorization, Content-Type");
        res.header(HeaderNames.ACCESS_CONTROL_MAX_AGE, "600");
        res.header(HeaderNames.VARY, "Origin, Access-Control-Request-Method, Access-Control-Request-Headers");
        res.status(Status.NO_CONTENT_204).send();
    }

    static List<String> forwardedFor(ServerRequest req) {
        return req.headers().contains(X_FORWARDED_FOR) ? req.headers().get(X_FORWARDED_FOR).allValues() : List.of();
    }

    static InetAddress peer(ServerRequest req) {
        if (req.remotePeer().address() instanceof InetSocketAddress socket && socket.getAddress() != null) {
            return socket.getAddress();
        }
        return InetAddress.getLoopbackAddress(); // not an IP socket: a local connection
    }
}
