package dev.docsassistant.rest;

import dev.docsassistant.integrations.spi.HtmlEncoder;
import dev.docsassistant.readers.PasswordGuesses;
import dev.docsassistant.readers.Reader;
import dev.docsassistant.readers.ReaderAuthException;
import dev.docsassistant.readers.ReaderAuthMethod;
import dev.docsassistant.readers.ReaderCookie;
import dev.docsassistant.app.SitePrefix;
import dev.docsassistant.readers.SafeRedirect;
import dev.docsassistant.readers.SignInAttempt;
import dev.docsassistant.readers.SignInRefusal;
import dev.docsassistant.readers.SiteReaders;
import dev.docsassistant.render.SiteAssets;
import dev.docsassistant.render.LinkResolver;
import dev.docsassistant.render.SiteRenderer;
import dev.docsassistant.security.AccessCheck;
import dev.docsassistant.security.AccessRequest;
import dev.docsassistant.web.FormBody;
import dev.docsassistant.web.Json;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A site's sign-in routes, on its own host ({@code /login}, {@code /login/callback},
 * {@code /logout}; under {@code /sites/{domain}} on the loopback names): the sign-in page, its
 * {@code redirect} (a path of the same site only), the state that binds a sign-in's return to the
 * browser that began it (login CSRF), the counted password guesses, the session cookie.
 */
final class ReaderRoutes {
    static final String LOGIN = "/login";
    static final String CALLBACK = "/login/callback";
    static final String LOGOUT = "/logout";
    /** Where the customer's login flow sends the browser with the signed user data: {@code /login/jwt-callback#<jwt>}. */
    static final String JWT_CALLBACK = "/login/jwt-callback";
    private final SiteReaders readers;
    private final AccessCheck access;
    private final SiteAssets assets;
    private final SignInTexts texts;

    /** The sign-in pages' words and look for a site (by domain), a request's Accept-Language, and the site's links. */
    @FunctionalInterface
    interface SignInTexts {
        SiteRenderer.SignInText of(String domain, String acceptLanguage, LinkResolver links);
    }

    ReaderRoutes(SiteReaders readers, AccessCheck access, SiteAssets assets, SignInTexts texts) {
        this.readers = readers;
        this.access = access;
        this.assets = assets;
        this.texts = texts;
    }

    /** Whether {@code path} is one of the sign-in routes. */
    static boolean owns(String path) {
        return path.equals(LOGIN) || path.startsWith(LOGIN + "/") || path.equals(LOGOUT);
    }

    /**
     * Answers a sign-in route of a site readers sign in to.
     *
     * @param base "" at the root of the site's host, its path prefix there, else {@code /sites/{domain}}
     * @param siteUrl the site's absolute address as the configuration names it (the provider's callback starts there)
     * @param secure whether the site is reached over TLS (the cookies' {@code Secure})
     * @param pages the site's public pages: a refused sign-in is shown in their layout
     */
    void handle(ServerRequest req, ServerResponse res, String domain, String base, String siteUrl, String path, boolean secure,
                Optional<Reader> reader, SiteRenderer pages) {
        ReaderAuthMethod method = readers.method(domain).orElseThrow();
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        res.header("X-Content-Type-Options", "nosniff");
        res.header("Referrer-Policy", "no-referrer");
        boolean post = req.prologue().method() == Method.POST;
        String returnTo = SafeRedirect.orHome(req.query().first("redirect").orElse(null), base);
        switch (path) {
            case LOGOUT -> logout(res, domain, base, secure, method, req);
            case LOGIN -> {
                if (post && method.form() == ReaderAuthMethod.Form.PASSWORD) {
                    password(req, res, domain, base, siteUrl, secure, method);
                } else if (reader.isPresent()) {
                    redirect(res, 303, returnTo);
                } else if (method.form() == ReaderAuthMethod.Form.PASSWORD) {
                    passwordPage(req, res, domain, base, siteUrl, secure, returnTo, null);
                } else {
                    SignInAttempt attempt = start(req, res, domain, base, siteUrl, secure, returnTo);
                    redirect(res, 303, method.start(attempt).toString());
                }
            }
            case CALLBACK -> {
                Map<String, String> params = new HashMap<>();
                req.query().names().forEach(n -> params.put(n, req.query().first(n).orElse("")));
                finish(req, res, new Refusals(base, siteUrl, pages), domain, secure, method, params.get("state"), params);
            }
            case JWT_CALLBACK -> {
                if (post) {
                    jwt(req, res, new Refusals(base, siteUrl, pages), domain, secure, method);
                } else {
                    jwtPage(req, res, domain, base, siteUrl, secure, returnTo);
                }
            }
            default -> Json.sendError(res, 404, "not found: " + base + path);
        }
    }

