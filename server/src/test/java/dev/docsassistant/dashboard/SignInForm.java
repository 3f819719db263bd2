package dev.docsassistant.dashboard;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sign-in form as a browser holds it after opening the sign-in page: the cookie that page set and the
 * same token in the form's hidden field. A post needs both.
 *
 * @param cookie {@code da_sign_in=…}, for a {@code Cookie} header
 * @param field  {@code sign-in-csrf=…}, to start a form body with
 */
record SignInForm(String cookie, String field) {
    private static final Pattern FIELD = Pattern.compile("name=\"sign-in-csrf\" value=\"([^\"]+)\"");

    static SignInForm open(HttpClient http, String base) throws Exception {
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(base + "/dashboard/sign-in?token=shown"))
                .header("Host", host(base)).version(HttpClient.Version.HTTP_1_1).GET().build(), HttpResponse.BodyHandlers.ofString());
        String setCookie = page.headers().allValues("set-cookie").stream().filter(c -> c.startsWith(SessionCookie.SIGN_IN + "="))
                .findFirst().orElseThrow(() -> new AssertionError("the sign-in page sets its cookie: " + page.headers()));
        Matcher m = FIELD.matcher(page.body());
        if (!m.find()) {
            throw new AssertionError("the sign-in form carries its token: " + page.body());
        }
        return new SignInForm(setCookie.substring(0, setCookie.indexOf(';')), "sign-in-csrf=" + m.group(1));
    }

    /** A form post of the sign-in form, as the browser sends it. */
    HttpRequest.Builder post(String base, String form) {
        return HttpRequest.newBuilder(URI.create(base + "/dashboard/sign-in"))
                .header("Host", host(base)).version(HttpClient.Version.HTTP_1_1).header("content-type", "application/x-www-form-urlencoded")
                .header("cookie", cookie).POST(HttpRequest.BodyPublishers.ofString(field + "&" + form));
    }

    /** The dashboard's own host (the only one that serves it), on the port of {@code base}. */
    static String host(String base) {
        return "dashboard.localhost:" + URI.create(base).getPort();
    }
}
