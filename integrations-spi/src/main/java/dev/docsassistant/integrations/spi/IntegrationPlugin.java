package dev.docsassistant.integrations.spi;

import java.util.List;

/**
 * One entry of a site's docs.json {@code integrations} object. Implementations are found with
 * {@link java.util.ServiceLoader}: list the class in
 * {@code META-INF/services/dev.docsassistant.integrations.spi.IntegrationPlugin} and put the jar on
 * the class path or in the server's plugins directory.
 *
 * <p>Validation is derived from {@link #fields()}; {@link #check(Settings)} adds checks the
 * declarations cannot express. {@link #render(Settings)} is only called with settings that passed
 * validation, and returns typed elements: the platform does all HTML encoding.
 */
public interface IntegrationPlugin {

    /** The key in docs.json {@code integrations} ({@code ga4}): lower-case letters and digits. */
    String key();

    /** The vendor or setting's display name ({@code Google Analytics 4}). */
    String title();

    /** One sentence on what the integration does, for the reference and editors. */
    String description();

    Kind kind();

    /** The fields of its settings object. */
    List<Field> fields();

    /**
     * Checks the declarations cannot express. Pointers are relative to the integration's object
     * ({@code /measurementId}). Called only when every field passed its declared rules.
     */
    default List<Problem> check(Settings settings) {
        return List.of();
    }

    /** The page elements, hosts and consent need for these (valid) settings. */
    Rendering render(Settings settings);
}
