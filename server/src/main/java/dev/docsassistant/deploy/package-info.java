/**
 * Deployments: a site's content as versioned data. Each deployment is an immutable, content-addressed
 * set of files kept in the store, built and indexed in the background, switched in one step once ready
 * (rollback is the same switch), with archives unpacked under limits and every server of a fleet told
 * of a new active deployment through the store.
 */
package dev.docsassistant.deploy;
