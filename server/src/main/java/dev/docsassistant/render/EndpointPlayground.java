package dev.docsassistant.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.apiref.PlaygroundForm;
import dev.docsassistant.apiref.SampleRequest;
import dev.docsassistant.config.Mappers;
import dev.docsassistant.content.ApiPlayground;

import java.util.Set;

/**
 * What an endpoint page carries of the site's playground ({@link ApiPlayground}, docs.json
 * {@code api.playground}). {@code interactive} (also a display the platform does not know, which is
 * reported) gives the page its form as JSON in a data element, which the site script turns into the
 * playground (its own chunk, loaded only where that element is); {@code simple} a copyable line with
 * the method and full address; {@code none} nothing; {@code auth} the playground for signed-in
 * readers only, which the page cannot tell apart, so nothing. A page's front matter
 * {@code playground}, else its operation's {@code x-mint.metadata.playground}, overrides the site's.
 * {@code api.examples.prefill} fills the fields with the examples instead of showing them as
 * placeholders.
 */
record EndpointPlayground(ApiPlayground settings, boolean prefill) {
    /** The id of the element holding the form: the site script loads the playground where it is. */
    static final String ELEMENT_ID = "da:playground";

    static EndpointPlayground of(ApiPlayground settings, JsonNode docsJson) {
        return new EndpointPlayground(settings, docsJson.path("api").path("examples").path("prefill").asBoolean(false));
    }

    /** Markdown shown under the endpoint's head for {@code simple}: the method and full address, with the code copy button. */
    static String simple(Endpoint e) {
        return "\n```text\n" + e.method() + " " + SampleRequest.base(e) + e.path() + "\n```\n\n";
    }

    /**
     * The element with the form and these settings, for the page's head (outside the body and its
     * sanitizer: a JSON data block, which no browser runs and the policy need not allow).
     */
    String element(Endpoint e) {
        return element(PlaygroundForm.of(e));
    }

    /** The element for a form already made ({@link ManualPlaygroundForm} for pages written by hand). */
    String element(ObjectNode operation) {
        ObjectNode data = Mappers.JSON.createObjectNode();
        data.set("operation", operation);
        data.put("proxy", settings.proxy()).put("credentials", settings.credentials()).put("prefill", prefill);
        String json;
        try {
            json = Mappers.JSON.writeValueAsString(data);
        } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
        // Nothing in the text may close the element or open a comment.
        json = json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
        return "<script type=\"application/json\" id=\"" + ELEMENT_ID + "\">" + json + "</script>\n";
    }
}
