package dev.docsassistant.integrations.spi;

/** Errors keep an integration off the page; warnings are reported and the integration still loads. */
public enum Severity {
    ERROR, WARNING
}
