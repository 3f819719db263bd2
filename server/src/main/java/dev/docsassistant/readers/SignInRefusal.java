package dev.docsassistant.readers;

import java.util.function.UnaryOperator;

/**
 * Why a sign-in was refused: the HTTP status, the message an API client gets as {@code {"message"}}
 * (English, stable for scripts), and for the reasons a reader meets on a sign-in form (a wrong
 * password, too many, a form that expired) the interface text key that says it in the page's
 * language, with its one value ({@code {0}}) if any.
 */
public record SignInRefusal(int status, String message, String textKey, String value) {
    /** A method's refusal: said in the reader's language where it has a text key, else (a provider's or a token's reason) in English. */
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
