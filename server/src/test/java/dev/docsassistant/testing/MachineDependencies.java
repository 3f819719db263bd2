package dev.docsassistant.testing;

import org.junit.jupiter.api.Assumptions;

/**
 * What tests need from the machine (PostgreSQL, Chromium), installed by {@code bin/test-services}.
 * Missing on a developer's machine, a test skips (visibly); under {@code CI=true} it fails, so that
 * CI never passes by testing less.
 */
public final class MachineDependencies {
    private MachineDependencies() {
    }

    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** Skips the test without {@code what}, or fails it under CI. */
    public static void require(boolean present, String what) {
        if (present) {
            return;
        }
        failInCi(what);
        Assumptions.abort(what + " is missing (bin/test-services installs it)");
    }

    /** Fails under CI when {@code what} is missing; elsewhere the caller goes on with less. */
    public static void failInCi(String what) {
        if (inCi()) {
            throw new AssertionError(what + " is missing, and under CI=true a missing dependency fails the run "
                    + "(run bin/test, or eval \"$(bin/test-services)\" first)");
        }
    }
}
