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
 * {@code POST /sites}, {@code DELETE /sites/{domain}}, {@code POST /sites/{domain}/deployments} (a
 * {@code .tar.gz} or {@code .zip} body, {@code ?preview=NAME}) answering 202 while it builds,
 * {@code GET /sites/{domain}/deployments} (newest first), {@code GET …/deployments/{id}} and
 * {@code POST …/deployments/{id}/activate} (a rollback). A preview deployment's JSON carries its
 * {@code url}: the preview's own host, on the port the request came by.
 */
final class DeploymentRoutes {
    private static final int MAX_SITE_BODY = 16 * 1024;

    private final Deployments deployments;
    private final ServedHosts hosts;

    DeploymentRoutes(Deployments deployments, ServedHosts hosts) {
        this.deployments = deployments;
        this.hosts = hosts;
    }

    void routing(HttpRules rules) {
        rules.post("/sites", this::createSite)
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

    private void createSite(ServerRequest req, ServerResponse res) {
        JsonNode body = JsonBody.read(req, MAX_SITE_BODY);
        String domain = Rules.maxLength("domain", Fields.requiredString(body, "domain", "domain"), MAX_DOMAIN);
        String organization = Rules.maxLength("organization", Fields.requiredString(body, "organization", "organization"), MAX_ORGANIZATION);
        Optional<SiteRecord.GitSource> git = Optional.empty();
        JsonNode gitNode = Fields.optObject(body, "git", "git");
        if (gitNode != null) {
            String url = Rules.maxLength("git.url", Fields.requiredString(gitNode, "url", "git.url"), MAX_GIT_URL);
            String branch = Rules.maxLength("git.branch", Fields.optString(gitNode, "branch", "git.branch"), MAX_GIT_BRANCH);
            String path = Rules.maxLength("git.path", Fields.optString(gitNode, "path", "git.path"), MAX_GIT_PATH);
            if (!url.startsWith("https://") && !url.startsWith("ssh://") && !url.startsWith("git@")) {
                throw ApiException.badRequest("git.url: must be an https://, ssh:// or git@ address");
            }
            git = Optional.of(new SiteRecord.GitSource(url, branch == null ? "main" : branch, path == null ? "" : path));
        }
        Optional<SiteRecord.GitSource> source = git;
        SiteRecord site = call(() -> deployments.createSite(domain, organization, source));
        res.header(HeaderNames.LOCATION, "/admin/v1/sites/" + domain);
        Json.send(res, 201, view(site));
    }

    private void deleteSite(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        call(() -> {
            deployments.deleteSite(domain);
            return null;
        });
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
        out.put("git", site.git().map(g -> Map.of("url", g.url(), "branch", g.branch(), "path", g.path())).orElse(null));
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
