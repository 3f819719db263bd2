package dev.docsassistant.dashboard;

import dev.docsassistant.web.FormBody;

import dev.docsassistant.app.App;
import dev.docsassistant.app.SiteHost;
import dev.docsassistant.content.SiteProblem;
import dev.docsassistant.deploy.DeployException;
import dev.docsassistant.deploy.Deployment;
import dev.docsassistant.deploy.DeploymentSource;
import dev.docsassistant.deploy.DeploymentStatus;
import dev.docsassistant.deploy.Deployments;
import dev.docsassistant.web.ApiException;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code /dashboard/{org}/{domain}/deployments}: the site's deployment history, newest first (status,
 * source, who made it, when, pages, build time, the problems found) with an Activate button on every
 * built version that is not the active one (a rollback, or a preview promoted), and each preview's
 * link. Activating is a form post with the session's CSRF token that answers with a redirect back
 * here, the outcome named in the query ({@code ?activated=ID}) and told from the store, never echoed.
 */
final class DeploymentsPage {
    /** Problems listed per deployment; the rest are counted ({@code bin/docs-assistant check} lists them all). */
    static final int MAX_PROBLEMS = 50;
    private static final Pattern PORT = Pattern.compile(":([0-9]{1,5})$");

    private final Dashboard dashboard;
    private final Deployments deployments;
    private final SiteHost siteHost;

    DeploymentsPage(Dashboard dashboard, App app) {
        this.dashboard = dashboard;
        this.deployments = app.deployments();
        this.siteHost = app.settings().siteHost();
    }

    void list(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        String domain = dashboard.domain(req, scope.get().org());
        Optional<String> activated = req.query().first("activated").asOptional();
        page(req, scope.get(), domain, activated, null).send(res, 200);
    }

    /** The step before switching production: what changes, and the form that does it. */
    void confirmActivate(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        String domain = dashboard.domain(req, scope.get().org());
        String id = req.path().pathParameters().get("id");
        Deployment d = deployments.get(domain, id)
                .orElseThrow(() -> new ApiException(403, "site " + domain + " has no deployment " + id));
        String back = deploymentsPath(scope.get(), domain);
        Page page = new Page("Activate deployment " + id + "?", scope.get().session(), scope.get().base(), scope.get().org(), back, domain);
        page.raw("<p>Site <b>").text(domain).raw("</b> switches to deployment <code>").text(id).raw("</code> (")
                .text(d.pages().map(n -> n + " pages, ").orElse("")).text("made " + Dates.minute(d.createdAt()) + " by " + d.createdBy())
                .raw(") at once: readers get it on their next page, and the version served now is superseded. "
                        + "Activating that one again switches back.</p>\n");
        page.confirm(scope.get().session(), back + "/" + id + "/activate", "Activate " + id, back).send(res, 200);
    }

    void activate(ServerRequest req, ServerResponse res) {
        Optional<Dashboard.OrgScope> scope = dashboard.orgScope(req, res);
        if (scope.isEmpty()) {
            return;
        }
        String domain = dashboard.domain(req, scope.get().org());
        dashboard.checkCsrf(req, scope.get().session(), FormBody.read(req));
        String id = req.path().pathParameters().get("id");
        Deployment d = deployments.get(domain, id)
                .orElseThrow(() -> new ApiException(403, "site " + domain + " has no deployment " + id));
        if (d.status() != DeploymentStatus.READY && d.status() != DeploymentStatus.SUPERSEDED && d.status() != DeploymentStatus.ACTIVE) {
            page(req, scope.get(), domain, Optional.empty(), "Deployment " + id + " is " + d.status().wire()
                    + ": only a ready or superseded deployment can be activated.").send(res, 409);
            return;
        }
        try {
            deployments.activate(domain, id); // waits until the site serves it
        } catch (DeployException e) {
            page(req, scope.get(), domain, Optional.empty(), e.getMessage()).send(res, e.status());
            return;
        }
        Dashboard.redirect(res, deploymentsPath(scope.get(), domain) + "?activated=" + id);
    }

