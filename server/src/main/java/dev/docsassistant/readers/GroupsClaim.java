package dev.docsassistant.readers;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A reader's groups from a token claim, as Mintlify reads them: a list is one group per string item
 * (never split); a string is split by the delimiter when one is configured, else it is one group. The
 * result goes through {@link UserData#groups} like any user data (trimmed, empty and {@code @} names
 * dropped, bounded); any other value (a number, an object) is no group.
 */
final class GroupsClaim {
    private GroupsClaim() {
    }

    static ArrayNode read(Object claim, String delimiter) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        if (claim instanceof String s) {
            if (delimiter.isEmpty()) {
                out.add(s);
            } else {
                for (String part : s.split(Pattern.quote(delimiter), -1)) {
                    out.add(part);
                }
            }
        } else if (claim instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof String s) {
                    out.add(s);
                }
            }
        }
        return out;
    }
}
