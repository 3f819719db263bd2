package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.apiref.CodeSamples;

import java.util.ArrayList;
import java.util.List;

/**
 * docs.json {@code api.examples}: the languages of generated request samples (cURL, Python,
 * JavaScript, Go and Java when none are named) and whether they carry optional parameters and
 * fields ({@code defaults}: {@code all}, the default, or {@code required}).
 */
record ApiExamples(List<String> languages, boolean optional) {

    static ApiExamples of(JsonNode docsJson) {
        JsonNode examples = docsJson.path("api").path("examples");
        List<String> languages = new ArrayList<>();
        examples.path("languages").forEach(l -> {
            if (l.isTextual() && CodeSamples.key(l.asText()) != null) {
                languages.add(l.asText());
            }
        });
        boolean autogenerate = examples.path("autogenerate").asBoolean(true);
        return new ApiExamples(!autogenerate ? List.of() : languages.isEmpty() ? CodeSamples.DEFAULT_LANGUAGES : List.copyOf(languages),
                !"required".equals(examples.path("defaults").asText("all")));
    }
}