    private void password(ServerRequest req, ServerResponse res, String domain, String base, String siteUrl, boolean secure,
                          ReaderAuthMethod method) {
        String address = access.clientOf(new AccessRequest(domain, null, ApiAccess.peer(req), ApiAccess.forwardedFor(req), null))
                .bucketKey();
        PasswordGuesses guesses = readers.guesses();
        long wait = guesses.waitSeconds(domain, address);
        FormBody form = FormBody.read(req);
        String returnTo = SafeRedirect.orHome(form.get("redirect"), base);
        if (wait > 0) {
            res.header(HeaderNames.RETRY_AFTER, Long.toString(wait));
            String minutes = Long.toString((wait + 59) / 60);
            refuse(req, res, domain, base, siteUrl, secure, returnTo, new SignInRefusal(429,
                    "too many wrong passwords from this address; try again in " + minutes + " min", "signInTooMany", minutes));
            return;
        }
        Optional<SignInAttempt> attempt = readers.attempts().take(domain, form.get("state"),
                ReaderCookie.read(cookies(req), ReaderCookie.STATE).orElse(null));
        if (attempt.isEmpty()) {
            refuse(req, res, domain, base, siteUrl, secure, returnTo, new SignInRefusal(403,
                    "this sign-in form has expired or was not sent from this site's sign-in page; sign in again", "signInExpired", null));
            return;
        }
        try {
            Reader signedIn = method.finish(attempt.get(), Map.of("password", nullToEmpty(form.get("password"))));
            signIn(res, domain, base, secure, signedIn, attempt.get().returnTo());
        } catch (ReaderAuthException e) {
            if (e.status() == 401) {
                guesses.wrong(domain, address);
            }
            refuse(req, res, domain, base, siteUrl, secure, attempt.get().returnTo(), SignInRefusal.of(e));
        }
    }

    /** The JWT callback page's post: the token with the state of the page this browser loaded. */
    private void jwt(ServerRequest req, ServerResponse res, Refusals refusals, String domain, boolean secure, ReaderAuthMethod method) {
        FormBody form = FormBody.read(req);
        Map<String, String> params = new HashMap<>();
        params.put("token", nullToEmpty(form.get("token")));
        finish(req, res, refusals, domain, secure, method, form.get("state"), params);
    }

