/**
 * The command line ({@code bin/docs-assistant}): serve, index, validate, keys, users, plugins,
 * schema and the other picocli commands, each a thin shell over the application.
 */
package dev.docsassistant.cli;
