package dev.docsassistant.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.app.App;
import dev.docsassistant.app.Bootstrap;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.server.ServerSetup;
import dev.docsassistant.store.TestDatabases;
import dev.docsassistant.testing.CapturedLogs;
import dev.docsassistant.testing.ReaderJwtLogin;
import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.testing.TestSites;
import dev.docsassistant.web.Json;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Readers' identities in insights and conversations, on a real store (SQLite, and PostgreSQL where the
 * test server is): a site that does not opt in keeps no signed-in reader's subject anywhere (no table,
 * no file of the data directory, no log line); a site with {@code reader-auth.record-identity: true}
 * keeps it with the answers and shows it in the dashboard and its exports; public visitors and keys
 * never have one; turning the setting off stops recording, and the dashboard erases what was kept.
 */
class ReaderIdentityTest {
    private static final String ADMIN = "an-admin-token-of-at-least-32-characters";
    private static final String QUESTION = "How do I deploy the relay?";
    private static final Pattern KEY = Pattern.compile("\"assistantKey\":\"([^\"]+)\"");
    private static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");
    private final HttpClient http = HttpClient.newHttpClient();

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void aSiteThatDoesNotOptInKeepsNoReadersIdentityAnywhere(String store) throws Exception {
        String subject = "zqxquietsubject" + store;
        Server s = new Server(store, false);
        Logger ours = Logger.getLogger("dev.docsassistant");
        Level level = ours.getLevel();
        ours.setLevel(Level.ALL); // fine-grained lines too: none may name the reader
        try (CapturedLogs logs = CapturedLogs.all()) {
            s.start();
            String cookie = s.login.signIn(user(subject));
            assertTrue(s.get("/sites/site/guide", cookie).body().contains("three steps"), "the reader is signed in");
            String pageKey = s.pageKey();
            JsonNode asked = s.ask(pageKey, cookie, QUESTION);
            HttpResponse<String> completion = s.completion(token(cookie), QUESTION);
            assertEquals(200, completion.statusCode(), completion.body());
            s.mcpAsk(token(cookie), QUESTION);
            s.feedback(pageKey, asked, "Clear, thanks");
            assertEquals(List.of("MCP|", "OpenAI-compatible|", "REST v2|"), s.answers(), "every answer recorded, none with a reader");

            String dashboard = s.dashboardSignIn();
            String list = s.dashboard("/dashboard/acme/site/conversations", dashboard).body();
            assertTrue(list.contains(QUESTION) && !list.contains("<th>Reader</th>"), list);
            String readers = s.dashboard("/dashboard/acme/site/readers", dashboard).body();
            assertTrue(readers.contains("Not recorded") && readers.contains("<strong>0</strong> answers name a reader"), readers);
            assertEquals(List.of(), s.tablesHolding(subject), "no table holds the reader's subject");
            s.stop(); // the store's files written out


            assertEquals(List.of(), filesHolding(s.dataDir, subject), "no file of the data directory holds it");
            assertFalse(logs.text().contains(subject) || s.console.toString(StandardCharsets.UTF_8).contains(subject),
                    "no log line names the reader");
        } finally {
            ours.setLevel(level);
            s.stop();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "postgresql"})
    void aSiteThatOptsInShowsTheReaderUntilItStopsAndTheRecordedAreErased(String store) throws Exception {
        String subject = "zqxnamedsubject" + store;
        Server s = new Server(store, true);
        try {
            s.start();
            String cookie = s.login.signIn(user(subject));
            String pageKey = s.pageKey();
            JsonNode asked = s.ask(pageKey, cookie, QUESTION);
            assertEquals(200, s.completion(token(cookie), QUESTION).statusCode());
            s.mcpAsk(token(cookie), QUESTION);
            JsonNode visitor = s.ask(pageKey, null, "Where is the relay status page?");
            String apiKey = s.app.keys().create("acme", Optional.empty(), List.of(), "test").secret();
            s.ask(apiKey, null, "Does the relay retry deliveries?");
            s.feedback(pageKey, asked, "Clear, thanks");
            assertEquals(List.of("MCP|" + subject, "OpenAI-compatible|" + subject, "REST v2|", "REST v2|", "REST v2|" + subject), s.answers(),
                    "the reader's answers name them; the public visitor's and the key's name no one");

            String dashboard = s.dashboardSignIn();
            String list = s.dashboard("/dashboard/acme/site/conversations", dashboard).body();
            assertTrue(list.contains("<th>Reader</th>") && list.contains("<td class=\"reader\">" + subject + "</td>"), list);
            String thread = s.dashboard("/dashboard/acme/site/conversations/" + asked.path("threadId").asText(), dashboard).body();
            assertTrue(thread.contains("asked by <span class=\"reader\">" + subject + "</span>"), thread);
            String publicThread = s.dashboard("/dashboard/acme/site/conversations/" + visitor.path("threadId").asText(), dashboard).body();
            assertFalse(publicThread.contains("asked by"), publicThread);
            assertTrue(s.dashboard("/dashboard/acme/site", dashboard).body().contains("asked by " + subject), "the insights' comments");
            List<JsonNode> jsonl = s.dashboard("/dashboard/acme/site/conversations.jsonl", dashboard).body().lines()
                    .map(ReaderIdentityTest::json).toList();
            assertEquals(subject, jsonl.stream().filter(l -> l.path("messageId").asText().equals(asked.path("messageId").asText()))
                    .findFirst().orElseThrow().path("reader").asText());
            assertTrue(jsonl.stream().anyMatch(l -> l.path("threadId").asText().equals(visitor.path("threadId").asText())
                    && l.path("reader").isNull()), "a public visitor's turn names no one");
            String csv = s.dashboard("/dashboard/acme/site/conversations.csv", dashboard).body();
            assertTrue(csv.startsWith(Export.CSV_HEADER) && Export.CSV_HEADER.endsWith(",reader") && csv.contains("," + subject + "\r\n"), csv);
            assertTrue(s.dashboard("/dashboard/acme/site/export/questions?format=jsonl", dashboard).body()
                    .contains("\"reader\":\"" + subject + "\""), "the questions dataset");
            String readers = s.dashboard("/dashboard/acme/site/readers", dashboard).body();
            assertTrue(readers.contains("Recorded (<code>record-identity: true</code>)")
                    && readers.contains("<strong>3</strong> answers name a reader"), readers);

            s.restart(false);
            assertEquals(List.of(), s.tablesHolding(subject).stream().filter(t -> !t.startsWith("answers")
                    && !t.startsWith("conversation_threads")).toList(), "the reader's session no longer holds their subject");
            assertTrue(s.get("/sites/site/guide", cookie).body().contains("three steps"), "and it is still signed in");
            s.ask(pageKey, cookie, "How do I deploy the relay again?");
            s.feedback(pageKey, asked, "Still clear");
            assertEquals(List.of("MCP|" + subject, "OpenAI-compatible|" + subject, "REST v2|", "REST v2|", "REST v2|", "REST v2|" + subject),
                    s.answers(),
                    "turned off: the new answer names no one, those recorded before stay");

            dashboard = s.dashboardSignIn();
            readers = s.dashboard("/dashboard/acme/site/readers", dashboard).body();
            assertTrue(readers.contains("Not recorded") && readers.contains("<strong>3</strong> answers name a reader"), readers);
            HttpResponse<String> confirm = s.dashboard("/dashboard/acme/site/readers/erase-identities", dashboard);
            assertTrue(confirm.body().contains("The reader is removed from 3 answers"), confirm.body());
            assertEquals(403, s.dashboardPost("/dashboard/acme/site/readers/erase-identities", dashboard, "csrf=forged").statusCode());
            assertEquals(3, s.app.conversations().recordedReaders("site"), "nothing erased without the form's token");
            HttpResponse<String> erased = s.dashboardPost("/dashboard/acme/site/readers/erase-identities", dashboard,
                    "csrf=" + csrf(confirm.body()));
            assertEquals(303, erased.statusCode(), erased.body());
            assertEquals("/dashboard/acme/site/readers?erased=3", erased.headers().firstValue("location").orElseThrow());
            assertEquals(List.of(), s.tablesHolding(subject), "no table holds the reader's subject any more");
            assertFalse(s.dashboard("/dashboard/acme/site/conversations.jsonl", dashboard).body().contains(subject));
        } finally {
            s.stop();
        }
    }

