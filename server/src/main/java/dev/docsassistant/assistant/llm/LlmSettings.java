package dev.docsassistant.assistant.llm;

import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * How to reach one OpenAI-compatible Chat Completions endpoint. Read from {@code llm} under the
 * site, falling back key by key to {@code docs-assistant.llm}; the key itself only ever comes from
 * the environment variable named by {@code api-key-env}.
 *
 * @param baseUrl           e.g. {@code https://api.openai.com/v1}; {@code /chat/completions} is appended
 * @param model             the model name the provider knows
 * @param apiKey            the key, or empty for providers without one (a local Ollama)
 * @param apiKeyHeader      {@code Authorization} (sent as {@code Bearer KEY}) or another header sent as the bare key (Azure's {@code api-key})
 * @param connectTimeout    to open the connection
 * @param firstTokenTimeout from sending the request to the first piece of the answer
 * @param totalTimeout      for the whole answer
 * @param maxTokens         the answer's length limit
 * @param maxTokensParam    {@code max_tokens}, or {@code max_completion_tokens} for models that only take that
 * @param temperature       sent only when set (some reasoning models refuse it)
 * @param historyTokens     budget for the earlier conversation in the prompt (estimated at 4 characters a token)
 * @param rewriteQuery      whether a follow-up (or a question with attached context) is first rewritten by the model
 *                          into one standalone search query ({@link QueryRewriter})
 * @param rewriteTimeout    for that rewrite, connection included; past it the search uses the question as it is
 */
public record LlmSettings(URI baseUrl, String model, Optional<ApiKey> apiKey, String apiKeyHeader, Duration connectTimeout,
                          Duration firstTokenTimeout, Duration totalTimeout, int maxTokens, String maxTokensParam,
                          OptionalDouble temperature, int historyTokens, boolean rewriteQuery, Duration rewriteTimeout) {
    static final int DEFAULT_MAX_TOKENS = 1024;
    static final int DEFAULT_HISTORY_TOKENS = 2000;
    static final String DEFAULT_KEY_HEADER = "Authorization";
    static final String DEFAULT_MAX_TOKENS_PARAM = "max_tokens";
    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration DEFAULT_FIRST_TOKEN_TIMEOUT = Duration.ofSeconds(30);
    static final Duration DEFAULT_TOTAL_TIMEOUT = Duration.ofSeconds(120);
    /** One short completion: a fast model takes well under a second; past this the search goes ahead without it. */
    static final Duration DEFAULT_REWRITE_TIMEOUT = Duration.ofSeconds(2);

    /** The keys of {@code docs-assistant.llm}; each can be set per site under {@code sites[].llm}. */
    public static final List<SettingDoc> REFERENCE = List.of(
            new SettingDoc("docs-assistant.llm.base-url", "URL", "", "required with generator: llm, e.g. https://api.openai.com/v1"),
            new SettingDoc("docs-assistant.llm.model", "text", "", "required with generator: llm: the model name the provider knows"),
            new SettingDoc("docs-assistant.llm.api-key-env", "text", "",
                    "the environment variable holding the key (keys are never read from the file)"),
            new SettingDoc("docs-assistant.llm.api-key-header", "header name", DEFAULT_KEY_HEADER,
                    "Authorization (sent as Bearer KEY) or another header sent as the bare key (Azure's api-key)"),
            new SettingDoc("docs-assistant.llm.max-tokens", "number", String.valueOf(DEFAULT_MAX_TOKENS), "the answer's length limit"),
            new SettingDoc("docs-assistant.llm.max-tokens-param", "text", DEFAULT_MAX_TOKENS_PARAM,
                    "max_tokens, or max_completion_tokens for models that only take that"),
            new SettingDoc("docs-assistant.llm.temperature", "number 0–2", "", "sent only when set (some reasoning models refuse it)"),
            new SettingDoc("docs-assistant.llm.history-tokens", "number", String.valueOf(DEFAULT_HISTORY_TOKENS),
                    "budget for the earlier conversation in the prompt"),
            new SettingDoc("docs-assistant.llm.rewrite-query", "true or false", "false",
                    "before searching, the model rewrites a follow-up (or a question with attached context) into one"
                            + " standalone search query; costs one short completion per such answer (docs/llm.md)"),
            new SettingDoc("docs-assistant.llm.timeouts.connect", "duration", SettingDoc.duration(DEFAULT_CONNECT_TIMEOUT),
                    "to open the connection"),
            new SettingDoc("docs-assistant.llm.timeouts.first-token", "duration", SettingDoc.duration(DEFAULT_FIRST_TOKEN_TIMEOUT),
                    "from sending the request to the first piece of the answer"),
            new SettingDoc("docs-assistant.llm.timeouts.total", "duration", SettingDoc.duration(DEFAULT_TOTAL_TIMEOUT),
                    "for the whole answer"),
            new SettingDoc("docs-assistant.llm.timeouts.rewrite", "duration", SettingDoc.duration(DEFAULT_REWRITE_TIMEOUT),
                    "for the query rewrite (rewrite-query), connection included; past it the question is searched as it is"));

    /** The endpoint that streams the answer. */
    public URI completionsUri() {
        String s = baseUrl.toString();
        int q = s.indexOf('?');
        String path = q < 0 ? s : s.substring(0, q);
        String query = q < 0 ? "" : s.substring(q);
        return URI.create((path.endsWith("/") ? path : path + "/") + "chat/completions" + query);
    }

    /**
     * @param site   the site's {@code llm} node (may be missing)
     * @param global {@code docs-assistant.llm} (may be missing)
     * @param env    environment lookup ({@code System::getenv})
     */
    public static LlmSettings from(Config site, Config global, Function<String, String> env) {
        Keys k = new Keys(site, global);
        if (k.node("api-key").exists()) {
            throw new ConfigException(k.node("api-key").key() + ": keys are not read from the configuration file;"
                    + " put the key in an environment variable and name it in api-key-env");
        }
        String base = k.string("base-url").orElseThrow(() -> new ConfigException(global.key() + ".base-url is required"));
        URI baseUrl;
        try {
            baseUrl = URI.create(base.strip());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(k.node("base-url").key() + ": not a URL: " + base);
        }
        if (!"http".equals(baseUrl.getScheme()) && !"https".equals(baseUrl.getScheme()) || baseUrl.getHost() == null) {
            throw new ConfigException(k.node("base-url").key() + ": must be an http(s) URL, got " + base);
        }
        String model = k.string("model").orElseThrow(() -> new ConfigException(global.key() + ".model is required"));
        Optional<ApiKey> apiKey = Optional.empty();
        Optional<String> keyEnv = k.string("api-key-env");
        if (keyEnv.isPresent()) {
            String value = env.apply(keyEnv.get());
            if (value == null || value.isBlank()) {
                throw new ConfigException(k.node("api-key-env").key() + ": environment variable " + keyEnv.get() + " is not set");
            }
            apiKey = Optional.of(new ApiKey(value.strip()));
        }
        int maxTokens = k.integer("max-tokens", DEFAULT_MAX_TOKENS, 1, 1_000_000);
        int historyTokens = k.integer("history-tokens", DEFAULT_HISTORY_TOKENS, 0, 1_000_000);
        OptionalDouble temperature = OptionalDouble.empty();
        if (k.node("temperature").exists()) {
            double t = k.node("temperature").asDouble().orElseThrow(() ->
                    new ConfigException(k.node("temperature").key() + " must be a number"));
            if (t < 0 || t > 2) {
                throw new ConfigException(k.node("temperature").key() + " must be between 0 and 2");
            }
            temperature = OptionalDouble.of(t);
        }
        String keyHeader = k.string("api-key-header").orElse(DEFAULT_KEY_HEADER);
        try {
            // Host is refused by name too: a JVM may allow it (jdk.httpclient.allowRestrictedHeaders), a provider never wants it.
            if (keyHeader.equalsIgnoreCase("host")) {
                throw new IllegalArgumentException("restricted header name: " + keyHeader);
            }
            HttpRequest.newBuilder(baseUrl).header(keyHeader, "x");
        } catch (IllegalArgumentException e) {
            throw new ConfigException(k.node("api-key-header").key() + ": not a header the HTTP client may send: " + keyHeader);
        }
        return new LlmSettings(baseUrl, model, apiKey, keyHeader,
                k.duration("timeouts.connect", DEFAULT_CONNECT_TIMEOUT),
                k.duration("timeouts.first-token", DEFAULT_FIRST_TOKEN_TIMEOUT),
                k.duration("timeouts.total", DEFAULT_TOTAL_TIMEOUT),
                maxTokens, k.string("max-tokens-param").orElse(DEFAULT_MAX_TOKENS_PARAM), temperature, historyTokens,
                k.bool("rewrite-query", false), k.duration("timeouts.rewrite", DEFAULT_REWRITE_TIMEOUT));
    }

    /** Looks a key up on the site first, then globally. */
    private record Keys(Config site, Config global) {
        Config node(String key) {
            Config s = site.get(key);
            return s.exists() ? s : global.get(key);
        }

        Optional<String> string(String key) {
            return node(key).asString().asOptional().map(String::strip).filter(v -> !v.isEmpty());
        }

        int integer(String key, int dflt, int min, int max) {
            Config n = node(key);
            if (!n.exists()) {
                return dflt;
            }
            int v = n.asInt().orElseThrow(() -> new ConfigException(n.key() + " must be a whole number"));
            if (v < min || v > max) {
                throw new ConfigException(n.key() + " must be between " + min + " and " + max);
            }
            return v;
        }

        boolean bool(String key, boolean dflt) {
            Config n = node(key);
            if (!n.exists()) {
                return dflt;
            }
            // Read as text: a typo ("yes", "on") must not quietly mean false.
            return switch (n.asString().orElse("").strip().toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new ConfigException(n.key() + " must be true or false");
            };
        }

        Duration duration(String key, Duration dflt) {
            return Durations.read(node(key), dflt);
        }
    }
}
