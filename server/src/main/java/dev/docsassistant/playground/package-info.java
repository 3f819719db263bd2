/**
 * The API playground's proxy: requests a reader builds on an endpoint page, sent by the server to the
 * site's own API servers only, through the egress policy (no internal address unless named, the
 * address resolved once and connected to, redirects only within the servers), with time, size and
 * rate limits, forwarding only the headers the reader set and recording nothing of them. Imports
 * {@code content} and {@code apiref} (the servers), {@code egress}, {@code security} (the rate
 * limits), {@code sites} and {@code web}; the REST edge mounts it, and the MCP server's API tools
 * ({@code x-mint.mcp}) send through it.
 */
package dev.docsassistant.playground;
