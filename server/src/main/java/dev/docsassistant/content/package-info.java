/**
 * A site's content model read from its folder: docs.json with its {@code $ref}s, the navigation,
 * pages, sections, redirects, safe links and the problems found while reading. Nothing here knows
 * HTTP or search.
 */
package dev.docsassistant.content;
