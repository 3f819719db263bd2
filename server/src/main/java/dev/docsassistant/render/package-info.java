/**
 * The rendered site: HTML pages from the content model with the site's theme, navigation,
 * components, sanitized Markdown, the Content-Security-Policy and the injected integration
 * snippets.
 */
package dev.docsassistant.render;
