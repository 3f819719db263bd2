/**
 * Workarounds for Helidon 4.4 behaviour, kept in one place so that a Helidon upgrade says what can
 * be deleted. Each class names the behaviour it works around in its own comment.
 */
package dev.docsassistant.transport;
