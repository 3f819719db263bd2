package dev.docsassistant.readers;

import dev.docsassistant.config.ConfigException;

import java.time.Clock;

/** Makes each site's {@link ReaderAuthMethod} from its settings. */
public final class ReaderMethodFactory implements SiteReaders.ReaderMethods {
    private final Clock clock;

    public ReaderMethodFactory(Clock clock) {
        this.clock = clock;
    }

    @Override
    public ReaderAuthMethod apply(String domain, ReaderAuthSettings settings) {
        settings.check("sites[" + domain + "].reader-auth").ifPresent(problem -> {
            throw new ConfigException(problem);
        });
        return switch (settings.method()) {
            case PASSWORD -> new PasswordMethod(settings.password().orElseThrow(), clock);
            case OIDC, JWT, JWT_PERSONALIZATION -> throw new ConfigException("sites[" + domain + "].reader-auth.method: "
                    + settings.method().configName() + " is not available in this version");
        };
    }
}
