package dev.docsassistant.dashboard;

import dev.docsassistant.web.FormBody;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.app.App;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Json;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.security.DashboardAccounts;
import dev.docsassistant.security.DashboardSession;
import dev.docsassistant.security.KeyHasher;
import dev.docsassistant.readers.PasswordGuesses;
import dev.docsassistant.sites.Site;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The dashboard under {@code /dashboard}: sign-in with a one-time link (or the admin token), then
 * each organisation's API keys and each site's insights, conversations, integrations status and deployments.
 * A session opens its own organisation only (the admin token's opens all): anything outside it is a
 * 403, whether it exists or not, so ids cannot be probed. Every form that changes something carries
 * the session's CSRF token and must come from the dashboard's own origin.
 */
public final class Dashboard implements HttpService {
    /** The sign-in form's field holding the token of its {@link SessionCookie#SIGN_IN} cookie. */
    static final String SIGN_IN_CSRF = "sign-in-csrf";
    /** The scope of the dashboard's failed sign-ins among {@link PasswordGuesses}' counters (one per site there). */
    private static final String SIGN_IN_SCOPE = "dashboard";

    private final App app;
    private final DashboardAccounts accounts;
    /**
     * Failed sign-ins per client address (10 per 15 minutes, then 429). Only failures count: a team
     * behind one address signing in with good links is never locked out.
     */
    private final PasswordGuesses failedSignIns = new PasswordGuesses();
    private final boolean httpsUrl;
    private final KeysPage keys;
    private final InsightsPage insights;
    private final ConversationsPage conversations;
    private final DeploymentsPage deploymentsPage;
    private final SearchAnalyticsPage searchPage;
    private final PageSharePage pagesPage;
    private final AgentsPage agentsPage;
    private final ReadersPage readersPage;

    public Dashboard(App app) {
        this.app = app;
        this.accounts = app.accounts();
        this.httpsUrl = app.settings().dashboard().https();
        this.keys = new KeysPage(this, app);
        this.insights = new InsightsPage(app);
        this.conversations = new ConversationsPage(app);
        this.deploymentsPage = new DeploymentsPage(this, app);
        this.searchPage = new SearchAnalyticsPage(app);
        this.pagesPage = new PageSharePage(app);
        this.agentsPage = new AgentsPage(app);
        this.readersPage = new ReadersPage(this, app);
    }

    @Override
    public void routing(HttpRules rules) {
        WorkPages.routing(rules, this, app); // gaps, feedback as work, exports, analytics keys; first: /{org}/{domain} would take them
        rules.get("/_assets/{file}", DashboardAssets::serve)
                .get("/sign-in", this::signInPage)
                .post("/sign-in", this::signIn)
                .post("/sign-out", this::signOut)
                .get("/", this::home)
                .get("/{org}", keys::list)
                .post("/{org}/keys", keys::create)
                .get("/{org}/keys/{id}/revoke", keys::confirmRevoke)
                .post("/{org}/keys/{id}/revoke", keys::revoke)
                .get("/{org}/{domain}", site(insights::show))
                .get("/{org}/{domain}/conversations", site(conversations::list))
                .get("/{org}/{domain}/conversations.jsonl", site(conversations::exportJsonLines))
                .get("/{org}/{domain}/conversations.csv", site(conversations::exportCsv))
                .get("/{org}/{domain}/conversations/{thread}", site(conversations::open))
                .get("/{org}/{domain}/integrations", site(new IntegrationsPage(app)::show))
                .get("/{org}/{domain}/search", site(searchPage::show))
                .get("/{org}/{domain}/search.csv", site(searchPage::csv))
                .get("/{org}/{domain}/pages", site(pagesPage::show))
                .get("/{org}/{domain}/pages.csv", site(pagesPage::csv))
                .get("/{org}/{domain}/agents", site(agentsPage::show))
                .get("/{org}/{domain}/agents.csv", site(agentsPage::csv))
                .get("/{org}/{domain}/readers", site(readersPage::show))
                .get("/{org}/{domain}/readers/sign-out", site(readersPage::confirmSignOut))
                .post("/{org}/{domain}/readers/sign-out", site(readersPage::signOut))
                .get("/{org}/{domain}/readers/erase-identities", site(readersPage::confirmErase))
                .post("/{org}/{domain}/readers/erase-identities", site(readersPage::erase))
                .get("/{org}/{domain}/live", site(this::live))
                .get("/{org}/{domain}/deployments", deploymentsPage::list)
                .get("/{org}/{domain}/deployments/{id}/activate", deploymentsPage::confirmActivate)
                .post("/{org}/{domain}/deployments/{id}/activate", deploymentsPage::activate);
    }

    // --- sign-in ---

    private void signInPage(ServerRequest req, ServerResponse res) {
        Optional<String> token = req.query().first("token").asOptional();
        // Login CSRF: another site must not sign a visitor in to an account of its choosing. The form
        // carries the token of a cookie only this browser holds, and the post must carry both.
        String formToken = SessionCookie.readSignIn(req).filter(t -> t.matches("[A-Za-z0-9_-]{32}")).orElseGet(() -> KeyHasher.token(24));
        SessionCookie.setSignIn(req, res, formToken, httpsUrl);
        String formCsrf = "<input type=\"hidden\" name=\"" + SIGN_IN_CSRF + "\" value=\"" + formToken + "\">";
        Page page = new Page("Sign in", null);
        if (token.isPresent()) {
            // The link only shows a button: a link scanner fetching it must not use it up.
            page.raw("<p>Sign in to the dashboard with this one-time link.</p>\n<form method=\"post\" action=\"/dashboard/sign-in\">")
                    .raw("<input type=\"hidden\" name=\"token\" value=\"").text(token.get()).raw("\">").raw(formCsrf)
                    .raw("<button type=\"submit\">Sign in</button></form>\n");
        } else {
            page.raw("<p>Open the sign-in link <code>bin/docs-assistant users add --org ORG --email EMAIL</code> printed for you.</p>\n");
        }
        if (app.security().adminToken().isPresent()) {
            page.raw("<h2>Or sign in with the admin token</h2><form method=\"post\" action=\"/dashboard/sign-in\" class=\"stack\">")
                    .raw("<label>Admin token <input type=\"password\" name=\"admin-token\" autocomplete=\"off\" required></label>")
                    .raw(formCsrf)
                    .raw("<button type=\"submit\">Sign in</button></form>\n");
        }
        page.send(res, 200);
    }

    private void signIn(ServerRequest req, ServerResponse res) {
        sameOrigin(req);
        String address = clientKey(req);
        long wait = failedSignIns.waitSeconds(SIGN_IN_SCOPE, address);
        if (wait > 0) {
            res.header(HeaderNames.RETRY_AFTER, Long.toString(wait));
            Json.sendError(res, 429, "too many failed sign-in attempts from this address; retry in " + wait + " s");
            return;
        }
        FormBody form = FormBody.read(req);
        String sent = form.get(SIGN_IN_CSRF);
        Optional<String> held = SessionCookie.readSignIn(req);
        if (sent == null || held.isEmpty() || !KeyHasher.sameSecret(sent, held.get())) {
            throw new ApiException(403, "the sign-in form's CSRF token is missing or wrong; open the sign-in page again");
        }
        String adminToken = form.get("admin-token");
        Optional<DashboardAccounts.Opened> opened;
        if (adminToken != null) {
            opened = app.security().adminToken().filter(t -> KeyHasher.sameSecret(adminToken.strip(), t)).map(t -> accounts.openAdmin());
        } else {
            opened = accounts.redeem(form.get("token"));
        }
        if (opened.isEmpty()) {
            failedSignIns.wrong(SIGN_IN_SCOPE, address);
            throw new ApiException(401, adminToken != null ? "wrong admin token"
                    : "this sign-in link is unknown, used or expired; ask for a new one (users add)");
        }
        DashboardSession session = opened.get().session();
        SessionCookie.set(req, res, opened.get().token(), session.expiresAt(), httpsUrl);
        redirect(res, session.admin() ? "/dashboard" : "/dashboard/" + segment(session.organization()));
    }

    private void signOut(ServerRequest req, ServerResponse res) {
        Optional<DashboardSession> session = signedIn(req, res);
        if (session.isEmpty()) {
            return;
        }
        FormBody form = FormBody.read(req);
        checkCsrf(req, session.get(), form);
        if (form.get("everywhere") != null) {
            accounts.closeEverywhere(session.get()); // every browser of this user (every admin session for an admin)
        } else {
            accounts.close(SessionCookie.read(req).orElse(null));
        }
        SessionCookie.clear(req, res, httpsUrl);
        redirect(res, "/dashboard/sign-in");
    }

    private void home(ServerRequest req, ServerResponse res) {
        Optional<DashboardSession> session = signedIn(req, res);
        if (session.isEmpty()) {
            return;
        }
        if (!session.get().admin()) {
            redirect(res, "/dashboard/" + segment(session.get().organization()));
            return;
        }
        Page page = new Page("Organizations", session.get()).raw("<ul class=\"plain\">");
        organizations().forEach(org -> page.raw("<li><a href=\"/dashboard/").text(segment(org)).raw("\">").text(org).raw("</a></li>"));
        page.raw("</ul>\n").send(res, 200);
    }

    /** The site as readers see it: {@code {domain}.{site-host}} on the port the dashboard was reached on. */
    private void live(ServerRequest req, ServerResponse res, SiteScope scope) {
        redirect(res, DeploymentsPage.siteLink(app.settings().siteHost().name(), scope.domain(),
                app.settings().hosts().prefixOf(scope.domain()), req.authority(), req.isSecure()));
    }

    // --- what every page checks ---

    /** A signed-in request about one organisation the session opens. */
    record OrgScope(DashboardSession session, String org, String base) {
    }

    /** A signed-in request about one site of an organisation the session opens; {@code base} is the site's dashboard path. */
    record SiteScope(DashboardSession session, String org, Site site, String base) {
        String domain() {
            return site.config().domain();
        }

        /** A page of this site titled "{domain} {what}", under the organisation, with the site's tabs ({@code tab} current). */
        Page page(String what, String tab) {
            return new Page(domain() + " " + what, session, "/dashboard/" + segment(org), org).siteTabs(org, domain(), tab);
        }
    }

    /** The organisation scope of the request; empty when the visitor was sent to sign in. Outside the session's: 403. */
    Optional<OrgScope> orgScope(ServerRequest req, ServerResponse res) {
        return signedIn(req, res).map(session -> {
            String org = organization(req, session);
            return new OrgScope(session, org, "/dashboard/" + segment(org));
        });
    }

    /** The site scope of the request; empty when the visitor was sent to sign in. A site outside the session's: 403. */
    Optional<SiteScope> siteScope(ServerRequest req, ServerResponse res) {
        return orgScope(req, res).map(o -> {
            Site site = site(req, o.org());
            return new SiteScope(o.session(), o.org(), site, o.base() + "/" + site.config().domain());
        });
    }

    /** A handler of one site's pages, given the request's site scope. */
    @FunctionalInterface
    interface SiteHandler {
        void handle(ServerRequest req, ServerResponse res, SiteScope scope);
    }

    /** {@code handler} behind {@link #siteScope}: it runs only for a visitor who may see the site. */
    Handler site(SiteHandler handler) {
        return (req, res) -> {
            Optional<SiteScope> scope = siteScope(req, res);
            if (scope.isPresent()) {
                handler.handle(req, res, scope.get());
            }
        };
    }

    /** The session of the request; without one, GETs are sent to sign in and the rest get 401 (then empty). */
    Optional<DashboardSession> signedIn(ServerRequest req, ServerResponse res) {
        Optional<DashboardSession> session = SessionCookie.read(req).flatMap(accounts::session);
        if (session.isEmpty()) {
            if (req.prologue().method().text().equals("GET")) {
                redirect(res, "/dashboard/sign-in");
            } else {
                throw new ApiException(401, "sign in to the dashboard first");
            }
        }
        return session;
    }

    /** The organisation of the path, if the session opens it; otherwise 403 (existing or not, so nothing is revealed). */
    String organization(ServerRequest req, DashboardSession session) {
        String org = req.path().pathParameters().get("org");
        if (!session.opens(org)) {
            throw new ApiException(403, "you are signed in for another organization");
        }
        if (!organizations().contains(org)) {
            throw new ApiException(session.admin() ? 404 : 403, "no organization " + org);
        }
        return org;
    }

    /** The site of the path, if it belongs to the organisation and is served; 403 otherwise, 404 when nothing is deployed yet. */
    Site site(ServerRequest req, String org) {
        String domain = domain(req, org);
        return app.sites().get(domain).orElseThrow(() -> new ApiException(404, "site " + domain
                + " has no active deployment yet; see its Deployments page"));
    }

    /**
     * The domain of the path, if the organisation owns that site (configured, or created at run time),
     * whether it is served yet or not; 403 otherwise, existing or not.
     */
    String domain(ServerRequest req, String org) {
        String domain = req.path().pathParameters().get("domain");
        // Ownership from the configuration first: a site still being indexed (503) is only told to its owner.
        if (!domainsOf(org).contains(domain)) {
            throw new ApiException(403, "organization " + org + " has no site " + domain);
        }
        return domain;
    }

    /** For forms that change something: the session's CSRF token and, when the browser names one, this origin. */
    void checkCsrf(ServerRequest req, DashboardSession session, FormBody form) {
        sameOrigin(req);
        String sent = form.get("csrf");
        if (sent == null || !KeyHasher.sameSecret(sent, session.csrf())) {
            throw new ApiException(403, "the form's CSRF token is missing or wrong; reload the page and try again");
        }
    }

    /** The organisation's sites: those of the configuration file, in its order, then those created at run time. */
    List<String> domainsOf(String org) {
        Set<String> domains = new LinkedHashSet<>();
        app.config().sites().stream().filter(s -> s.organization().equals(org)).forEach(s -> domains.add(s.domain()));
        app.deployments().sites().stream().filter(s -> s.organization().equals(org)).forEach(s -> domains.add(s.domain()));
        return List.copyOf(domains);
    }

    /** Whether the site is served or being indexed: a site created at run time is neither until a deployment of it is active. */
    boolean served(String domain) {
        return app.sites().current(domain).isPresent() || app.sites().isPending(domain);
    }

    /** The organisations owning a site, configured or created at run time. */
    private Set<String> organizations() {
        Set<String> orgs = new TreeSet<>(app.config().organizations());
        app.deployments().sites().forEach(s -> orgs.add(s.organization()));
        return orgs;
    }

    private static void sameOrigin(ServerRequest req) {
        Optional<String> origin = req.headers().first(HeaderNames.ORIGIN);
        Optional<String> host = req.headers().first(HeaderNames.HOST);
        // "Origin: null" (a sandboxed frame, a data: page, a redirect across sites) is no proof of the dashboard's own page.
        if (origin.isPresent()) {
            String originHost;
            try {
                URI uri = URI.create(origin.get());
                originHost = uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
            } catch (IllegalArgumentException e) {
                originHost = "";
            }
            if (host.isEmpty() || !host.get().equalsIgnoreCase(originHost)) {
                throw new ApiException(403, "forms are accepted from the dashboard's own pages only (Origin " + origin.get() + ")");
            }
        }
    }

    private String clientKey(ServerRequest req) {
        InetAddress peer = req.remotePeer().address() instanceof InetSocketAddress socket && socket.getAddress() != null
                ? socket.getAddress() : InetAddress.getLoopbackAddress();
        List<String> forwarded = req.headers().contains(HeaderNames.X_FORWARDED_FOR)
                ? req.headers().get(HeaderNames.X_FORWARDED_FOR).allValues() : List.of();
        return app.access().clientOf(new AccessRequest(null, null, peer, forwarded, null)).bucketKey();
    }

    static void redirect(ServerResponse res, String location) {
        Page.headers(res);
        res.status(303);
        res.header(HeaderNames.LOCATION, location);
        res.send();
    }

    /** An organisation name as one path segment. */
    static String segment(String org) {
        return URLEncoder.encode(org, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** Attribute-safe text (for links built from names). */
    static String attr(String s) {
        return HtmlEncoder.attr(s);
    }
}
