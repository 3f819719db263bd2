package dev.docsassistant.request;

/**
 * A request value that breaks a rule of the API. Every edge reports it naming the field: REST as a
 * 400 {@code {"message": "field problem"}}, gRPC as INVALID_ARGUMENT with a field violation.
 *
 * @see #field() the field's path as the JSON API spells it ({@code messages[0].role}, {@code filter.groups})
 */
public final class InvalidFieldException extends RuntimeException {
    private final String field;
    private final String problem;

    public InvalidFieldException(String field, String problem) {
        super(field + " " + problem, null, false, false);
        this.field = field;
        this.problem = problem;
    }

    /** The field's path in the JSON API's spelling, e.g. {@code context[0].value}. */
    public String field() {
        return field;
    }

    /** What is wrong, phrased to follow the field name, e.g. {@code must not be empty}. */
    public String problem() {
        return problem;
    }
}
