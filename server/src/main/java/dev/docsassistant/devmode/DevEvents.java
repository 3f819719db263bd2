package dev.docsassistant.devmode;

import dev.docsassistant.config.Mappers;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.render.Injected;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The open tabs' side of {@code dev}: a server-sent event stream ({@code GET /_dev/events}) that says
 * {@code reload} when a change was applied and {@code problems} (file, line, column, message, severity)
 * when a change is broken or brought broken links, and the small script ({@code /_dev/client.js}) every rendered page loads to
 * follow it. The script comes from the page's own origin, which the pages' Content-Security-Policy
 * allows for scripts and connections already ({@code 'self'}): nothing is loosened.
 */
public final class DevEvents implements AutoCloseable {
    public static final String EVENTS = "/_dev/events";
    public static final String SCRIPT = "/_dev/client.js";
    /** Sent when nothing else was: keeps the connection within the server's idle timeout. */
    private static final long PING_SECONDS = 15;
    private static final String CLOSE = "";

    private final Set<BlockingQueue<String>> tabs = ConcurrentHashMap.newKeySet();
    private final byte[] script;
    private volatile String problems = event("problems", List.of());

    public DevEvents() {
        try (InputStream in = DevEvents.class.getResourceAsStream("dev-client.js")) {
            this.script = in.readAllBytes();
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("the dev client script is missing from the jar", e);
        }
    }

    /** The routes; registered before every other route so no site page takes their paths. */
    public void routing(HttpRouting.Builder routing) {
        routing.get(EVENTS, this::events).get(SCRIPT, this::script);
    }

    /** Every rendered page loads the script (at the end of its body). */
    public Injected withScript(Injected injected) {
        return new Injected(injected.head(), injected.bodyStart(),
                injected.bodyEnd() + "<script src=\"" + SCRIPT + "\" defer></script>",
                injected.cspHosts(), injected.scriptHashes(), injected.telemetryEnabled());
    }

    /**
     * Tells every open tab to reload; the reloaded tabs then show {@code warnings} (broken links the
     * applied change brought), if any.
     */
    public void reload(List<String> files, List<SiteProblem> warnings) {
        problems = event("problems", warnings.stream().map(DevEvents::json).toList());
        send(event("reload", Map.of("files", files)));
    }

    /** Shows the problems over every open tab (and over tabs opened later, until the next reload). */
    public void problems(List<SiteProblem> list) {
        problems = event("problems", list.stream().map(DevEvents::json).toList());
        send(problems);
    }

    /** Open event streams, for tests and the bench. */
    public int tabs() {
        return tabs.size();
    }

    private void send(String event) {
        tabs.forEach(q -> q.offer(event));
    }

    private void events(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                .header(HeaderNames.CACHE_CONTROL, "no-cache");
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        tabs.add(queue);
        try (OutputStream out = res.outputStream()) {
            write(out, "retry: 500\n\n" + problems); // a restarted server is found again within half a second
            while (true) {
                String event = queue.poll(PING_SECONDS, TimeUnit.SECONDS);
                if (CLOSE.equals(event)) {
                    return;
                }
                write(out, event == null ? ": ping\n\n" : event);
            }
        } catch (IOException | UncheckedIOException e) {
            // the tab went away
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            tabs.remove(queue);
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private void script(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.CONTENT_TYPE, "text/javascript; charset=utf-8")
                .header(HeaderNames.CACHE_CONTROL, "no-cache")
                .header("X-Content-Type-Options", "nosniff")
                .send(script);
    }

    private static Map<String, Object> json(SiteProblem p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("file", p.file());
        m.put("line", p.line());
        m.put("column", p.column());
        m.put("location", p.location());
        m.put("message", p.message());
        m.put("severity", p.isError() ? "error" : "warning");
        return m;
    }

    private static String event(String name, Object data) {
        try {
            return "event: " + name + "\ndata: " + Mappers.JSON.writeValueAsString(data) + "\n\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the event streams, so the server's graceful stop need not wait for them. */
    @Override
    public void close() {
        send(CLOSE);
    }
}
