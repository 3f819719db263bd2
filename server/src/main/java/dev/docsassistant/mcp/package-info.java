/**
 * The Model Context Protocol server of every site ({@code /mcp}): search and page tools for
 * agents, on a stateless HTTP transport.
 */
package dev.docsassistant.mcp;
