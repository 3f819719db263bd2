/**
 * What the REST edge and the dashboard share: the JSON helpers on the server's one mapper, bounded
 * JSON bodies, typed field reads and the {@code ApiException} that becomes a 4xx with a {@code
 * {"message"}} body.
 */
package dev.docsassistant.web;
