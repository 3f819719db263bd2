package dev.docsassistant.integrations;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.integrations.spi.Consent;
import dev.docsassistant.integrations.spi.CspDirective;
import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Problem;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Settings;
import dev.docsassistant.integrations.spi.Validation;
import dev.docsassistant.content.SiteProblem;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A site's docs.json {@code integrations} object: validated against the plugins' declarations and
 * rendered into the markup, CSP hosts and consent settings of its pages. Protocol-free; the
 * rendered site and the command line call it.
 */
public final class Integrations {
    /** Platform settings: validated like plugins, read by the platform, never rendered as snippets. */
    public static final String TELEMETRY = "telemetry";
    public static final String COOKIES = "cookies";
    private static final Logger LOG = Logger.getLogger(Integrations.class.getName());
    private static final ObjectMapper MAPPER = Mappers.JSON;
    private static final Pattern INLINE_SCRIPT = Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL);

    /** Sites render the same few objects on every page: keep their results (bounded; docs.json may be reloaded). */
    private static final int CACHED = 64;

    private final PluginRegistry registry;
    private final boolean allowPrivateHosts;
    private final Map<JsonNode, RenderedIntegrations> rendered = new ConcurrentHashMap<>();

    public Integrations(PluginRegistry registry) {
        this(registry, false);
    }

    /** @param allowPrivateHosts whether CSP hosts may be IP literals, localhost or carry a port ({@link IntegrationHosts}) */
    public Integrations(PluginRegistry registry, boolean allowPrivateHosts) {
        this.registry = registry;
        this.allowPrivateHosts = allowPrivateHosts;
    }

    /** The class-path plugins plus those in {@code docs-assistant.plugins-dir} (relative to the config file). */
    public static Integrations load(IntegrationSettings settings) {
        Path dir = settings.pluginsDir().orElse(null);
        PluginRegistry registry = PluginRegistry.load(dir);
        if (dir != null) {
            LOG.info("integration plugins: " + registry.keys().size() + " (" + dir + " included)");
        }
        return new Integrations(registry, settings.allowPrivateHosts());
    }

    /** The plugins on the class path only. */
    public static Integrations classPath() {
        return new Integrations(PluginRegistry.classPath());
    }

    public PluginRegistry registry() {
        return registry;
    }

    /**
     * Every problem of an {@code integrations} object (null or missing: none), errors first, each with
     * a pointer from the docs.json root ({@code /integrations/ga4/measurementId}).
     */
    public List<Problem> validate(JsonNode integrations) {
        if (integrations == null || integrations.isMissingNode()) {
            return List.of();
        }
        Object value = MAPPER.convertValue(integrations, Object.class);
        List<Problem> problems = new ArrayList<>();
        if (!(value instanceof Map<?, ?> object)) {
            problems.add(Problem.error("/integrations", "invalid-type", Validation.invalidType("object", value), value));
            return problems;
        }
        for (Map.Entry<?, ?> e : object.entrySet()) {
            String key = String.valueOf(e.getKey());
            String pointer = "/integrations/" + Validation.escape(key);
            Optional<IntegrationPlugin> plugin = registry.get(key);
            if (plugin.isEmpty()) {
                String suggestion = KeySuggestion.closest(key, registry.keys()).map(k -> ". Did you mean '" + k + "'?")
                        .orElse("");
                problems.add(Problem.error(pointer, "unknown-integration",
                        "Unrecognized key(s) in object: '" + key + "'" + suggestion, e.getValue()));
                continue;
            }
            Validation.Result result = Validation.validate(plugin.get(), e.getValue());
            result.problems().forEach(p -> problems.add(p.under(pointer)));
            if (result.valid()) {
                try {
                    hostProblems(plugin.get().render(result.settings())).forEach(p -> problems.add(p.under(pointer)));
                } catch (RuntimeException | LinkageError ex) {
                    // A plugin that cannot render is logged and left off when pages render.
                }
            }
        }
        problems.sort(Comparator.comparing(Problem::severity)); // stable: errors, then warnings, each in document order
        return problems;
    }

    /** The problems as site problems of {@code docs.json}, for the load summary. */
    public List<SiteProblem> siteProblems(JsonNode docsJson) {
        return validate(docsJson == null ? null : docsJson.get("integrations")).stream()
                .map(p -> new SiteProblem("docs.json", p.pointer(), (p.isError() ? "" : "warning: ") + p.message(),
                        p.isError() ? SiteProblem.Severity.ERROR : SiteProblem.Severity.WARNING))
                .toList();
    }

    /**
     * What the integrations add to every page. Integrations whose settings have errors are left out
     * (validation reports them); the others are rendered in docs.json order.
     */
    public RenderedIntegrations render(JsonNode integrations) {
        if (integrations == null || !integrations.isObject()) {
            return RenderedIntegrations.NONE;
        }
        RenderedIntegrations cached = rendered.get(integrations);
        if (cached != null) {
            return cached;
        }
        RenderedIntegrations result = renderUncached(integrations);
        if (rendered.size() >= CACHED) {
            rendered.clear();
        }
        rendered.put(integrations.deepCopy(), result);
        return result;
    }

    private RenderedIntegrations renderUncached(JsonNode integrations) {
        Map<String, Object> object = MAPPER.convertValue(integrations, MAPPER.getTypeFactory()
                .constructMapType(LinkedHashMap.class, String.class, Object.class));
        Optional<Settings> telemetry = settings(TELEMETRY, object.get(TELEMETRY), object.containsKey(TELEMETRY));
        Optional<Settings> cookies = settings(COOKIES, object.get(COOKIES), object.containsKey(COOKIES));
        Optional<RenderedIntegrations.Consent> consent = cookies
                .filter(c -> c.optionalString("key").isPresent() && c.optionalString("value").isPresent())
                .map(c -> new RenderedIntegrations.Consent(c.string("key"), c.string("value")));
        // Render first: a consent manager among the integrations decides how the others are gated.
        Map<String, Rendering> renderings = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : object.entrySet()) {
            if (e.getKey().equals(TELEMETRY) || e.getKey().equals(COOKIES)) {
                continue;
            }
            Optional<Settings> settings = settings(e.getKey(), e.getValue(), true);
            if (settings.isEmpty()) {
                continue;
            }
            try {
                Rendering rendering = registry.get(e.getKey()).orElseThrow().render(settings.get());
                if (hostProblems(rendering).isEmpty()) { // else validation reports it
                    renderings.put(e.getKey(), rendering);
                }
            } catch (RuntimeException | LinkageError ex) {
                // A plugin bug must not take the page down: the integration is left off and logged.
                LOG.warning("integration " + e.getKey() + " (" + registry.source(e.getKey()) + ") failed to render: " + ex);
            }
        }
        if (renderings.values().stream().anyMatch(Rendering::providesConsent)) {
            // A consent manager owns consent: its signal replaces the cookies setting.
            consent = Optional.of(new RenderedIntegrations.Consent(Consent.STORAGE_KEY, Consent.GRANTED));
        }
        StringBuilder head = new StringBuilder();
        StringBuilder bodyStart = new StringBuilder();
        StringBuilder bodyEnd = new StringBuilder();
        Map<CspDirective, Set<String>> csp = new LinkedHashMap<>();
        boolean needsConsent = false;
        boolean gatedAny = false;
        for (Map.Entry<String, Rendering> e : renderings.entrySet()) {
            Rendering r = e.getValue();
            boolean gated = r.needsConsent() && consent.isPresent();
            String[] html;
            try {
                html = new String[]{HtmlEncoder.html(r.head(), gated), HtmlEncoder.html(r.bodyStart(), gated),
                        HtmlEncoder.html(r.bodyEnd(), gated)};
            } catch (RuntimeException ex) {
                LOG.warning("integration " + e.getKey() + " (" + registry.source(e.getKey()) + ") failed to render: " + ex);
                continue;
            }
            needsConsent |= r.needsConsent();
            gatedAny |= gated;
            head.append(html[0]);
            bodyStart.append(html[1]);
            bodyEnd.append(html[2]);
            r.csp().forEach((d, hosts) -> csp.computeIfAbsent(d, x -> new LinkedHashSet<>()).addAll(hosts));
        }
        if (gatedAny) {
            bodyEnd.append(HtmlEncoder.consentLoader(consent.get().key(), consent.get().value()));
        }
        Map<String, List<String>> cspHosts = new LinkedHashMap<>();
        csp.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(x -> cspHosts.put(x.getKey().header(), List.copyOf(x.getValue())));
        List<String> hashes = new ArrayList<>();
        for (String html : List.of(head.toString(), bodyStart.toString(), bodyEnd.toString())) {
            Matcher m = INLINE_SCRIPT.matcher(html);
            while (m.find()) {
                hashes.add(sha256(m.group(1)));
            }
        }
        return new RenderedIntegrations(head.toString(), bodyStart.toString(), bodyEnd.toString(),
                Map.copyOf(cspHosts), List.copyOf(hashes), needsConsent, gatedAny,
                telemetry.map(t -> t.bool("enabled")).orElse(true), consent);
    }

    /** The CSP hosts of a rendering that {@link IntegrationHosts} refuses, unless private hosts are allowed. */
    private List<Problem> hostProblems(Rendering rendering) {
        List<Problem> problems = new ArrayList<>();
        if (!allowPrivateHosts) {
            rendering.csp().values().stream().flatMap(java.util.Collection::stream).distinct().forEach(host ->
                    IntegrationHosts.refusal(host).ifPresent(why -> problems.add(Problem.error("", "private-host",
                            "Host '" + host + "' " + why + ": pages would load script from it. Use a public host name, "
                                    + "or set docs-assistant.integrations.allow-private-hosts: true", host))));
        }
        return problems;
    }

    private Optional<Settings> settings(String key, Object value, boolean present) {
        if (!present) {
            return Optional.empty();
        }
        Optional<IntegrationPlugin> plugin = registry.get(key);
        if (plugin.isEmpty()) {
            return Optional.empty();
        }
        Validation.Result result = Validation.validate(plugin.get(), value);
        return Optional.ofNullable(result.settings());
    }

    private static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
