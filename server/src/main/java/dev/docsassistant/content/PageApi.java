package dev.docsassistant.content;

import dev.docsassistant.apiref.AsyncApiSpec;
import dev.docsassistant.apiref.Endpoint;
import dev.docsassistant.apiref.OpenApiSpec;

/**
 * What of an API description a page shows: an operation or webhook, a schema, an AsyncAPI channel,
 * or an endpoint described by hand ({@code api:} front matter).
 */
public sealed interface PageApi {

    /**
     * Whether the page was made from the description alone (docs.json {@code openapi}), with no file
     * of its own: its body is the description's, with {@code x-mint.content} before it.
     */
    boolean generated();

    /** The page's own front matter {@code playground} display, or null (generated pages have none). */
    String playground();

    /** An operation or webhook; {@code content} is the MDX of {@code x-mint.content}, or empty. */
    record Operation(Endpoint endpoint, boolean generated, String content, String playground) implements PageApi {
    }

    /** A schema of {@code components.schemas} ({@code openapi-schema:} pages). */
    record Schema(OpenApiSpec spec, String name) implements PageApi {
        @Override
        public boolean generated() {
            return false;
        }

        @Override
        public String playground() {
            return null;
        }
    }

    /** An AsyncAPI channel. */
    record Channel(AsyncApiSpec spec, AsyncApiSpec.Channel channel, boolean generated) implements PageApi {
        @Override
        public String playground() {
            return null;
        }
    }

    /** {@code api: POST https://api.example.com/users}: the method and address, the rest written in MDX. */
    record Manual(String method, String url, String playground) implements PageApi {
        @Override
        public boolean generated() {
            return false;
        }
    }
}
