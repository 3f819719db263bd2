/**
 * Reading the configuration: the YAML tree, typed settings with their documented defaults ({@link
 * dev.docsassistant.config.SettingDoc}), durations and the server's one JSON mapper.
 */
package dev.docsassistant.config;
