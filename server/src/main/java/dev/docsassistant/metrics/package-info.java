/**
 * The application's metrics (requests, answers, searches, store writes), registered with Helidon's
 * observe feature.
 */
package dev.docsassistant.metrics;
