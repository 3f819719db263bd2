package dev.docsassistant.git;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import dev.docsassistant.web.ApiException;
import io.helidon.config.Config;
import org.eclipse.jgit.lib.Repository;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * A site's Git source: the {@code git} node of a site, from the configuration file
 * ({@code sites[].git}) or the admin API's JSON body ({@code "git"}). Secrets in here are the webhook's
 * (compared with what hosts send); the clone credential is only named ({@code credentials-env}) and
 * read from the environment when fetching, so it is never stored nor logged.
 *
 * @param url             https/http URL, {@code file://} URL or absolute path of the repository (no credentials in it)
 * @param branch          the branch the site is deployed from
 * @param path            the folder holding docs.json inside the repository, {@code ""} for its root
 * @param previews        whether pushes to other branches become previews named after the branch
 * @param poll            how often to look for a moved branch head, for hosts without webhooks; empty: never
 * @param secret          the GitHub webhook secret the {@code X-Hub-Signature-256} HMAC is made with
 * @param token           the GitLab webhook token sent as {@code X-Gitlab-Token}
 * @param credentialsEnv  the environment variable holding an access token for https fetches
 * @param credentialsUser the user name sent with that token ({@code x-access-token} for GitHub, {@code oauth2} for GitLab)
 */
public record GitSettings(String url, String branch, String path, boolean previews, Optional<Duration> poll,
                          Optional<String> secret, Optional<String> token, Optional<String> credentialsEnv,
                          String credentialsUser) {
    public static final String DEFAULT_BRANCH = "main";
    public static final String DEFAULT_CREDENTIALS_USER = "x-access-token";
    /** Shorter polls would only load the Git host; webhooks are the way to deploy at once. */
    public static final Duration MIN_POLL = Duration.ofSeconds(10);

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Git sources", "GitSettings", List.of(
            new SettingDoc("docs-assistant.sites[].git.url", "URL", "",
                    "the site's Git repository: https, http, file:// or an absolute path (no credentials in it);"
                            + " the egress policy (docs-assistant.egress) checks it before every fetch"),
            new SettingDoc("docs-assistant.sites[].git.branch", "text", DEFAULT_BRANCH, "the branch the site is deployed from"),
            new SettingDoc("docs-assistant.sites[].git.path", "path", "the repository's root",
                    "the folder holding docs.json inside the repository"),
            new SettingDoc("docs-assistant.sites[].git.previews", "true/false", "false",
                    "pushes to other branches become previews named after the branch"),
            new SettingDoc("docs-assistant.sites[].git.poll", "duration", "off",
                    "how often to look for a moved branch head (at least " + SettingDoc.duration(MIN_POLL) + "), for hosts without webhooks"),
            new SettingDoc("docs-assistant.sites[].git.secret", "text", "",
                    "the GitHub webhook secret (X-Hub-Signature-256 is an HMAC-SHA256 with it)"),
            new SettingDoc("docs-assistant.sites[].git.token", "text", "",
                    "the GitLab webhook secret token (sent as X-Gitlab-Token)"),
            new SettingDoc("docs-assistant.sites[].git.credentials-env", "text", "",
                    "the environment variable holding an access token for https fetches of a private repository"),
            new SettingDoc("docs-assistant.sites[].git.credentials-user", "text", DEFAULT_CREDENTIALS_USER,
                    "the user name sent with that token (GitLab: oauth2)")));

    public GitSettings {
        poll = poll == null ? Optional.empty() : poll;
    }

    /** Settings with the defaults, for {@code url}. */
    public static GitSettings of(String url) {
        return new GitSettings(url, DEFAULT_BRANCH, "", false, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), DEFAULT_CREDENTIALS_USER);
    }

    /** Whether the push webhook can be verified (a secret or a token is set). */
    public boolean webhook() {
        return secret.isPresent() || token.isPresent();
    }

    /** The {@code sites[].git} node; problems stop start-up naming the key. */
    public static GitSettings from(Config node) {
        BiFunction<String, String, RuntimeException> problem = (field, message) ->
                new ConfigException(node.key() + "." + field + " " + message);
        Optional<Duration> poll = Optional.empty();
        if (node.get("poll").exists()) {
            String text = node.get("poll").asString().orElse("");
            poll = text.equals("off") || text.equals("false") ? Optional.empty()
                    : Optional.of(Durations.read(node.get("poll"), MIN_POLL));
        }
        return validated(text(node, "url"), text(node, "branch"), text(node, "path"),
                AppConfig.flag(node.get("previews"), node.key() + ".previews", false), poll,
                text(node, "secret"), text(node, "token"), text(node, "credentials-env"), text(node, "credentials-user"), problem);
    }

    /** The Git settings of every configured site that has a {@code git} node, by domain. */
    public static Map<String, GitSettings> ofSites(Config section) {
        Map<String, GitSettings> sites = new LinkedHashMap<>();
        for (Config site : section.get("sites").asNodeList().orElse(List.of())) {
            if (site.get("git").exists()) {
                sites.put(site.get("domain").asString().orElse(""), from(site.get("git")));
            }
        }
        return Map.copyOf(sites);
    }

    /**
     * The admin API's {@code "git"} object; problems are a 400 naming the field ({@code git.branch}).
     *
     * @param where the field's path in the body, {@code "git"}
     */
    public static GitSettings fromJson(JsonNode node, String where) {
        BiFunction<String, String, RuntimeException> problem = (field, message) ->
                ApiException.badRequest(where + "." + field + " " + message);
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest(where + " must be an object with at least \"url\"");
        }
        for (var names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!List.of("url", "branch", "path", "previews", "poll", "secret", "token", "credentials-env",
                    "credentials-user").contains(name)) {
                throw problem.apply(name, "is not a Git setting (url, branch, path, previews, poll, secret, token, "
                        + "credentials-env, credentials-user)");
            }
        }
        boolean previews = false;
        JsonNode p = node.get("previews");
        if (p != null && !p.isNull()) {
            if (!p.isBoolean()) {
                throw problem.apply("previews", "must be true or false");
            }
            previews = p.booleanValue();
        }
        Optional<Duration> poll = Optional.empty();
        String pollText = string(node, "poll", problem);
        if (pollText != null && !pollText.equals("off")) {
            poll = Optional.of(Durations.parse(pollText).filter(d -> !d.isNegative() && !d.isZero()).orElseThrow(() ->
                    problem.apply("poll", "must be a duration such as 30s, 5m or PT5M, or \"off\"")));
        }
        return validated(string(node, "url", problem), string(node, "branch", problem), string(node, "path", problem),
                previews, poll, string(node, "secret", problem), string(node, "token", problem),
                string(node, "credentials-env", problem), string(node, "credentials-user", problem), problem);
    }

    /** The JSON the admin API shows back: everything but the webhook's secrets, which only say whether they are set. */
    public Map<String, Object> view() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("url", url);
        out.put("branch", branch);
        out.put("path", path);
        out.put("previews", previews);
        out.put("poll", poll.map(SettingDoc::duration).orElse("off"));
        out.put("secret", secret.isPresent());
        out.put("token", token.isPresent());
        out.put("credentials-env", credentialsEnv.orElse(null));
        out.put("credentials-user", credentialsUser);
        return out;
    }

    private static GitSettings validated(String url, String branch, String path, boolean previews, Optional<Duration> poll,
                                         String secret, String token, String credentialsEnv, String credentialsUser,
                                         BiFunction<String, String, RuntimeException> problem) {
        if (url == null || url.isBlank()) {
            throw problem.apply("url", "is required");
        }
        checkUrl(url.strip(), problem);
        String b = branch == null ? DEFAULT_BRANCH : branch.strip();
        if (b.startsWith("refs/heads/")) {
            b = b.substring("refs/heads/".length());
        }
        if (b.isEmpty() || !Repository.isValidRefName("refs/heads/" + b)) {
            throw problem.apply("branch", "'" + branch + "' is not a valid branch name");
        }
        if (poll.isPresent() && poll.get().compareTo(MIN_POLL) < 0) {
            throw problem.apply("poll", "must be at least " + SettingDoc.duration(MIN_POLL) + " (or off); use a webhook to deploy at once");
        }
        if (credentialsEnv != null && !credentialsEnv.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw problem.apply("credentials-env", "must be the name of an environment variable (letters, digits and '_')");
        }
        for (var secretField : Map.of("secret", secret == null ? "-" : secret, "token", token == null ? "-" : token,
                "credentials-user", credentialsUser == null ? "-" : credentialsUser).entrySet()) {
            if (secretField.getValue().isBlank()) {
                throw problem.apply(secretField.getKey(), "must not be empty");
            }
        }
        return new GitSettings(url.strip(), b, folder(path, problem), previews, poll, Optional.ofNullable(secret),
                Optional.ofNullable(token), Optional.ofNullable(credentialsEnv),
                credentialsUser == null ? DEFAULT_CREDENTIALS_USER : credentialsUser);
    }

    private static void checkUrl(String url, BiFunction<String, String, RuntimeException> problem) {
        if (url.startsWith("/")) {
            return; // a local repository, for tests and mirrors on the same machine
        }
        String lower = url.toLowerCase(Locale.ROOT);
        if (lower.startsWith("ssh://") || lower.startsWith("git@") || lower.startsWith("git://")) {
            throw problem.apply("url", "must be https (or http, file://): ssh and git:// are not supported; for a private "
                    + "repository use https with an access token in the environment variable named by credentials-env");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw problem.apply("url", "is not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        switch (scheme) {
            case "https", "http" -> {
                if (uri.getHost() == null) {
                    throw problem.apply("url", "must name a host");
                }
                if (uri.getRawUserInfo() != null) {
                    throw problem.apply("url", "must not hold credentials; put the access token in the environment "
                            + "variable named by credentials-env");
                }
            }
            case "file" -> {
                if (uri.getPath() == null || uri.getPath().isEmpty()) {
                    throw problem.apply("url", "must name a folder after file://");
                }
            }
            default -> throw problem.apply("url", "must be an https, http or file:// URL or an absolute path");
        }
    }

    /** The path as {@code a/b} (no leading or trailing slash), {@code ""} for the root; never out of the repository. */
    private static String folder(String path, BiFunction<String, String, RuntimeException> problem) {
        if (path == null) {
            return "";
        }
        String p = path.strip();
        if (p.contains("\\") || p.contains("\0")) {
            throw problem.apply("path", "must use '/' between folders");
        }
        StringBuilder out = new StringBuilder();
        for (String part : p.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..") || part.equals(".git")) {
                throw problem.apply("path", "must be a folder inside the repository, not '" + path + "'");
            }
            out.append(out.isEmpty() ? "" : "/").append(part);
        }
        return out.toString();
    }

    private static String text(Config node, String key) {
        return node.get(key).asString().orElse(null);
    }

    private static String string(JsonNode node, String field, BiFunction<String, String, RuntimeException> problem) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw problem.apply(field, "must be a string");
        }
        return v.textValue();
    }
}
