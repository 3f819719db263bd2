package dev.docsassistant.rest;

import dev.docsassistant.request.Rules;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.deploy.ArchiveFormat;
import dev.docsassistant.deploy.BadArchiveException;
import dev.docsassistant.deploy.DeployException;
import dev.docsassistant.app.ServedHosts;
import dev.docsassistant.deploy.Deployment;
import dev.docsassistant.deploy.DeploymentStatus;
import dev.docsassistant.deploy.Deployments;
import dev.docsassistant.deploy.SiteRecord;
import dev.docsassistant.git.GitSettings;
import dev.docsassistant.app.GitSites;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;
import dev.docsassistant.web.Json;
import dev.docsassistant.web.JsonBody;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.InputStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Sites and deployments in the admin API (behind its token, see {@link AdminRoutes}):
 * {@code POST /sites} (with {@code git}: its branch's head deployed at once), {@code GET /sites}, {@code GET} and
 * {@code DELETE /sites/{domain}}, {@code POST /sites/{domain}/deployments} (a
 * {@code .tar.gz} or {@code .zip} body, {@code ?preview=NAME}) answering 202 while it builds,
 * {@code GET /sites/{domain}/deployments} (newest first), {@code GET …/deployments/{id}} and
 * {@code POST …/deployments/{id}/activate} (a rollback). A preview deployment's JSON carries its
 * {@code url}: the preview's own host, on the port the request came by.
 */
final class DeploymentRoutes {
    private static final int MAX_SITE_BODY = 16 * 1024;

    private final Deployments deployments;
    private final GitSites gitSites;
    private final ServedHosts hosts;

    DeploymentRoutes(Deployments deployments, GitSites gitSites, ServedHosts hosts) {
        this.deployments = deployments;
        this.gitSites = gitSites;
        this.hosts = hosts;
    }

    void routing(HttpRules rules) {
        rules.post("/sites", this::createSite)
                .get("/sites", this::listSites)
                .get("/sites/{domain}", this::getSite)
                .delete("/sites/{domain}", this::deleteSite)
                .post("/sites/{domain}/deployments", this::deploy)
                .get("/sites/{domain}/deployments", this::list)
                .get("/sites/{domain}/deployments/{id}", this::get)
                .post("/sites/{domain}/deployments/{id}/activate", this::activate);
    }

    // Every stored string has a maximum (the OpenAPI document lists them as maxLength).
    static final int MAX_DOMAIN = 63;
    static final int MAX_ORGANIZATION = 100;
    static final int MAX_GIT_URL = 2000;
    static final int MAX_GIT_BRANCH = 255;
    static final int MAX_GIT_PATH = 500;
    static final int MAX_GIT_SECRET = 500;
    static final int MAX_GIT_POLL = 20;
    static final int MAX_GIT_CREDENTIALS = 100;

    private void createSite(ServerRequest req, ServerResponse res) {
        JsonNode body = JsonBody.read(req, MAX_SITE_BODY);
        String domain = Rules.maxLength("domain", Fields.requiredString(body, "domain", "domain"), MAX_DOMAIN);
        hosts.reservedLabel(domain).ifPresent(reason -> {
            throw ApiException.badRequest("domain: '" + domain + "' is not available: " + reason);
        });
        String organization = Rules.maxLength("organization", Fields.requiredString(body, "organization", "organization"), MAX_ORGANIZATION);
        Optional<GitSettings> git = Optional.empty();
        JsonNode gitNode = Fields.optObject(body, "git", "git");
        if (gitNode != null) {
            Rules.maxLength("git.url", Fields.optString(gitNode, "url", "git.url"), MAX_GIT_URL);
            Rules.maxLength("git.branch", Fields.optString(gitNode, "branch", "git.branch"), MAX_GIT_BRANCH);
            Rules.maxLength("git.path", Fields.optString(gitNode, "path", "git.path"), MAX_GIT_PATH);
            Rules.maxLength("git.secret", Fields.optString(gitNode, "secret", "git.secret"), MAX_GIT_SECRET);
            Rules.maxLength("git.token", Fields.optString(gitNode, "token", "git.token"), MAX_GIT_SECRET);
            Rules.maxLength("git.poll", Fields.optString(gitNode, "poll", "git.poll"), MAX_GIT_POLL);
            Rules.maxLength("git.credentials-env", Fields.optString(gitNode, "credentials-env", "git.credentials-env"), MAX_GIT_CREDENTIALS);
            Rules.maxLength("git.credentials-user", Fields.optString(gitNode, "credentials-user", "git.credentials-user"), MAX_GIT_CREDENTIALS);
            git = Optional.of(GitSettings.fromJson(gitNode, "git"));
            gitSites.permit(git.get());
        }
        Optional<GitSettings> source = git;
        SiteRecord site = call(() -> deployments.createSite(domain, organization, source));
        Map<String, Object> reply = view(site);
        if (site.git().isPresent()) {
            // The first deployment, from the branch's head: checked out now, built in the background.
            gitSites.created(site).ifPresent(d -> reply.put("deployment", view(d, req)));
        }
        res.header(HeaderNames.LOCATION, "/admin/v1/sites/" + domain);
        Json.send(res, 201, reply);
    }

    private void listSites(ServerRequest req, ServerResponse res) {
        Json.send(res, 200, Map.of("sites", deployments.sites().stream().map(DeploymentRoutes::view).toList()));
    }

    private void getSite(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        SiteRecord site = deployments.site(domain).orElseThrow(() -> ApiException.notFound("unknown site: " + domain));
        Json.send(res, 200, view(site));
    }

    private void deleteSite(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        call(() -> {
            deployments.deleteSite(domain);
            return null;
        });
        gitSites.deleted(domain);
        res.status(204).send();
    }

    private void deploy(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        Optional<String> preview = req.query().first("preview").asOptional();
        String contentType = req.headers().contentType().map(t -> t.text()).orElse("");
        ArchiveFormat format = ArchiveFormat.ofContentType(contentType).orElseThrow(() -> refused(req, 415,
                "Content-Type: send the docs folder as application/gzip (.tar.gz) or application/zip (.zip), not '"
                        + (contentType.isEmpty() ? "none" : contentType) + "'"));
        if (deployments.site(domain).isEmpty()) {
            throw refused(req, 404, "unknown site: " + domain);
        }
        Deployment d;
        try {
            InputStream body = req.content().inputStream();
            d = deployments.createFromArchive(domain, body, format, "admin", preview);
        } catch (BadArchiveException e) {
            throw refused(req, e.status(), e.getMessage());
        } catch (DeployException e) {
            throw refused(req, e.status(), e.getMessage());
        }
        res.header(HeaderNames.LOCATION, "/admin/v1/sites/" + domain + "/deployments/" + d.id());
        Json.send(res, 202, view(d, req));
    }

    private void list(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        List<Deployment> all = call(() -> deployments.list(domain));
        Json.send(res, 200, Map.of("deployments", all.stream().map(d -> view(d, req)).toList()));
    }

    private void get(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        String id = req.path().pathParameters().get("id");
        Deployment d = call(() -> {
            if (deployments.site(domain).isEmpty()) {
                throw ApiException.notFound("unknown site: " + domain);
            }
            return deployments.get(domain, id).orElseThrow(() -> ApiException.notFound("site " + domain + " has no deployment " + id));
        });
        Json.send(res, 200, view(d, req));
    }

    private void activate(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        String id = req.path().pathParameters().get("id");
        Json.send(res, 200, view(call(() -> deployments.activate(domain, id)), req));
    }

    /**
     * An upload refused before its end: over HTTP/1 the connection closes after the answer (the rest
     * of the body, maybe gigabytes, is never read); HTTP/2 resets just the stream.
     */
    private static ApiException refused(ServerRequest req, int status, String message) {
        return req.prologue().protocolVersion().startsWith("1") ? ApiException.refusedBody(status, message)
                : new ApiException(status, message);
    }

    /** The core's refusals as the API's: same status, same message. */
    private static <T> T call(java.util.function.Supplier<T> work) {
        try {
            return work.get();
        } catch (DeployException | BadArchiveException e) {
            throw new ApiException(e instanceof DeployException d ? d.status() : ((BadArchiveException) e).status(), e.getMessage());
        }
    }

    static Map<String, Object> view(SiteRecord site) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("domain", site.domain());
        out.put("organization", site.organization());
        out.put("configured", site.configured());
        // The webhook's secret and token only say whether they are set: never answered.
        out.put("git", site.git().map(GitSettings::view).orElse(null));
        out.put("activeDeployment", site.activeDeployment().orElse(null));
        return out;
    }

    /** A deployment as the API shows it; a preview's {@code url} on the scheme and port of {@code req}. */
    private Map<String, Object> view(Deployment d, ServerRequest req) {
        return view(d, d.preview().filter(name -> d.status() != DeploymentStatus.FAILED)
                .map(name -> hosts.previewUrl(d.domain(), name, req.authority(), req.isSecure())));
    }

    /** @param url where a preview is served (null for a deployment of the site itself, or a failed preview) */
    static Map<String, Object> view(Deployment d, Optional<String> url) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", d.id());
        out.put("domain", d.domain());
        out.put("status", d.status().wire());
        out.put("source", Map.of("kind", d.source().kind().wire(), "value", d.source().value()));
        out.put("createdBy", d.createdBy());
        out.put("preview", d.preview().orElse(null));
        out.put("url", url.orElse(null));
        out.put("createdAt", d.createdAt().toString());
        out.put("finishedAt", d.finishedAt().map(Instant::toString).orElse(null));
        out.put("activatedAt", d.activatedAt().map(Instant::toString).orElse(null));
        out.put("files", d.files());
        out.put("bytes", d.bytes());
        out.put("pages", d.pages().orElse(null));
        out.put("buildMillis", d.buildTime().map(java.time.Duration::toMillis).orElse(null));
        out.put("errors", d.errors().size());
        out.put("problems", d.problems().stream().map(DeploymentRoutes::view).toList());
        return out;
    }

    private static Map<String, Object> view(SiteProblem p) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("severity", p.severity().name().toLowerCase(Locale.ROOT));
        out.put("file", p.file());
        out.put("location", p.location());
        out.put("message", p.message());
        return out;
    }
}
