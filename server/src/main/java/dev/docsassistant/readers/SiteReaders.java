package dev.docsassistant.readers;

import dev.docsassistant.config.PreviewDomains;
import dev.docsassistant.config.ReaderAccess;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * Readers' sign-in for every site of the server: each site's settings and method, the sessions, the
 * sign-ins under way and the password guesses counted. A preview ({@code {domain}--{name}}) signs
 * readers in as its site does, with sessions of its own host.
 *
 * <p>How a request's reader becomes access: {@link #reader} finds the session of the request's cookie
 * for the site the request is for (a cookie of another site finds nothing); its
 * {@link Reader#accessGroups()} are the groups the request reads, in place of the public caller's none
 * ({@code security.Caller#PUBLIC_ONLY}). Nothing a request names widens them.
 */
public final class SiteReaders {
    private final Map<String, ReaderAuthSettings> settings = new ConcurrentHashMap<>();
    private final Map<String, ReaderAuthMethod> methods = new ConcurrentHashMap<>();
    private final ReaderSessions sessions;
    private final SignInAttempts attempts;
    private final PasswordGuesses guesses;
    private final ReaderMethods factory;
    private final Clock clock;

    /**
     * @param configured {@code sites[].reader-auth} by domain
     * @param factory    makes each site's method from its settings
     */
    public SiteReaders(Map<String, ReaderAuthSettings> configured, ReaderSessions sessions, ReaderMethods factory,
                       PasswordGuesses guesses, Clock clock) {
        this.sessions = sessions;
        this.factory = factory;
        this.guesses = guesses;
        this.clock = clock;
        this.attempts = new SignInAttempts(clock);
        configured.forEach(this::configure);
    }

    /**
     * Sets (or replaces) a site's sign-in; sessions opened before stay until signed out. A site that does
     * not record readers' identities has them taken out of the sessions opened while it did.
     */
    public void configure(String domain, ReaderAuthSettings site) {
        ReaderAuthMethod method = factory.of(domain, site);
        settings.put(domain, site);
        methods.put(domain, method);
        if (!site.recordIdentity()) {
            sessions.forgetIds(domain);
        }
    }

    /** The site's sign-in settings (a preview's are its site's); empty for a site readers do not sign in to. */
    public Optional<ReaderAuthSettings> settings(String domain) {
        return Optional.ofNullable(settings.get(PreviewDomains.siteOf(domain)));
    }

    public Optional<ReaderAuthMethod> method(String domain) {
        return Optional.ofNullable(methods.get(PreviewDomains.siteOf(domain)));
    }

    /** What the site asks of its readers. */
    public ReaderAccess access(String domain) {
        return settings(domain).map(s -> s.method().access()).orElse(ReaderAccess.OPEN);
    }

    /** The reader of the session token the request's cookie holds, for this site (and this site only). */
    public Optional<Reader> reader(String domain, Optional<String> sessionToken) {
        if (sessionToken.isEmpty() || !settings.containsKey(PreviewDomains.siteOf(domain))) {
            return Optional.empty();
        }
        return sessions.find(domain, sessionToken.get());
    }

    /**
     * Opens a session for a reader who signed in to the site; returns the token for the cookie. Their
     * id is kept only where the site records readers' identities ({@code record-identity}).
     */
    public String open(String domain, Reader reader) {
        return sessions.open(domain, recordsIdentity(domain) ? reader : reader.withoutId());
    }

    /** Whether the site keeps its readers' identities with what they ask ({@code reader-auth.record-identity}). */
    public boolean recordsIdentity(String domain) {
        return settings(domain).map(ReaderAuthSettings::recordIdentity).orElse(false);
    }

    /**
     * The identity to record with what this reader asks: their id where the site records identities
     * now, else nothing (a session opened while it did is recorded no more once it stops).
     */
    public Optional<String> recordedIdentity(String domain, Reader reader) {
        return recordsIdentity(domain) ? reader.id() : Optional.empty();
    }

    /**
     * The access groups a request of the site's pages reads: the reader's, else none (public pages
     * only). The one place the site's routes and its API take them from.
     */
    public List<String> groupsOf(Optional<Reader> reader) {
        return reader.map(Reader::accessGroups).orElse(List.of());
    }

    public ReaderSessions sessions() {
        return sessions;
    }

    public SignInAttempts attempts() {
        return attempts;
    }

    public PasswordGuesses guesses() {
        return guesses;
    }

    public Clock clock() {
        return clock;
    }

    /** Makes a site's method from its settings (a new method plugs in here). */
    @FunctionalInterface
    public interface ReaderMethods extends BiFunction<String, ReaderAuthSettings, ReaderAuthMethod> {
        default ReaderAuthMethod of(String domain, ReaderAuthSettings settings) {
            return apply(domain, settings);
        }
    }
}
