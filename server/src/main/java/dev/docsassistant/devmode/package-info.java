/**
 * The writer's loop of {@code dev}: watching a docs folder, applying saved files to the loaded site
 * incrementally (only changed pages re-read and re-indexed), keeping the last good version when a
 * file is broken, and telling open tabs to reload or show the problem.
 */
package dev.docsassistant.devmode;
