/**
 * The docs team's dashboard: server-rendered pages for keys, insights, conversations and
 * integrations, behind a session and CSRF checks. It shares only the {@code web} helpers with the
 * REST edge.
 */
package dev.docsassistant.dashboard;
