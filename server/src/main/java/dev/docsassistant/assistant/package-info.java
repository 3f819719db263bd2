/**
 * The one assistant core that REST v1, REST v2, gRPC and MCP all call: a validated request in,
 * retrieval over the site's search, an answer generator, and assistant events out. No wire format
 * is known here; each edge encodes the events itself.
 */
package dev.docsassistant.assistant;
