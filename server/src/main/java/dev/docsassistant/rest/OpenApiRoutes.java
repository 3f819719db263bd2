package dev.docsassistant.rest;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.databind.JsonNode;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The OpenAPI 3.1 document of the REST API, at {@code /openapi.yaml} and {@code /openapi.json}. It
 * is a file written by hand ({@code openapi/openapi.yaml} in the resources, kept true by the REST
 * tests, whose every exchange is checked against it); the JSON form is made once, when the server starts.
 */
public final class OpenApiRoutes implements HttpService {
    static final String RESOURCE = "/openapi/openapi.yaml";

    private final byte[] yaml;
    private final byte[] json;

    public OpenApiRoutes() {
        try (InputStream in = OpenApiRoutes.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the build");
            }
            this.yaml = in.readAllBytes();
            JsonNode document = Mappers.YAML.readTree(yaml);
            this.json = Mappers.JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/openapi.yaml", (req, res) -> send(req, res, "application/yaml; charset=utf-8", yaml))
                .get("/openapi.json", (req, res) -> send(req, res, "application/json", json));
    }

    private static void send(ServerRequest req, ServerResponse res, String type, byte[] body) {
        // A public description: any page (an API explorer elsewhere) may read it.
        res.header(HeaderNames.CONTENT_TYPE, type)
                .header(HeaderNames.CACHE_CONTROL, "public, max-age=300")
                .header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, "*")
                .send(body);
    }
}
