/**
 * What readers asked and how answers went: questions, turns, cited pages and feedback recorded per
 * site, grouped and reported for the dashboard, and kept only for the retention time.
 */
package dev.docsassistant.insights;
