package dev.docsassistant.config;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * How a preview is named as a site of its own: preview {@code NAME} of site {@code DOMAIN} is served
 * as the site {@code DOMAIN--NAME}, on {@code DOMAIN--NAME.{site-host}}. A site's domain never holds
 * {@code --} (configuration and the admin API refuse it), so the first {@code --} always splits a
 * preview's domain into its site and its name.
 */
public final class PreviewDomains {
    /** Between the site's domain and the preview's name. */
    public static final String SEPARATOR = "--";
    /** A site's domain, and a preview's name (the admin API and {@code deploy --preview} check names so). */
    public static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

    private PreviewDomains() {
    }

    /** The domain preview {@code name} of {@code domain} is served as. */
    public static String of(String domain, String name) {
        return domain + SEPARATOR + name;
    }

    /** Whether {@code domain} names a preview (of a site that may or may not exist). */
    public static boolean isPreview(String domain) {
        return domain != null && domain.contains(SEPARATOR);
    }

    /** The site a preview domain belongs to; {@code domain} itself when it names no preview. */
    public static String siteOf(String domain) {
        int at = domain.indexOf(SEPARATOR);
        return at < 0 ? domain : domain.substring(0, at);
    }

    /** The preview's name, when {@code domain} names one. */
    public static Optional<String> nameOf(String domain) {
        int at = domain.indexOf(SEPARATOR);
        return at < 0 ? Optional.empty() : Optional.of(domain.substring(at + SEPARATOR.length()));
    }

    /** Whether {@code domain} is a well-formed preview domain: a site's domain, {@code --}, a preview's name. */
    public static boolean wellFormed(String domain) {
        int at = domain.indexOf(SEPARATOR);
        return at > 0 && NAME.matcher(domain.substring(0, at)).matches()
                && NAME.matcher(domain.substring(at + SEPARATOR.length())).matches();
    }
}
