package dev.docsassistant.web;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A body that is not JSON is a 400 saying where and why in the client's terms, never in the parser's. */
class JsonBodyTest {
    private static String refusal(String body) {
        ApiException e = assertThrows(ApiException.class, () -> JsonBody.parse(body.getBytes(StandardCharsets.UTF_8)));
        assertEquals(400, e.status());
        String message = e.getMessage();
        for (String internal : new String[] {"StreamReadConstraints", "INCLUDE_SOURCE_IN_LOCATION", "StreamReadFeature",
                "[Source", "REDACTED", "`", "com.fasterxml"}) {
            assertFalse(message.contains(internal), internal + " in: " + message);
        }
        assertTrue(message.startsWith("request body is not valid JSON"), message);
        return message;
    }

    @Test
    void malformedBodiesAreNamedByLineAndColumn() {
        assertEquals("request body is not valid JSON at line 1, column 2: Unexpected end-of-input: expected close marker for Object",
                refusal("{"));
        assertEquals("request body is not valid JSON at line 2, column 1: Unexpected end-of-input within/between Object entries",
                refusal("{\"a\": 1,\n"));
        assertTrue(refusal("{\"a\": }").contains(" at line 1, column 7: "), refusal("{\"a\": }"));
    }

    @Test
    void overTheParsersLimitsSaysWhichWithoutItsClassNames() {
        String deep = refusal("[".repeat(5000));
        assertTrue(deep.contains("nesting depth") && deep.matches(".*exceeds the maximum allowed \\(\\d+\\)"), deep);
        String number = refusal("{\"n\": " + "9".repeat(5000) + "}");
        assertTrue(number.contains("length") && number.contains("exceeds the maximum allowed"), number);
    }
}
