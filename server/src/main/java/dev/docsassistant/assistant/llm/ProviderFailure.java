package dev.docsassistant.assistant.llm;

import dev.docsassistant.assistant.GeneratorException;

/**
 * What went wrong with the provider: a short reason for the reader and the details for the log.
 *
 * @param status the provider's HTTP status, or 0 when there was none
 */
final class ProviderFailure extends RuntimeException {
    private final GeneratorException.Kind kind;
    private final int status;
    private final String detail;

    ProviderFailure(GeneratorException.Kind kind, String reason, int status, String detail) {
        super(reason, null, false, false);
        this.kind = kind;
        this.status = status;
        this.detail = detail;
    }

    GeneratorException.Kind kind() {
        return kind;
    }

    int status() {
        return status;
    }

    String detail() {
        return detail;
    }
}
