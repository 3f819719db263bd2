package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import io.helidon.webserver.testing.junit5.ServerTest;
import io.helidon.webserver.testing.junit5.SetUpServer;
import dev.docsassistant.readers.PasswordGuesses;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
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
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
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
    @Order(1) // before the failures below use up this address's allowance
    void manyGoodSignInsFromOneAddressAreNotLimited() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        // A team behind one address: more good sign-ins than the failure limit, all let in.
        for (int i = 0; i <= PasswordGuesses.WRONG_GUESSES + 2; i++) {
            HttpResponse<String> res = signIn(http, app.accounts().addUserWithLink("acme", "team" + i + "@acme.example"));
            assertEquals(303, res.statusCode(), i + ": " + res.body());
        }
    }

    @Test
    @Order(2)
    void failedSignInsAreRateLimited() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < PasswordGuesses.WRONG_GUESSES; i++) {
            assertEquals(401, signIn(http, "dsl_guess" + i).statusCode());
        }
        HttpResponse<String> limited = signIn(http, app.accounts().addUserWithLink("acme", "dana@acme.example"));
        assertEquals(429, limited.statusCode());
        assertTrue(limited.headers().firstValue("retry-after").isPresent());
        assertTrue(limited.body().contains("too many failed sign-in attempts"), limited.body());
    }

    private HttpResponse<String> signIn(HttpClient http, String token) throws Exception {
        return http.send(SignInForm.open(http, base).post(base, "token=" + token).build(), HttpResponse.BodyHandlers.ofString());
    }
}
