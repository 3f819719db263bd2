/**
 * The one egress policy: every connection the server opens on behalf of configuration or content (Git
 * fetches, OpenAPI spec URLs, webhooks it calls, an API playground's proxy) is checked here first.
 * Each use allows its own schemes; a host is resolved once and refused when any of its addresses is
 * loopback, private, link-local (cloud metadata), unspecified or multicast, unless its {@code host:port}
 * is named in configuration; the caller connects to the address that was checked, and every redirect
 * is checked again. Refusals carry one generic message per kind, so they never tell which ports or
 * paths exist. Imports only {@code config}.
 */
package dev.docsassistant.egress;
