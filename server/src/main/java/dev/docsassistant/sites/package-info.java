/**
 * The registry of loaded sites by domain: loading a site folder, opening its index, and telling a
 * site still being indexed from an unknown one.
 */
package dev.docsassistant.sites;
