package dev.docsassistant.apiref;

/**
 * One request sample of an endpoint page.
 *
 * @param language the code fence's language ({@code bash}, {@code python})
 * @param label    the tab's name ({@code cURL}, {@code Python})
 * @param code     the sample
 */
public record CodeSample(String language, String label, String code) {
}