    private void jwtPage(ServerRequest req, ServerResponse res, String domain, String base, String siteUrl, boolean secure,
                         String returnTo) {
        SignInAttempt attempt = start(req, res, domain, base, siteUrl, secure, returnTo);
        SiteRenderer.SignInText text = text(req, domain, base);
        res.status(Status.OK_200).header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8")
                .header("Content-Security-Policy", JwtCallbackPage.csp(text))
                .send(JwtCallbackPage.html(base + JWT_CALLBACK, attempt.state(), returnTo, stylesheet(req), text)
                        .getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A new attempt of this browser, bound to the browser value its cookie already holds (its sign-in
     * page open in another tab stays valid), else to a fresh one set in the cookie.
     */
    private SignInAttempt start(ServerRequest req, ServerResponse res, String domain, String base, String siteUrl, boolean secure,
                                String returnTo) {
        String browser = ReaderCookie.read(cookies(req), ReaderCookie.STATE).orElse(null);
        SignInAttempt attempt = readers.attempts().start(domain, callbackUri(siteUrl), returnTo, browser);
        setCookie(res, ReaderCookie.state(attempt.browser(), base, secure));
        return attempt;
    }

    private SiteRenderer.SignInText text(ServerRequest req, String domain, String base) {
        return texts.of(domain, req.headers().first(HeaderNames.ACCEPT_LANGUAGE).orElse(null), new LinkResolver(base, SitePrefix.of(req)));
    }

    /** The site's stylesheet, at the root of the host or under the site's path prefix. */
    private String stylesheet(ServerRequest req) {
        return assets.get("site.css").map(a -> assets.cssUrl(SitePrefix.of(req))).orElse(null);
    }

    /** A redirecting method's return: the attempt of {@code state}, held by this browser, used once. */
    private void finish(ServerRequest req, ServerResponse res, Refusals refusals, String domain, boolean secure,
                        ReaderAuthMethod method, String state, Map<String, String> params) {
        String base = refusals.base();
        Optional<SignInAttempt> attempt = readers.attempts().take(domain, state,
                ReaderCookie.read(cookies(req), ReaderCookie.STATE).orElse(null));
        if (attempt.isEmpty()) {
            refusals.send(req, res, new SignInRefusal(403, "this sign-in was not started in this browser, was used already or has expired;"
                    + " sign in again at " + base + LOGIN, "signInExpired", null), base + "/");
            return;
        }
        try {
            signIn(res, domain, base, secure, method.finish(attempt.get(), params), attempt.get().returnTo());
        } catch (ReaderAuthException e) {
            refusals.send(req, res, SignInRefusal.of(e), attempt.get().returnTo());
        }
    }

    /**
     * How a redirecting method's refused return is answered: a browser opening it (its {@code Accept}
     * names HTML) gets a page of the site saying why, with a link to sign in again that returns to
     * the page asked for; any other client {@code {"message"}}.
     */
    private record Refusals(String base, String siteUrl, SiteRenderer pages) {
        void send(ServerRequest req, ServerResponse res, SignInRefusal refusal, String returnTo) {
            if (!acceptsHtml(req)) {
                Json.sendError(res, refusal.status(), refusal.message());
                return;
            }
            String signIn = base + LOGIN + "?redirect=" + URLEncoder.encode(returnTo, StandardCharsets.UTF_8);
            SiteRenderer.HtmlPage page = pages.signInRefused(refusal, signIn,
                    new LinkResolver(base, SitePrefix.of(req)), siteUrl);
            res.status(Status.create(refusal.status())).header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8")
                    .header("Content-Security-Policy", page.csp()).header("X-Content-Type-Options", "nosniff")
                    .send(page.html().getBytes(StandardCharsets.UTF_8));
        }
    }

    private static boolean acceptsHtml(ServerRequest req) {
        return req.headers().first(HeaderNames.ACCEPT).map(a -> a.contains("text/html")).orElse(false);
    }

    private void signIn(ServerResponse res, String domain, String base, boolean secure, Reader reader, String returnTo) {
        String token = readers.open(domain, reader);
        // The state cookie is left to expire (its attempt is used up): Helidon joins two Set-Cookie
        // values of one response into one line, which browsers read as one cookie.
        setCookie(res, ReaderCookie.session(token, readers.clock().instant(), reader.expiresAt(), base, secure));
        redirect(res, 303, returnTo);
    }

    private void logout(ServerResponse res, String domain, String base, boolean secure, ReaderAuthMethod method,
                        ServerRequest req) {
        ReaderCookie.read(cookies(req), ReaderCookie.SESSION).ifPresent(readers.sessions()::close);
        setCookie(res, ReaderCookie.clearSession(base, secure));
        redirect(res, 303, method.logout().map(URI::toString).orElse(base + LOGIN));
    }

    private void refuse(ServerRequest req, ServerResponse res, String domain, String base, String siteUrl, boolean secure,
                        String returnTo, SignInRefusal refusal) {
        if (acceptsHtml(req)) {
            passwordPage(req, res, domain, base, siteUrl, secure, returnTo, refusal);
        } else {
            Json.sendError(res, refusal.status(), refusal.message());
        }
    }

    /** The password form, with a fresh attempt (its state in a hidden field and in the browser's cookie). */
    private void passwordPage(ServerRequest req, ServerResponse res, String domain, String base, String siteUrl, boolean secure,
                              String returnTo, SignInRefusal refusal) {
        SignInAttempt attempt = start(req, res, domain, base, siteUrl, secure, returnTo);
        SiteRenderer.SignInText text = text(req, domain, base);
        String reason = refusal == null ? null : refusal.forReader(text.words());
        StringBuilder h = SignInPageHtml.start(text, stylesheet(req), reason, null, base + LOGIN, attempt.state(), returnTo)
                .append("<label for=\"password\">").append(HtmlEncoder.attr(text.password())).append("</label> ")
                .append("<input id=\"password\" name=\"password\" type=\"password\" autocomplete=\"current-password\" required autofocus> ")
                .append(SignInPageHtml.end(text)).append("</body></html>\n");
        res.status(Status.create(refusal == null ? 200 : refusal.status())).header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8")
                .header("Content-Security-Policy", SignInPageHtml.csp(text, null)).send(h.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Whether the request is the browser opening a page (which may be sent to sign in first), not a
     * subresource (an image, the automatic {@code /favicon.ico}, a script's fetch), which must not start
     * a sign-in: {@code Sec-Fetch-Dest: document}, or without that header, an {@code Accept} naming HTML
     * or none (an older client).
     */
    static boolean opensPage(ServerRequest req) {
        Optional<String> dest = req.headers().first(HeaderNames.create("Sec-Fetch-Dest"));
        if (dest.isPresent()) {
            return dest.get().equalsIgnoreCase("document");
        }
        return req.headers().first(HeaderNames.ACCEPT).map(a -> a.contains("text/html")).orElse(true);
    }

    /** The address a provider returns to: the site's own, as the configuration names it. */
    private static URI callbackUri(String siteUrl) {
        return URI.create(siteUrl + CALLBACK);
    }

    /** The response's one cookie: Helidon would join a second {@code Set-Cookie} into the same line, which browsers do not split. */
    private static void setCookie(ServerResponse res, String value) {
        res.header(HeaderNames.SET_COOKIE, value);
    }

    static List<String> cookies(ServerRequest req) {
        return req.headers().contains(HeaderNames.COOKIE) ? req.headers().get(HeaderNames.COOKIE).allValues() : List.of();
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    private static void redirect(ServerResponse res, int status, String location) {
        res.status(Status.create(status)).header(HeaderNames.LOCATION, location).send();
    }
}
