package dev.docsassistant.readers;

import java.util.function.UnaryOperator;

/**
 * Why a sign-in was refused: the HTTP status, the message an API client gets as {@code {"message"}}
 * (English, stable for scripts), and for the reasons a reader meets on a sign-in form (a wrong
 * password, too many, a form that expired) the interface text key that says it in the page's
 * language, with its one value ({@code {0}}) if any.
 */
public record SignInRefusal(int status, String message, String textKey, String value) {
    /** A refusal said in English alone (a provider's or a token's reason, for whoever set the sign-in up). */
    public static SignInRefusal of(int status, String message) {
        return new SignInRefusal(status, message, null, null);
    }

    public static SignInRefusal of(ReaderAuthException e) {
        return new SignInRefusal(e.status(), e.getMessage(), e.textKey(), null);
    }

    /** The reason as a reader reads it: the text of {@link #textKey} in {@code words}' language, else the message. */
    public String forReader(UnaryOperator<String> words) {
        if (textKey == null) {
            return message;
        }
        String text = words.apply(textKey);
        return value == null ? text : text.replace("{0}", value);
    }
}
