package dev.docsassistant.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.integrations.Integrations;
import dev.docsassistant.integrations.PluginRegistry;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Cost of a site's integrations per page: validating and rendering an object with all 18 vendors
 * plus telemetry and cookies (uncached: a new site or a reloaded docs.json), and a cached render
 * (every later page). Run: {@code bench/run IntegrationsBench [rounds]}.
 */
public final class IntegrationsBench {
    private static final String ALL = """
            {"adobe": {"launchUrl": "https://assets.adobedtm.com/launch-EN1a2b.min.js"}, "amplitude": {"apiKey": "a1b2c3"},
             "clarity": {"projectId": "k3x9q2"}, "fathom": {"siteId": "ABCDEFGH"}, "ga4": {"measurementId": "G-RCYWHL7EQ7"},
             "gtm": {"tagId": "GTM-ABC1234"}, "heap": {"appId": "1234567890"}, "hightouch": {"writeKey": "wk1"},
             "hotjar": {"hjid": "1234567", "hjsv": "6"}, "logrocket": {"appId": "acme/docs"},
             "mixpanel": {"projectToken": "0123abcd", "region": "eu"}, "pirsch": {"id": "a1B2c3D4"},
             "plausible": {"domain": "docs.example.com"}, "posthog": {"apiKey": "phc_abc123", "sessionRecording": true},
             "segment": {"key": "a1B2c3D4"}, "frontchat": {"snippetId": "a1b2c3d4e5"}, "intercom": {"appId": "abc12345"},
             "clearbit": {"publicApiKey": "pk_a1b2c3"}, "telemetry": {"enabled": true},
             "cookies": {"key": "consent", "value": "granted"}}""";

    private IntegrationsBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        JsonNode all = new ObjectMapper().readTree(ALL);
        PluginRegistry registry = PluginRegistry.classPath();
        Integrations warm = new Integrations(registry);
        report("validate (20 integrations)", rounds, () -> new Integrations(registry).validate(all));
        report("render uncached (20 integrations)", rounds, () -> new Integrations(registry).render(all));
        report("render cached", rounds, () -> warm.render(all));
        System.out.printf(Locale.ROOT, "rendered size: head %d chars, body end %d chars%n",
                warm.render(all).head().length(), warm.render(all).bodyEnd().length());
    }

    private static void report(String what, int rounds, Supplier<Object> work) {
        long sink = 0;
        for (int i = 0; i < rounds / 2; i++) {
            sink += work.get().hashCode() & 1; // warm-up: JIT
        }
        long[] nanos = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            sink += work.get().hashCode() & 1;
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "%-36s p50 %7.1f us, p99 %7.1f us (%d)%n", what, nanos[rounds / 2] / 1e3,
                nanos[(int) (rounds * 0.99)] / 1e3, sink % 2);
    }
}
