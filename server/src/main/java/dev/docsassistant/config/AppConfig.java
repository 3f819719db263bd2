package dev.docsassistant.config;

import io.helidon.config.Config;
import io.helidon.config.ConfigSources;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The application configuration: the YAML file, with every key overridable by environment
 * variables the way Helidon maps them (for example SERVER_PORT, DOCS_DASH_ASSISTANT_DATA_DASH_DIR).
 *
 * @param config  the whole Helidon config tree, for sections owned by other parts of the app
 * @param baseDir the folder of the config file; relative paths in it are resolved against it
 * @param dataDir where the embedded store and indexes live
 * @param sites   the documentation sites to serve
 */
public record AppConfig(Config config, Path baseDir, Path dataDir, List<SiteConfig> sites) {
    static final String DEFAULT_DATA_DIR = "data";
    private static final Pattern UNRESOLVED = Pattern.compile("\\$\\{([^}]*)}");

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Data and sites", "AppConfig", List.of(
            new SettingDoc("docs-assistant.data-dir", "path", DEFAULT_DATA_DIR,
                    "where the embedded store, the indexes and the embedding cache live (relative to the config file)"),
            new SettingDoc("docs-assistant.sites[].domain", "text", "",
                    "required: the site's name in URLs and host names (lower-case letters, digits and '-')"),
            new SettingDoc("docs-assistant.sites[].organization", "text", "",
                    "required: the organisation that owns the site (keys and limits are per organisation)"),
            new SettingDoc("docs-assistant.sites[].path", "path", "",
                    "the folder holding the site's docs.json (relative to the config file); required unless the site"
                            + " has git (then it is deployed from its repository instead)"),
            new SettingDoc("docs-assistant.sites[].watch", "true/false", "false",
                    "deploy the folder again whenever a file in it changes (for docs mounted into a container);"
                            + " one watcher serves every watched site"),
            new SettingDoc("docs-assistant.sites[].url", "URL", "",
                    "the public base URL of the rendered site: its host serves the site at its root (besides"
                            + " {domain}.{site-host}) and absolute links start there"),
            new SettingDoc("docs-assistant.sites[].path-prefix", "path", "",
                    "serve the site under this path of its hosts (/docs: https://example.com/docs/…, for a reverse proxy"
                            + " that forwards /docs/* unchanged): every link, asset and API call of its pages is under it,"
                            + " and nothing else answers on those hosts; url, if given, ends with it or gets it appended")));

    /** Loads a YAML config file. */
    public static AppConfig load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("config file not found: " + file);
        }
        Path absolute = file.toAbsolutePath().normalize();
        Config config = Config.builder()
                .addSource(ConfigSources.file(absolute))
                .build();
        refuseUnresolved(absolute, config);
        return from(config, absolute.getParent());
    }

    /**
     * Stops start-up on any {@code ${NAME}} the file has that nothing resolved (Helidon leaves the text as
     * it is): an admin token of {@code ${ADMIN_TOKEN}} would otherwise be that literal, public string.
     * Only the file's own keys are checked: the environment's variables are not configuration.
     */
    private static void refuseUnresolved(Path file, Config config) {
        Config fileOnly = Config.builder().addSource(ConfigSources.file(file))
                .disableEnvironmentVariablesSource().disableSystemPropertiesSource().disableValueResolving().build();
        fileOnly.traverse().filter(node -> node.type() == Config.Type.VALUE).forEach(node -> {
            String key = node.key().toString();
            config.get(key).asString().asOptional().map(UNRESOLVED::matcher).filter(Matcher::find).ifPresent(m -> {
                throw new ConfigException(key + " refers to " + m.group() + ", which is not set in the environment (nor a key"
                        + " of this file); set " + m.group(1) + " before starting, or remove " + key);
            });
        });
    }

    /** Reads the typed settings out of an already built config tree. */
    public static AppConfig from(Config config, Path baseDir) {
        Config root = config.get("docs-assistant");
        Path dataDir = baseDir.resolve(root.get("data-dir").asString().orElse(DEFAULT_DATA_DIR)).normalize();
        List<SiteConfig> sites = new ArrayList<>();
        Set<String> domains = new HashSet<>();
        for (Config site : root.get("sites").asNodeList().orElse(List.of())) {
            String domain = required(site, "domain");
            if (!domain.matches("[a-z0-9][a-z0-9-]{0,62}")) {
                throw new ConfigException(site.key() + ".domain: '" + domain
                        + "' must be lower-case letters, digits and '-' (it is used in URLs and host names)");
            }
            if (domain.contains(PreviewDomains.SEPARATOR)) {
                throw new ConfigException(site.key() + ".domain: '" + domain + "' must not hold '" + PreviewDomains.SEPARATOR
                        + "': {domain}" + PreviewDomains.SEPARATOR + "{name} is the host of a site's preview");
            }
            if (!domains.add(domain)) {
                throw new ConfigException(site.key() + ".domain: '" + domain + "' is configured twice");
            }
            String organization = required(site, "organization");
            boolean git = site.get("git").exists();
            boolean hasPath = site.get("path").exists();
            if (git && hasPath) {
                throw new ConfigException(site.key() + ": give path (a folder) or git (a repository), not both");
            }
            if (!git && site.get("path").asString().filter(p -> !p.isBlank()).isEmpty()) {
                throw new ConfigException(site.key() + ".path is required (the docs folder), unless the site has git (a repository)");
            }
            Path path = git ? null : baseDir.resolve(required(site, "path")).normalize();
            boolean watch = flag(site.get("watch"), site.key() + ".watch", false);
            if (watch && git) {
                throw new ConfigException(site.key() + ".watch: only a site with a path is watched; a git site is"
                        + " deployed by its webhook or git.poll");
            }
            String method = site.get("reader-auth.method").asString().orElse(null);
            ReaderAccess readers = ReaderAccess.ofMethod(method);
            if (readers == null) {
                throw new ConfigException(site.key() + ".reader-auth.method: '" + method
                        + "' must be password, oidc, jwt or jwt-personalization");
            }
            String prefix = PathPrefix.read(site.get("path-prefix").asString().orElse(""), site.key() + ".path-prefix");
            Optional<String> url = site.get("url").asString().asOptional().map(AppConfig::trimSlash);
            sites.add(new SiteConfig(domain, organization, path,
                    url.map(u -> PathPrefix.onUrl(u, prefix, site.key() + ".url")), watch, readers, prefix));
        }
        return new AppConfig(config, baseDir, dataDir, List.copyOf(sites));
    }

    /** The organisations owning the configured sites, each once, in the order the sites are configured. */
    public Set<String> organizations() {
        Set<String> out = new LinkedHashSet<>();
        sites.forEach(s -> out.add(s.organization()));
        return Collections.unmodifiableSet(out);
    }

    /** The {@code docs-assistant} section, handed to the settings records' factories ({@code *Settings.create}). */
    public Config section() {
        return config.get("docs-assistant");
    }

    /** A true/false setting, strictly: anything else stops start-up naming the key. */
    public static boolean flag(Config node, String name, boolean otherwise) {
        if (!node.exists()) {
            return otherwise;
        }
        String value = node.asString().orElse("").trim();
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ConfigException(name + " must be true or false, not '" + value + "'");
        };
    }

    private static String required(Config node, String key) {
        return node.get(key).asString().filter(s -> !s.isBlank())
                .orElseThrow(() -> new ConfigException(node.key() + "." + key + " is required"));
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
