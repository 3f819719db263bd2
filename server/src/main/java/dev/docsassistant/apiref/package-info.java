/**
 * A site's API descriptions: OpenAPI documents (3.0, 3.1, Swagger 2.0 converted) read by
 * swagger-parser with {@code $ref}s confined to the site folder, AsyncAPI channels, and what pages
 * are made of them: operations, schema trees, example values, code samples and their Markdown.
 * Problems are returned, never thrown. Nothing here knows pages, HTML or HTTP.
 */
package dev.docsassistant.apiref;
