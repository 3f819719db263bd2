package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Guessing sign-in links costs attempts: past the limit an address gets 429 with Retry-After, even with a good link. */
@ServerTest
class SignInLimitTest {
    private static App app;
    private final String base;

    SignInLimitTest(WebServer server) {
        this.base = "http://localhost:" + server.port();
    }

    @SetUpServer
    static void server(WebServerConfig.Builder server) throws IOException {
        app = DashboardApps.serve(server, "");
    }

    @AfterAll
    static void close() {
        app.close();
    }

    @Test
    void signInAttemptsAreRateLimited() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < Dashboard.SIGN_IN_LIMIT.requests(); i++) {
            assertEquals(401, signIn(http, "dsl_guess" + i).statusCode());
        }
        HttpResponse<String> limited = signIn(http, app.accounts().addUserWithLink("acme", "dana@acme.example"));
        assertEquals(429, limited.statusCode());
        assertTrue(limited.headers().firstValue("retry-after").isPresent());
        assertTrue(limited.body().contains("too many sign-in attempts"), limited.body());
    }

    private HttpResponse<String> signIn(HttpClient http, String token) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + "/dashboard/sign-in"))
                .header("Host", "dashboard.localhost").version(HttpClient.Version.HTTP_1_1) // the dashboard's own host
                .header("content-type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("token=" + token)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
