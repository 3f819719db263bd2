package dev.docsassistant.git;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Preview names from branch names. A preview name is a host label: lower-case letters, digits and
 * '-', not starting or ending with '-', at most {@value #MAX} characters. A branch whose name already is
 * one keeps it ({@code docs-v2} → {@code docs-v2}). Any other branch is lower-cased, every run of other
 * characters becomes one '-', the ends are trimmed and the result cut to 40 characters, then '-' and
 * the first 6 hex digits of the SHA-256 of the branch name are added
 * ({@code feature/Login} → {@code feature-login-} + 6 hex digits), so two branches that differ only in
 * what was replaced still get different previews, and the same branch always gets the same one.
 */
public final class PreviewNames {
    /** Leaves room in a 63-character DNS label for a prefix such as the site's domain. */
    public static final int MAX = 47;
    private static final int KEPT = 40;

    private PreviewNames() {
    }

    public static String of(String branch) {
        if (isName(branch)) {
            return branch;
        }
        String base = branch.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (base.length() > KEPT) {
            base = base.substring(0, KEPT).replaceAll("-+$", "");
        }
        return (base.isEmpty() ? "branch" : base) + "-" + hash(branch);
    }

    /** Whether {@code name} can be a preview name as it is. */
    public static boolean isName(String name) {
        return name.length() <= MAX && name.matches("[a-z0-9]([a-z0-9-]*[a-z0-9])?");
    }

    private static String hash(String branch) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(branch.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 3);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
