/**
 * Resumable answers: the v2 events of each answer being produced, recorded per thread (in this
 * server's memory, or in Redis for a fleet) so that a reader who reloaded or lost its connection
 * can follow the answer again from its first event ({@code GET …/message/{threadId}/stream}).
 */
package dev.docsassistant.resume;
