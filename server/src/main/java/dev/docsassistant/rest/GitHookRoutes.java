package dev.docsassistant.rest;

import dev.docsassistant.deploy.BadArchiveException;
import dev.docsassistant.deploy.DeployException;
import dev.docsassistant.git.GitSettings;
import dev.docsassistant.git.GitSource;
import dev.docsassistant.git.PushEvent;
import dev.docsassistant.git.WebhookAuth;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;
import dev.docsassistant.web.JsonBody;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.Locale;
import java.util.Map;

/**
 * {@code POST /hooks/git/{domain}}: the push webhook of a site deployed from Git, from GitHub (signed
 * with {@code git.secret}) or GitLab ({@code git.token}). A push to the site's branch deploys it, a push
 * to another branch deploys a preview when {@code git.previews} is on; anything else is answered 202
 * {@code {"status": "ignored", "reason"}} so the host does not retry it. The checkout runs before the
 * answer, so a slow clone may outlast the host's delivery timeout; the deployment goes on regardless.
 */
public final class GitHookRoutes implements HttpService {
    /** GitHub caps a push payload's commits at 20; far below this. */
    static final int MAX_BODY_BYTES = 1024 * 1024;
    private static final HeaderName SIGNATURE = HeaderNames.create(WebhookAuth.GITHUB_SIGNATURE);
    private static final HeaderName GITLAB_TOKEN = HeaderNames.create(WebhookAuth.GITLAB_TOKEN);
    private static final HeaderName GITHUB_EVENT = HeaderNames.create("X-GitHub-Event");
    private static final HeaderName GITLAB_EVENT = HeaderNames.create("X-Gitlab-Event");

    private final GitSource source;

    public GitHookRoutes(GitSource source) {
        this.source = source;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/{domain}", this::push);
    }

    private void push(ServerRequest req, ServerResponse res) {
        try {
            String domain = req.path().pathParameters().get("domain");
            GitSettings settings = source.settings(domain).orElseThrow(() ->
                    ApiException.notFound("no site '" + domain + "' is deployed from Git"));
            byte[] body = JsonBody.bytes(req, MAX_BODY_BYTES);
            WebhookAuth.Host host = WebhookAuth.verify(settings, header(req, SIGNATURE), header(req, GITLAB_TOKEN), body);
            String event = header(req, host == WebhookAuth.Host.GITHUB ? GITHUB_EVENT : GITLAB_EVENT);
            if (event != null && !event.toLowerCase(Locale.ROOT).equals(host == WebhookAuth.Host.GITHUB ? "push" : "push hook")) {
                Json.send(res, 202, Json.object("status", "ignored", "reason", "the '" + event + "' event is not a push"));
                return;
            }
            PushEvent push = PushEvent.parse(JsonBody.parse(body), host);
            String createdBy = "webhook:" + host.name().toLowerCase(Locale.ROOT) + (push.pusher().isEmpty() ? "" : ":" + push.pusher());
            GitSource.Outcome outcome;
            try {
                outcome = source.onPush(domain, settings, push, createdBy);
            } catch (DeployException e) {
                throw new ApiException(e.status(), e.getMessage()); // the site was deleted meanwhile, a bad preview name
            } catch (BadArchiveException e) {
                throw new ApiException(e.status(), e.getMessage()); // the tree is beyond the deployment limits
            }
            switch (outcome) {
                case GitSource.Deployed d -> {
                    Map<String, Object> reply = Json.object("id", d.deployment().id(), "status", d.deployment().status());
                    if (d.commit() != null) {
                        reply.put("commit", d.commit());
                    }
                    if (d.preview() != null) {
                        reply.put("preview", d.preview());
                    }
                    if (d.reason() != null) {
                        reply.put("message", d.reason());
                    }
                    Json.send(res, 202, reply);
                }
                case GitSource.Ignored i -> Json.send(res, 202, Json.object("status", "ignored", "reason", i.reason()));
            }
        } catch (ApiException e) {
            if (e.closeConnection()) {
                res.header(HeaderNames.CONNECTION, "close");
            }
            Json.sendError(res, e.status(), e.getMessage());
        }
    }

    private static String header(ServerRequest req, HeaderName name) {
        return req.headers().first(name).orElse(null);
    }
}