    private static Map<String, Object> user(String subject) {
        Map<String, Object> user = ReaderJwtLogin.user(600);
        user.put("sub", subject);
        return user;
    }

    /** The session token a cookie holds (what the site's OAuth hands an IDE as its bearer token). */
    private static String token(String cookie) {
        return cookie.substring("da_reader=".length());
    }

    private static List<String> filesHolding(Path dir, String marker) throws IOException {
        byte[] needle = marker.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(f -> {
                try {
                    return indexOf(Files.readAllBytes(f), needle) >= 0;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).map(Path::toString).toList();
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static JsonNode json(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String csrf(String html) {
        Matcher m = CSRF.matcher(html);
        assertTrue(m.find(), "the page carries a CSRF token");
        return m.group(1);
    }

    /** A server of site {@code site} (organisation acme), whose readers sign in by JWT, on SQLite or PostgreSQL. */
    private final class Server {
        final Path dir;
        final Path dataDir;
        final String storeYaml;
        final ByteArrayOutputStream console = new ByteArrayOutputStream();
        App app;
        WebServer web;
        ReaderJwtLogin login;

        Server(String store, boolean record) throws IOException {
            dir = TempDirs.create("docs-assistant-reader-identity-");
            dataDir = dir.resolve("data");
            storeYaml = store.equals("postgresql") ? "store: {url: \"" + TestDatabases.freshPgUrl() + "\"}\n  "
                    + "site-pages: {page-key-secret: a-page-key-secret-of-at-least-32-characters}" : "";
            new TestSites(dir.resolve("site")).file("docs.json", """
                            {"name": "Relay", "navigation": {"groups": [{"group": "G", "pages": ["index", "guide", "status"]}]}}""")
                    .page("index", "# Welcome\n\nThe relay forwards deliveries.", "title: Home", "public: true")
                    .page("status", "# Status\n\nThe relay status page lives at status.example.com.", "title: Status", "public: true")
                    .page("guide", "# Deploying\n\nDeploy the relay in three steps: build, configure, start. Failed deliveries"
                            + " are retried five times.", "title: Deploying the relay");
            configure(record);
        }

        void configure(boolean record) throws IOException {
            Files.writeString(dir.resolve("application.yaml"), """
                    docs-assistant:
                      data-dir: data
                      security: {admin-token: %s}
                      %s
                      sites:
                        - domain: site
                          organization: acme
                          path: site
                          reader-auth: {method: jwt, record-identity: %s, jwt: {login-url: "https://app.example.com/docs-login"}}
                    """.formatted(ADMIN, storeYaml, record));
        }

        void start() throws Exception {
            app = Bootstrap.start(AppConfig.load(dir.resolve("application.yaml")), new PrintStream(console, true, StandardCharsets.UTF_8));
            WebServerConfig.Builder builder = WebServer.builder().port(0).host("127.0.0.1");
            ServerSetup.configure(builder, app);
            web = builder.build().start();
            if (login == null) {
                login = ReaderJwtLogin.makeKey(web.port(), "site", ADMIN);
            }
        }

        /** Restarts on the same store, with {@code record-identity} as given. */
        void restart(boolean record) throws Exception {
            stop();
            configure(record);
            start();
        }

        void stop() {
            if (web != null) {
                web.stop();
                web = null;
            }
            if (app != null) {
                app.close();
                app = null;
            }
        }

        String pageKey() throws Exception {
            Matcher key = KEY.matcher(get("/sites/site/status", null).body());
            assertTrue(key.find(), "the public page embeds its key");
            return key.group(1);
        }

        /** Asks as the Ask AI panel does; returns the start event's messageId and threadId. */
        JsonNode ask(String key, String cookie, String question) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(uri("/v2/assistant/site/message")).header("Authorization", "Bearer " + key)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Json.write(Json.object("fp", "anonymous",
                            "messages", List.of(Json.object("id", "m1", "role", "user", "parts",
                                    List.of(Json.object("type", "text", "text", question))))))));
            if (cookie != null) {
                b.header("Cookie", cookie);
            }
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            JsonNode start = json(r.body().lines().filter(l -> l.startsWith("data: {\"type\":\"start\"")).findFirst().orElseThrow().substring(6));
            return Json.MAPPER.createObjectNode().put("messageId", start.path("messageId").asText())
                    .put("threadId", start.path("messageMetadata").path("threadId").asText());
        }

        HttpResponse<String> completion(String bearer, String question) throws Exception {
            return http.send(HttpRequest.newBuilder(uri("/v1/chat/completions")).header("Content-Type", "application/json")
                    .header("Authorization", "Bearer " + bearer).POST(HttpRequest.BodyPublishers.ofString(Json.write(Json.object(
                            "model", "site", "messages", List.of(Json.object("role", "user", "content", question)))))).build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        /** Asks through the site's MCP route for signed-in readers, with the reader's token (what its OAuth issues). */
        void mcpAsk(String token, String question) throws Exception {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/sites/site/authed/mcp")).header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream").header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.ofString(Json.write(Json.object("jsonrpc", "2.0", "id", 1, "method", "tools/call",
                            "params", Json.object("name", "ask", "arguments", Json.object("question", question)))))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            assertFalse(json(r.body()).at("/result/isError").asBoolean(), r.body());
        }

        /** Feedback on an answer; the answers finished before it are written by then (it waits for them). */
        void feedback(String key, JsonNode answer, String comment) throws Exception {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/v1/assistant/site/feedback")).header("Authorization", "Bearer " + key)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Json.write(Json.object(
                            "threadId", answer.path("threadId").asText(), "messageId", answer.path("messageId").asText(),
                            "helpful", true, "comment", comment)))).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(204, r.statusCode(), r.body());
        }

        /** Every stored answer of the site as {@code channel|reader}, sorted. */
        List<String> answers() {
            return app.database().transaction(c -> {
                List<String> out = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement("SELECT channel, reader FROM answers WHERE domain = 'site'");
                     ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(dev.docsassistant.insights.Channel.labelOf(rs.getString(1)) + "|" + Optional.ofNullable(rs.getString(2)).orElse(""));
                    }
                }
                return out.stream().sorted().toList();
            });
        }

        /** The tables (and columns) of the store holding {@code marker} in any value. */
        List<String> tablesHolding(String marker) {
            return app.database().transaction(c -> {
                DatabaseMetaData meta = c.getMetaData();
                List<String> tables = new ArrayList<>();
                try (ResultSet rs = meta.getTables(null, null, "%", new String[] {"TABLE"})) {
                    while (rs.next()) {
                        String schema = rs.getString("TABLE_SCHEM");
                        if (schema == null || schema.equals("public")) {
                            tables.add(rs.getString("TABLE_NAME"));
                        }
                    }
                }
                List<String> holding = new ArrayList<>();
                for (String table : tables) {
                    try (PreparedStatement ps = c.prepareStatement("SELECT * FROM " + table); ResultSet rs = ps.executeQuery()) {
                        ResultSetMetaData columns = rs.getMetaData();
                        while (rs.next()) {
                            for (int i = 1; i <= columns.getColumnCount(); i++) {
                                Object v = rs.getObject(i);
                                String text = v instanceof byte[] b ? new String(b, StandardCharsets.ISO_8859_1) : String.valueOf(v);
                                if (text.contains(marker)) {
                                    holding.add(table + "." + columns.getColumnName(i));
                                }
                            }
                        }
                    }
                }
                return holding.stream().distinct().toList();
            });
        }

        String dashboardSignIn() throws Exception {
            String base = "http://127.0.0.1:" + web.port();
            HttpResponse<String> res = http.send(SignInForm.open(http, base).post(base, "token="
                    + app.accounts().addUserWithLink("acme", "ines@acme.example")).build(), HttpResponse.BodyHandlers.ofString());
            String setCookie = res.headers().firstValue("set-cookie").orElseThrow();
            return setCookie.substring(0, setCookie.indexOf(';'));
        }

        HttpResponse<String> dashboard(String path, String cookie) throws Exception {
            return http.send(HttpRequest.newBuilder(uri(path)).header("Host", "dashboard.localhost:" + web.port()).header("cookie", cookie)
                    .version(HttpClient.Version.HTTP_1_1).GET().build(), HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> dashboardPost(String path, String cookie, String form) throws Exception {
            return http.send(HttpRequest.newBuilder(uri(path)).header("Host", "dashboard.localhost:" + web.port()).header("cookie", cookie)
                    .header("content-type", "application/x-www-form-urlencoded").version(HttpClient.Version.HTTP_1_1)
                    .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> get(String path, String cookie) throws Exception {
            HttpRequest.Builder b = HttpRequest.newBuilder(uri(path)).GET();
            if (cookie != null) {
                b.header("Cookie", cookie);
            }
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        }

        URI uri(String path) {
            return URI.create("http://127.0.0.1:" + web.port() + path);
        }
    }
}
