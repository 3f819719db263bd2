package dev.docsassistant.rest;

import dev.docsassistant.transport.RequestFraming;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;

import dev.docsassistant.app.App;
import dev.docsassistant.git.GitSource;
import dev.docsassistant.render.Injected;
import dev.docsassistant.sites.SiteNotReadyException;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderValues;
import io.helidon.http.HttpException;
import io.helidon.http.Method;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRouting;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/** The REST edge: the API routes, their error handlers and the rendered sites, on one HTTP routing. */
public final class RestEdge {
    private static final Logger LOG = Logger.getLogger(RestEdge.class.getName());

    private RestEdge() {
    }

    public static void routing(HttpRouting.Builder routing, App app) {
        routing(routing, app, Optional.empty(), UnaryOperator.identity());
    }

    /**
     * @param git   the Git source of the sites deployed from Git, which takes their push webhooks at {@code /hooks/git/{domain}}
     * @param pages adds to what each rendered page carries (the {@code dev} command's reload script)
     */
    public static void routing(HttpRouting.Builder routing, App app, Optional<GitSource> git, UnaryOperator<Injected> pages) {
        SiteRoutes sites = new SiteRoutes(app, site -> pages.apply(Injected.of(
                app.integrations().render(site.content().docsJson().get("integrations")))));
        ApiAccess access = new ApiAccess(app.access(), app.readers());
        routing.addFilter(V1Sunset.from(app.config().section().get("v1")))
                .addFilter(new ServingFilter(app.state()))
                .addFilter(RequestFraming.filter(ApiAccess::decorate))
                .error(ApiException.class, (req, res, e) -> {
                    ApiAccess.decorate(req, res);
                    if (e.closeConnection()) {
                        res.header(HeaderValues.CONNECTION_CLOSE);
                    }
                    Json.sendError(res, e.status(), e.getMessage());
                })
                // Helidon's own (404 no route, 405, 400 bad framing): their status, our body, never a 500.
                .error(HttpException.class, (req, res, e) -> {
                    ApiAccess.decorate(req, res);
                    Json.sendError(res, e.status().code(), e.status().code() == 404 ? "not found: " + req.path().absolute().path()
                            : e.status().reasonPhrase());
                })
                // Everything the core, the rules and the store throw: one table (RestErrors), the gRPC edge's twin.
                .error(RuntimeException.class, (req, res, e) -> {
                    RestErrors.Answer answer = RestErrors.of(e);
                    if (e instanceof SiteNotReadyException) {
                        // Expected for every request until the site is indexed: not worth a log line each.
                    } else if (!answer.expected()) {
                        LOG.log(Level.SEVERE, "unhandled error on " + req.prologue().method() + " " + req.path().path(), e);
                    } else if (answer.status() >= 500) {
                        LOG.warning(req.prologue().method() + " " + req.path().path() + ": " + e.getMessage()
                                + (e.getCause() == null ? "" : " (" + e.getCause() + ")"));
                    }
                    if (!res.isSent()) {
                        ApiAccess.decorate(req, res);
                        if (answer.status() == 503) {
                            res.header(HeaderNames.RETRY_AFTER, e instanceof SiteNotReadyException
                                    ? Integer.toString(SiteNotReadyException.RETRY_AFTER_SECONDS) : "1");
                        }
                        Json.sendError(res, answer.status(), answer.message());
                    }
                })
                // An Error (stack overflow, out of memory) or a checked exception a handler smuggled out: a bug
                // of ours, never the request's; its text may hold internals, so the client reads only RestErrors' generic 500.
                .error(Throwable.class, (req, res, e) -> {
                    LOG.log(Level.WARNING, "internal error on " + req.prologue().method() + " " + req.path().path(), e);
                    if (!res.isSent()) {
                        ApiAccess.decorate(req, res);
                        Json.sendError(res, 500, RestErrors.of(e).message());
                    }
                })
                // The first health route, kept for existing probes: readiness, as /observe/health/ready.
                .get("/health", (req, res) -> {
                    boolean ready = app.state().ready();
                    Json.send(res, ready ? 200 : 503, Map.of("status", ready ? "UP" : "DOWN"));
                })
                // Probes on the public port: status only; the details and metrics are on the management listener.
                .get("/observe/health/live", (req, res) -> {
                    boolean live = app.state().live();
                    Json.send(res, live ? 200 : 503, Map.of("status", live ? "UP" : "DOWN"));
                })
                .get("/observe/health/ready", (req, res) -> {
                    boolean ready = app.state().ready();
                    Json.send(res, ready ? 200 : 503, Map.of("status", ready ? "UP" : "DOWN"));
                })
                .register(new OpenApiRoutes())
                // A wrong method is told so before any key is asked for.
                .any("/v1/search/{domain}", POST_ONLY)
                .any("/v1/search/{domain}/click", POST_ONLY)
                .any("/v1/page/{domain}", POST_ONLY)
                .any("/v1/assistant/{domain}/message", POST_ONLY)
                .any("/v2/assistant/{domain}/message", POST_ONLY)
                .any("/v1/feedback/{domain}", POST_ONLY)
                .any("/v1/assistant/{domain}/feedback", POST_ONLY)
                // Keys, organisations, rate limits and CORS, before any work on every API route.
                .any("/v1/search/{domain}", access)
                .any("/v1/search/{domain}/click", access)
                .any("/v1/page/{domain}", access)
                .any("/v1/assistant/{domain}/message", access)
                .any("/v2/assistant/{domain}/message", access)
                .any("/v1/feedback/{domain}", access)
                .any("/v1/assistant/{domain}/feedback", access)
                .register("/v1", new SearchRoutes(app.sites(), app.usage().searches()))
                .register(new SearchClickRoutes(app.sites(), app.usage().searches()))
                .register(new AnswerFeedbackRoutes(app.sites(), app.insightsLog()))
                .register("/v1", new FeedbackRoutes(app.sites(), app.usage().feedback()))
                .register(new AssistantRoutes(app.assistant(), app.assistantRules(),
                        app.settings().stream(), app.answerRecords(), app.settings().resume()))
                // The AI SDK's resume GET; it runs the access rule itself (a refused site is a thread not found).
                .register(new ResumeRoutes(access, app.threads(), app.answerRecords(), app.settings().threads().requireKey(),
                        app.settings().stream().keepAlive()))
                // OpenAI-compatible: the site is the body's model, so these routes run the access rule themselves.
                .register(new OpenAiRoutes(access, app.assistant(), app.assistantRules(), app.settings().stream()))
                // Insights exports: analytics keys only, checked by the routes (assistant keys never open them).
                .register("/v1/insights", new InsightsExportRoutes(app));
        app.security().adminToken().ifPresent(token -> routing.register("/admin/v1",
                new AdminRoutes(app.keys(), app.access(), token, () -> organizations(app), new DeploymentRoutes(app.deployments(), app.git(), app.settings().hosts()),
                new AnalyticsKeyRoutes(app.analyticsKeys(), () -> organizations(app)),
                new ReaderKeyRoutes(app.readers(), app.readerJwtKeys()))));
        git.ifPresent(source -> routing.register("/hooks/git", new GitHookRoutes(source)));
        // The API playground's proxy: POST, so before or after the pages' GET routes alike.
        new PlaygroundRoutes(app).routing(routing);
        sites.routing(routing);
        // Host-based pages ({domain}.{site-host}) take whatever path no API route claimed.
        sites.hostRouting(routing);
        // Whatever no route took (every GET has a page route, so other methods on other paths).
        routing.any((req, res) -> {
            ApiAccess.decorate(req, res);
            if (req.path().path().startsWith("/observe/")) {
                Json.sendError(res, 404, "health details and metrics are served on the management listener"
                        + " (server.management.host and port), not on this port");
                return;
            }
            Json.sendError(res, 404, "not found: " + req.path().absolute().path());
        });
    }

    /** The API routes take POST (and OPTIONS for CORS preflights); anything else is 405 with {@code Allow}. */
    private static final Handler POST_ONLY = (req, res) -> {
        Method method = req.prologue().method();
        if (method == Method.POST || method == Method.OPTIONS) {
            res.next();
            return;
        }
        res.header(HeaderNames.ALLOW, "POST, OPTIONS");
        ApiAccess.decorate(req, res);
        Json.sendError(res, 405, "method " + method.text() + " is not allowed here; use POST");
    };

    /** The configured sites' organisations and those of sites created at run time. */
    private static Set<String> organizations(App app) {
        Set<String> all = new java.util.TreeSet<>(app.config().organizations());
        app.deployments().sites().forEach(s -> all.add(s.organization()));
        return all;
    }
}
