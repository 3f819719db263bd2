/**
 * The Model Context Protocol server of every site ({@code /mcp}): search and page tools for
 * agents, and tools for the API operations its descriptions mark {@code x-mint.mcp} (sent through the
 * playground's proxy), on a stateless HTTP transport.
 */
package dev.docsassistant.mcp;
