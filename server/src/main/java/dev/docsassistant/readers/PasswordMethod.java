package dev.docsassistant.readers;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;

/**
 * One password shared by every reader of the site. Only a salted SHA-256 of it is held, and a guess is
 * compared with it in constant time; the routes count wrong guesses ({@link PasswordGuesses}). A reader
 * signed in so has no groups and no values: the method knows no one.
 */
public final class PasswordMethod implements ReaderAuthMethod {
    private final byte[] salt = new byte[16];
    private final byte[] hash;
    private final Clock clock;

    public PasswordMethod(String password, Clock clock) {
        new SecureRandom().nextBytes(salt);
        this.hash = digest(password);
        this.clock = clock;
    }

    @Override
    public Form form() {
        return Form.PASSWORD;
    }

    @Override
    public URI start(SignInAttempt attempt) {
        throw new UnsupportedOperationException("the password is asked on the sign-in page itself");
    }

    @Override
    public Reader finish(SignInAttempt attempt, Map<String, String> params) {
        String guess = params.get("password");
        if (guess == null || guess.isEmpty()) {
            throw ReaderAuthException.badRequest("password: enter the site's password").saying("signInPasswordEmpty");
        }
        if (guess.length() > 1024 || !MessageDigest.isEqual(hash, digest(guess))) {
            throw ReaderAuthException.unauthorized("wrong password").saying("signInWrongPassword");
        }
        return Reader.anonymous(clock.instant().plus(UserData.DEFAULT_SESSION));
    }

    private byte[] digest(String password) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(salt);
            return sha.digest(password.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
