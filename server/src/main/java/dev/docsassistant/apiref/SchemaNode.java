package dev.docsassistant.apiref;

import java.util.List;

/**
 * One field of a schema as a page shows it: name, type, marks, constraints and the fields under it.
 *
 * @param name        the property name, or null for the schema itself
 * @param type        {@code string}, {@code integer}, {@code object}, {@code Pet[]}, {@code file}…
 * @param format      the format ({@code uuid}, {@code date-time}), or null
 * @param required    whether the enclosing object requires it
 * @param description its description (Markdown), or null
 * @param facts       constraints and values, each {@code label: value} ({@code maxLength: 20}, {@code default: 10})
 * @param enumValues  the values it may take, or empty
 * @param children    the fields under it (an object's properties, an array's items' properties)
 * @param choiceKind  {@code oneOf} or {@code anyOf} when the schema is one of several, else null
 * @param choices     the choices, each with its title as name
 * @param cut         why nothing is shown below it (a recursive reference, the depth or size limit), or null
 */
public record SchemaNode(String name, String type, String format, boolean required, String description,
                         List<String> facts, List<String> enumValues, boolean deprecated, boolean nullable,
                         boolean readOnly, boolean writeOnly, List<SchemaNode> children, String choiceKind,
                         List<SchemaNode> choices, String cut) {

    /** Whether there is anything to expand under it. */
    public boolean hasChildren() {
        return !children.isEmpty() || !choices.isEmpty();
    }
}
