package dev.docsassistant.readers;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.ReaderAccess;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How one site signs its readers in ({@code sites[].reader-auth}). Secrets (the password, the OIDC
 * client secret) come from the configuration file, where they are written {@code ${ENV_NAME}}
 * (start-up stops on one the environment lacks), or from the admin API; docs.json never holds one.
 *
 * @param method   {@code password}, {@code oidc}, {@code jwt} or {@code jwt-personalization}
 * @param password the shared password of {@code password}
 * @param oidc     the OpenID Connect provider of {@code oidc}
 * @param jwt      the customer's login flow of {@code jwt} and {@code jwt-personalization}
 * @param recordIdentity whether the reader's identity (the provider's or the JWT's subject) is kept with
 *                 what they ask, for insights and conversations; false: it is kept nowhere, not even in
 *                 the reader's session
 */
public record ReaderAuthSettings(Method method, Optional<String> password, Optional<Oidc> oidc, Optional<Jwt> jwt,
                                 boolean recordIdentity) {

    /** The sign-in methods. */
    public enum Method {
        PASSWORD("password"), OIDC("oidc"), JWT("jwt"), JWT_PERSONALIZATION("jwt-personalization");

        private final String configName;

        Method(String configName) {
            this.configName = configName;
        }

        /** The name the configuration and the admin API write. */
        public String configName() {
            return configName;
        }

        /** What the method asks of readers (a sign-in first, or personalization only). */
        public ReaderAccess access() {
            return ReaderAccess.ofMethod(configName);
        }

        public static Optional<Method> of(String name) {
            String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
            for (Method m : values()) {
                if (m.configName.equals(n)) {
                    return Optional.of(m);
                }
            }
            return Optional.empty();
        }
    }

    /**
     * An OpenID Connect provider (authorization code with PKCE, discovery from the issuer).
     *
     * @param groupsClaim     the ID-token or access-token claim holding the reader's groups
     * @param groupsDelimiter splits a string claim into groups (1 to 4 characters); empty: the whole string is one group
     * @param infoApi         a URL answering the user data format for the access token, instead of the claim
     * @param logoutUrl       where signing out sends the browser (only this URL); empty: the site's {@code /login}
     */
    public record Oidc(URI issuer, String clientId, Optional<String> clientSecret, List<String> scopes, String groupsClaim,
                       Optional<String> groupsDelimiter, Optional<URI> infoApi, Optional<URI> logoutUrl) {
        public Oidc {
            scopes = List.copyOf(scopes);
        }

        @Override
        public String toString() {
            return "Oidc[" + issuer + ", " + clientId + ", secret " + (clientSecret.isPresent() ? "set" : "none") + "]";
        }
    }

    /** The customer's login flow, which signs the reader's user data and sends the browser to {@code /login/jwt-callback#…}. */
    public record Jwt(URI loginUrl) {
    }

    static final List<String> DEFAULT_SCOPES = List.of("openid", "profile");
    static final String DEFAULT_GROUPS_CLAIM = "groups";

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Readers' sign-in", "ReaderAuthSettings", List.of(
            new SettingDoc("docs-assistant.sites[].reader-auth.method", "password, oidc, jwt or jwt-personalization", "",
                    "readers sign in before reading the site's pages (all but those marked public: true); jwt-personalization"
                            + " keeps pages public and knows the reader who signs in; none: a public site"),
            new SettingDoc("docs-assistant.sites[].reader-auth.password", "secret", "",
                    "the shared password of method password (write ${ENV_NAME}; never in docs.json)"),
            new SettingDoc("docs-assistant.sites[].reader-auth.oidc.issuer", "URL", "",
                    "the OpenID Connect issuer (its discovery document is read from there)"),
            new SettingDoc("docs-assistant.sites[].reader-auth.oidc.client-id", "text", "", "the site's client id at the provider"),
            new SettingDoc("docs-assistant.sites[].reader-auth.oidc.client-secret", "secret", "",
                    "the client secret (write ${ENV_NAME}); none: a public client (PKCE only)"),
            new SettingDoc("docs-assistant.sites[].reader-auth.oidc.scopes", "list", String.join(", ", DEFAULT_SCOPES),
                    "the scopes asked for"),
            new SettingDoc("docs-assistant.sites[].reader-auth.oidc.groups-claim", "text", DEFAULT_GROUPS_CLAIM,
                    "the claim holding the reader's groups: the ID token's, or a JWT access token's (signed by the issuer)"
                            + " when the ID token lacks it"),
            new SettingDoc("docs-assistant.sites[].reader-auth.oidc.groups-delimiter", "text", "",
                    "splits a string groups claim (1 to 4 characters); none: the string is one group"),
            new SettingDoc("docs-assistant.sites[].reader-auth.oidc.info-api", "URL", "",
                    "answers the user data format (groups, content, apiPlaygroundInputs, expiresAt) for the access token"),
            new SettingDoc("docs-assistant.sites[].reader-auth.oidc.logout-url", "URL", "",
                    "where signing out sends the browser; none: the site's sign-in page"),
            new SettingDoc("docs-assistant.sites[].reader-auth.jwt.login-url", "URL", "",
                    "the customer's login flow readers are sent to (methods jwt and jwt-personalization)"),
            new SettingDoc("docs-assistant.sites[].reader-auth.record-identity", "true or false", "false",
                    "keep the signed-in reader's identity (OpenID Connect sub, the JWT's sub) with their questions, answers"
                            + " and conversations, shown in the dashboard and its exports; false: no identity is stored anywhere."
                            + " Turning it off stops recording; identities already kept stay until erased on the dashboard's"
                            + " Readers page or removed with their answers by retention. The shared password knows no one")));

    @Override
    public String toString() {
        return "ReaderAuthSettings[" + method.configName + ", password " + (password.isPresent() ? "set" : "none") + ", "
                + oidc.map(Oidc::toString).orElse("no oidc") + ", " + jwt.map(Jwt::toString).orElse("no jwt")
                + (recordIdentity ? ", identities recorded" : "") + "]";
    }

    /** The sites of the configuration that have {@code reader-auth}, by domain; a bad value stops start-up naming its key. */
    public static Map<String, ReaderAuthSettings> ofSites(Config section) {
        Map<String, ReaderAuthSettings> out = new LinkedHashMap<>();
        for (Config site : section.get("sites").asNodeList().orElse(List.of())) {
            Config node = site.get("reader-auth");
            if (node.exists()) {
                out.put(site.get("domain").asString().orElse(""), from(node));
            }
        }
        return out;
    }

    /** One site's {@code reader-auth} node. */
    public static ReaderAuthSettings from(Config node) {
        String key = node.key().toString();
        String name = node.get("method").asString().orElseThrow(() -> new ConfigException(key
                + ".method is required: password, oidc, jwt or jwt-personalization"));
        Method method = Method.of(name).orElseThrow(() -> new ConfigException(key + ".method: '" + name
                + "' must be password, oidc, jwt or jwt-personalization"));
        Optional<String> password = node.get("password").asString().asOptional().filter(p -> !p.isEmpty());
        Optional<Oidc> oidc = node.get("oidc").exists() ? Optional.of(oidc(node.get("oidc"))) : Optional.empty();
        Optional<Jwt> jwt = node.get("jwt.login-url").exists()
                ? Optional.of(new Jwt(url(node.get("jwt.login-url")))) : Optional.empty();
        boolean recordIdentity = AppConfig.flag(node.get("record-identity"), key + ".record-identity", false);
        ReaderAuthSettings settings = new ReaderAuthSettings(method, password, oidc, jwt, recordIdentity);
        settings.check(key).ifPresent(problem -> {
            throw new ConfigException(problem);
        });
        return settings;
    }

    /** What the method lacks to sign anyone in, named by its key under {@code key}; empty when complete. */
    public Optional<String> check(String key) {
        return switch (method) {
            case PASSWORD -> password.isEmpty() ? Optional.of(key + ".password is required by method password"
                    + " (write ${ENV_NAME} and set that variable)") : Optional.empty();
            case OIDC -> oidc.isEmpty() ? Optional.of(key + ".oidc (issuer, client-id) is required by method oidc") : Optional.empty();
            case JWT, JWT_PERSONALIZATION -> jwt.isEmpty()
                    ? Optional.of(key + ".jwt.login-url is required by method " + method.configName) : Optional.empty();
        };
    }

    private static Oidc oidc(Config node) {
        String key = node.key().toString();
        Optional<String> delimiter = node.get("groups-delimiter").asString().asOptional().filter(d -> !d.isEmpty());
        if (delimiter.isPresent() && delimiter.get().length() > 4) {
            throw new ConfigException(key + ".groups-delimiter: at most 4 characters");
        }
        return new Oidc(url(node.get("issuer")),
                node.get("client-id").asString().orElseThrow(() -> new ConfigException(key + ".client-id is required")),
                node.get("client-secret").asString().asOptional().filter(s -> !s.isEmpty()),
                node.get("scopes").asList(String.class).orElse(DEFAULT_SCOPES),
                node.get("groups-claim").asString().orElse(DEFAULT_GROUPS_CLAIM), delimiter,
                node.get("info-api").exists() ? Optional.of(url(node.get("info-api"))) : Optional.empty(),
                node.get("logout-url").exists() ? Optional.of(url(node.get("logout-url"))) : Optional.empty());
    }

    private static URI url(Config node) {
        String key = node.key().toString();
        String value = node.asString().orElseThrow(() -> new ConfigException(key + " is required"));
        try {
            URI uri = new URI(value);
            if (!("https".equals(uri.getScheme()) || "http".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new ConfigException(key + ": '" + value + "' is not an http(s) URL");
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw new ConfigException(key + ": '" + value + "' is not a URL");
        }
    }
}
