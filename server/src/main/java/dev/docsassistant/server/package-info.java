/**
 * Wires the edges onto one Helidon web server: REST (with MCP beside it) and gRPC on one port, the
 * transport workarounds, observe, and the configuration reference made from the settings records.
 */
package dev.docsassistant.server;
