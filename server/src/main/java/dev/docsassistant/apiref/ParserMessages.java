package dev.docsassistant.apiref;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** swagger-parser's messages as problems: the attribute path it names becomes the location. */
final class ParserMessages {
    private static final Pattern ATTRIBUTE = Pattern.compile("^attribute (\\S+) (.+)$");

    private ParserMessages() {
    }

    static SpecProblem problem(String file, String message) {
        String m = message == null ? "" : message.strip();
        Matcher a = ATTRIBUTE.matcher(m);
        if (a.matches()) {
            return SpecProblem.remark(file, a.group(1), a.group(1) + " " + a.group(2));
        }
        return SpecProblem.remark(file, "", m);
    }
}
