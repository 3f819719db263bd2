package dev.docsassistant.assistant.llm;

import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.Durations;
import io.helidon.config.Config;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
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
 */
public record LlmSettings(URI baseUrl, String model, Optional<ApiKey> apiKey, String apiKeyHeader, Duration connectTimeout,
                          Duration firstTokenTimeout, Duration totalTimeout, int maxTokens, String maxTokensParam,
                          OptionalDouble temperature, int historyTokens) {

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
        int maxTokens = k.integer("max-tokens", 1024, 1, 1_000_000);
        int historyTokens = k.integer("history-tokens", 2000, 0, 1_000_000);
        OptionalDouble temperature = OptionalDouble.empty();
        if (k.node("temperature").exists()) {
            double t = k.node("temperature").asDouble().orElseThrow(() ->
                    new ConfigException(k.node("temperature").key() + " must be a number"));
            if (t < 0 || t > 2) {
                throw new ConfigException(k.node("temperature").key() + " must be between 0 and 2");
            }
            temperature = OptionalDouble.of(t);
        }
        String keyHeader = k.string("api-key-header").orElse("Authorization");
        try {
            HttpRequest.newBuilder(baseUrl).header(keyHeader, "x");
        } catch (IllegalArgumentException e) {
            throw new ConfigException(k.node("api-key-header").key() + ": not a header the HTTP client may send: " + keyHeader);
        }
        return new LlmSettings(baseUrl, model, apiKey, keyHeader,
                k.duration("timeouts.connect", Duration.ofSeconds(5)),
                k.duration("timeouts.first-token", Duration.ofSeconds(30)),
                k.duration("timeouts.total", Duration.ofSeconds(120)),
                maxTokens, k.string("max-tokens-param").orElse("max_tokens"), temperature, historyTokens);
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

        Duration duration(String key, Duration dflt) {
            return Durations.read(node(key), dflt);
        }
    }
}
