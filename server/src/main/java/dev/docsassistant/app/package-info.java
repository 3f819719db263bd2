/**
 * The wired application: configuration read once, the store opened, the sites loaded and indexed,
 * and the server's readiness. Built by {@code serve}, the tests and the benchmarks, then handed to
 * every edge.
 */
package dev.docsassistant.app;
