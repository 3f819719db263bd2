/**
 * The REST edge: the assistant streams (UI message stream and v4 data stream), search, page,
 * feedback and admin routes, the rendered sites' routes, the OpenAPI document and the one table of
 * errors to HTTP statuses.
 */
package dev.docsassistant.rest;
