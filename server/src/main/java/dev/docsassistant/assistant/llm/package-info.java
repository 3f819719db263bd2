/**
 * The language-model answer generator: the prompt built from retrieved sections inside its
 * fencing, an OpenAI-compatible provider streamed over HTTP, and the citations checked against
 * what was retrieved.
 */
package dev.docsassistant.assistant.llm;
