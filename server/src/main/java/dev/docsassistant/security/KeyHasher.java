package dev.docsassistant.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Makes assistant keys and the hashes they are stored as. A key is {@code svc_dsc_} followed by 32
 * random bytes in URL-safe Base64 (256 bits), so a plain SHA-256 is enough: there is nothing to guess
 * that a salt or a slow hash would protect.
 */
public final class KeyHasher {
    public static final String PREFIX = "svc_dsc_";
    /** Characters of a key kept for display: the prefix and four more, too few to help a guess. */
    public static final int DISPLAY_CHARS = PREFIX.length() + 4;
    private static final int RANDOM_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private KeyHasher() {
    }

    /** A new random key. */
    public static String newKey() {
        return PREFIX + token(RANDOM_BYTES);
    }

    /**
     * The key derived from {@code secret} for {@code purpose} (HMAC-SHA256): every server holding the
     * same secret derives the same key, and the key reveals nothing of the secret.
     */
    public static String derive(String secret, String purpose) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(purpose.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** Random URL-safe text from {@code bytes} random bytes (ids, tokens). */
    public static String token(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** Whether {@code value} has the shape of a key; anything else is rejected without a store look-up. */
    public static boolean wellFormed(String value) {
        if (value == null || !value.startsWith(PREFIX) || value.length() < PREFIX.length() + 43 || value.length() > 200) {
            return false;
        }
        for (int i = PREFIX.length(); i < value.length(); i++) {
            char c = value.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    /** The hex SHA-256 of a key: what the store keeps. */
    public static String hash(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The short, non-secret beginning of a key shown in listings. */
    public static String displayPrefix(String key) {
        return key.substring(0, Math.min(DISPLAY_CHARS, key.length()));
    }

    /** Compares two secrets in time independent of where they differ. */
    public static boolean sameSecret(String a, String b) {
        return a != null && b != null
                && MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
