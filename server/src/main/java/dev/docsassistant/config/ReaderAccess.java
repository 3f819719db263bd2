package dev.docsassistant.config;

import java.util.Locale;

/**
 * What a site asks of the readers of its pages ({@code sites[].reader-auth.method}), as far as its
 * content is concerned: nothing, a sign-in before any page but those marked public, or nothing but
 * the reader may be known (personalization).
 */
public enum ReaderAccess {
    /** No reader sign-in: pages without access groups are public. */
    OPEN,
    /** {@code password}, {@code oidc}, {@code jwt}: every page needs a signed-in reader unless it is marked public. */
    SIGN_IN,
    /** {@code jwt-personalization}: pages stay public, a reader who signs in is known (groups, values). */
    PERSONALIZATION;

    /** The access of a sign-in method's name ({@code password | oidc | jwt | jwt-personalization}), or null when there is no such method. */
    public static ReaderAccess ofMethod(String method) {
        if (method == null) {
            return OPEN;
        }
        return switch (method.strip().toLowerCase(Locale.ROOT)) {
            case "password", "oidc", "jwt" -> SIGN_IN;
            case "jwt-personalization" -> PERSONALIZATION;
            default -> null;
        };
    }
}
