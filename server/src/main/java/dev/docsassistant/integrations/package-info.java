/**
 * The docs.json {@code integrations} entries: plugins found with ServiceLoader (built-in and from
 * plugin jars), their fields validated, and the snippets each renders into a site's pages.
 */
package dev.docsassistant.integrations;
