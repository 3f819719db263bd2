package com.example.jsonbadge;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.PackageVersion;
import dev.docsassistant.integrations.spi.Element;
import dev.docsassistant.integrations.spi.Field;
import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.Js;
import dev.docsassistant.integrations.spi.Kind;
import dev.docsassistant.integrations.spi.Problem;
import dev.docsassistant.integrations.spi.Rendering;
import dev.docsassistant.integrations.spi.Rule;
import dev.docsassistant.integrations.spi.Settings;

import java.io.IOException;
import java.util.List;

/** A plugin that bundles its own Jackson (jackson-core beside it in its plugin folder) to check a JSON field. */
public final class JsonBadgePlugin implements IntegrationPlugin {
    private static final JsonFactory JSON = new JsonFactory();

    @Override
    public String key() {
        return "jsonbadge";
    }

    @Override
    public String title() {
        return "JSON Badge";
    }

    @Override
    public String description() {
        return "A badge configured with a JSON object.";
    }

    @Override
    public Kind kind() {
        return Kind.PLATFORM;
    }

    @Override
    public List<Field> fields() {
        return List.of(Field.requiredString("config", "The badge settings as a JSON object.", "{\"label\":\"beta\"}", Rule.nonEmpty()));
    }

    @Override
    public List<Problem> check(Settings settings) {
        try (JsonParser parser = JSON.createParser(settings.string("config"))) {
            while (parser.nextToken() != null) {
                // reads to the end: a syntax error throws
            }
            return List.of();
        } catch (IOException e) {
            return List.of(Problem.error("/config", "invalid-json", "Must be JSON", settings.string("config")));
        }
    }

    @Override
    public Rendering render(Settings settings) {
        return Rendering.builder()
                .bodyEnd(new Element.InlineScript(Js.code("window.jsonBadge={jackson:").string(PackageVersion.VERSION.toString())
                        .then(",config:").string(settings.string("config")).then("};")))
                .build();
    }
}
