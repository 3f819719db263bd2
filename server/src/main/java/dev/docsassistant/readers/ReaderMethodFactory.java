package dev.docsassistant.readers;

import dev.docsassistant.config.ConfigException;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressHttp;

import java.time.Clock;
import java.time.Duration;

/** Makes each site's {@link ReaderAuthMethod} from its settings. */
public final class ReaderMethodFactory implements SiteReaders.ReaderMethods {
    /** Waiting for a sign-in provider (to connect, and between reads) longer than this fails the sign-in. */
    static final Duration PROVIDER_TIMEOUT = Duration.ofSeconds(10);
    /** A provider's answer (discovery, keys, tokens, user data) larger than this fails the sign-in. */
    static final int PROVIDER_MAX_BODY = 1024 * 1024;

    private final Clock clock;
    private final EgressHttp providers;
    private final ReaderJwtKeys jwtKeys;

    /**
     * @param egress  the policy every call to a sign-in provider goes through
     * @param jwtKeys the sites' keys that readers' JWTs are verified with
     */
    public ReaderMethodFactory(Clock clock, Egress egress, ReaderJwtKeys jwtKeys) {
        this.clock = clock;
        this.jwtKeys = jwtKeys;
        this.providers = new EgressHttp(egress, PROVIDER_TIMEOUT, PROVIDER_MAX_BODY);
    }

    @Override
    public ReaderAuthMethod apply(String domain, ReaderAuthSettings settings) {
        settings.check("sites[" + domain + "].reader-auth").ifPresent(problem -> {
            throw new ConfigException(problem);
        });
        return switch (settings.method()) {
            case PASSWORD -> new PasswordMethod(settings.password().orElseThrow(), clock);
            case OIDC -> new OidcMethod(settings.oidc().orElseThrow(), providers, clock);
            case JWT, JWT_PERSONALIZATION -> new JwtMethod(domain, settings.jwt().orElseThrow().loginUrl(), jwtKeys, clock);
        };
    }
}