    private Page page(ServerRequest req, Dashboard.OrgScope scope, String domain, Optional<String> activated, String error) {
        String org = scope.org();
        Page page = new Page(domain + " deployments", scope.session(), scope.base(), org);
        page.siteTabs(org, domain, "Deployments");
        List<Deployment> all = history(domain);
        // The flash message: what the store says of the deployment named, so nothing of the query is shown.
        activated.flatMap(id -> all.stream().filter(d -> d.id().equals(id)).findFirst()).ifPresent(d -> page
                .raw("<div class=\"notice\" role=\"status\"><p>").text(d.status() == DeploymentStatus.ACTIVE
                        ? "Deployment " + d.id() + " is active: the site serves it now."
                        : "Deployment " + d.id() + " was activated; it is " + d.status().wire() + " now (another one followed it).")
                .raw("</p></div>\n"));
        if (error != null) {
            page.raw("<p class=\"error\" role=\"alert\">").text(error).raw("</p>\n");
        }
        if (all.isEmpty()) {
            return page.raw("<p class=\"empty\">No deployments yet. Deploy the docs folder with <code>bin/docs-assistant deploy --domain ")
                    .text(domain).raw(" FOLDER</code> (or upload an archive through the admin API); it is served once it is active.</p>\n");
        }
        page.raw("<table class=\"deployments\"><thead><tr><th scope=\"col\">Deployment</th><th scope=\"col\">Status</th>"
                + "<th scope=\"col\">Source</th><th scope=\"col\">Created</th><th scope=\"col\">Pages</th><th scope=\"col\">Build time</th>"
                + "<th scope=\"col\">Problems</th><th scope=\"col\"><span class=\"visually-hidden\">Action</span></th></tr></thead><tbody>\n");
        for (Deployment d : all) {
            page.raw("<tr data-deployment-id=\"").text(d.id()).raw("\"><td><code class=\"id\" title=\"").text(d.id()).raw("\">").text(d.id()).raw("</code>");
            d.preview().ifPresent(name -> {
                String link = previewLink(siteHost, domain, name, req.authority(), req.isSecure());
                page.raw("<br><small>preview <b>").text(name).raw("</b></small><br><a class=\"preview\" href=\"").text(link).raw("\">")
                        .text(link).raw("</a>");
            });
            page.raw("</td><td class=\"status-").text(d.status().wire()).raw("\">").text(d.status().wire()).raw("</td><td>");
            source(page, d.source());
            page.raw("</td><td>").text(Dates.minute(d.createdAt())).raw("<br><small>by ").text(d.createdBy()).raw("</small></td><td>")
                    .text(d.pages().map(String::valueOf).orElse("—")).raw("</td><td>").text(d.buildTime().map(DeploymentsPage::duration)
                            .orElse(d.status() == DeploymentStatus.BUILDING ? "building…" : "—")).raw("</td><td>");
            problems(page, d.problems());
            page.raw("</td><td>");
            if (d.status() == DeploymentStatus.READY || d.status() == DeploymentStatus.SUPERSEDED) {
                // A link to the confirmation step: switching production is never one click.
                page.raw("<a class=\"button\" href=\"").text(deploymentsPath(scope, domain) + "/" + d.id() + "/activate")
                        .raw("\" aria-label=\"Activate ").text(d.id()).raw("\">Activate</a>");
            }
            page.raw("</td></tr>\n");
        }
        return page.raw("</tbody></table>\n<p class=\"meta\">Activating switches the site to that version in one step "
                + "(a rollback needs no rebuild while its index is on disk); answers in flight finish on the version they started on.</p>\n");
    }

    /** The site's deployments, newest first; none while a configured site is not recorded yet (start-up records it). */
    private List<Deployment> history(String domain) {
        try {
            return deployments.list(domain);
        } catch (DeployException e) {
            if (e.status() == 404) {
                return List.of();
            }
            throw e;
        }
    }

    /** A folder's path, an archive's SHA-256 (its start) or a Git commit (its start, after the repository). */
    private static void source(Page page, DeploymentSource source) {
        String value = source.value();
        switch (source.kind()) {
            case FOLDER -> page.raw("folder <code class=\"id\" title=\"").text(value).raw("\">").text(value).raw("</code>");
            case ARCHIVE -> page.raw("archive <code>").text(value.substring(0, Math.min(12, value.length()))).raw("</code>");
            case GIT -> {
                int at = value.lastIndexOf('@');
                String commit = at < 0 ? "" : value.substring(at + 1);
                page.raw("git <code>").text(commit.substring(0, Math.min(12, commit.length()))).raw("</code><br><small>")
                        .text(at < 0 ? value : value.substring(0, at)).raw("</small>");
            }
        }
    }

    /** Errors first, each with its file:line:column when known; collapsed unless there is an error. */
    private static void problems(Page page, List<SiteProblem> problems) {
        if (problems.isEmpty()) {
            page.raw("none");
            return;
        }
        long errors = problems.stream().filter(SiteProblem::isError).count();
        long warnings = problems.size() - errors;
        page.raw("<details").raw(errors > 0 ? " open" : "").raw("><summary>")
                .text(count(errors, "error") + ", " + count(warnings, "warning")).raw("</summary><ul class=\"problems\">");
        problems.stream().sorted((a, b) -> Boolean.compare(b.isError(), a.isError())).limit(MAX_PROBLEMS).forEach(p -> {
            // file:line:column as editors link it; "line N, column M" says it again, a JSON Pointer or key says more.
            boolean placed = p.line() > 0;
            String where = p.position() + (p.location().isEmpty() || placed && p.location().startsWith("line ") ? "" : " " + p.location());
            page.raw("<li class=\"").raw(p.isError() ? "error" : "warning").raw("\"><b>").text(p.isError() ? "error" : "warning")
                    .raw("</b> <code>").text(where).raw("</code> ").text(p.message()).raw("</li>");
        });
        if (problems.size() > MAX_PROBLEMS) {
            page.raw("<li>").text("and " + (problems.size() - MAX_PROBLEMS) + " more (bin/docs-assistant check lists them all)").raw("</li>");
        }
        page.raw("</ul></details>");
    }

    /**
     * Where a preview is served: {@code {domain}--{name}.{site-host}} on the port the dashboard was
     * reached on (both are served by the same listener).
     */
    static String previewLink(SiteHost siteHost, String domain, String name, String authority, boolean secure) {
        return link(siteHost.previewHost(domain, name), authority, secure);
    }

    /**
     * Where a site is served: {@code {domain}.{site-host}} on the port the dashboard was reached on,
     * under the site's path prefix if it has one.
     */
    static String siteLink(String siteHostName, String domain, String prefix, String authority, boolean secure) {
        return link(domain + "." + siteHostName, prefix, authority, secure);
    }

    private static String link(String host, String authority, boolean secure) {
        return link(host, "", authority, secure);
    }

    private static String link(String host, String prefix, String authority, boolean secure) {
        Matcher port = PORT.matcher(authority == null ? "" : authority.strip());
        return (secure ? "https://" : "http://") + host + (port.find() ? ":" + port.group(1) : "") + prefix + "/";
    }

    private static String deploymentsPath(Dashboard.OrgScope scope, String domain) {
        return scope.base() + "/" + domain + "/deployments";
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String duration(Duration d) {
        long ms = d.toMillis();
        return ms < 1000 ? ms + " ms" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
