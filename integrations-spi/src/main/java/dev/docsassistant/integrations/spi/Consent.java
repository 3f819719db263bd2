package dev.docsassistant.integrations.spi;

/**
 * The consent signal a consent manager (OneTrust, Transcend, ...) gives the platform. A plugin that
 * {@linkplain Rendering.Builder#providesConsent() provides consent} runs {@link #GRANT} in its snippet
 * once the visitor consented to analytics and {@link #REVOKE} when they withdraw it; integrations that
 * {@linkplain Rendering#needsConsent() need consent} stay inert until then, exactly as with the
 * {@code cookies} setting, which a consent manager replaces.
 */
@Experimental("the first consent managers use it; the signal may carry purposes later")
public final class Consent {
    /** The localStorage key the platform's consent loader reads. */
    public static final String STORAGE_KEY = "docs-assistant-consent";
    /** The value meaning the visitor consented to analytics. */
    public static final String GRANTED = "granted";
    /**
     * JavaScript statements that record consent and load the waiting integrations at once. The
     * event name is the one the platform's loader listens to ({@code HtmlEncoder.CONSENT_EVENT}).
     */
    public static final String GRANT = "try{localStorage.setItem(\"" + STORAGE_KEY + "\",\"" + GRANTED + "\")}catch(e){}"
            + "document.dispatchEvent(new Event(\"docs-assistant-consent\"));";
    /**
     * JavaScript statements that withdraw consent: scripts already running cannot be unloaded, so the
     * page reloads without them.
     */
    public static final String REVOKE = "try{if(localStorage.getItem(\"" + STORAGE_KEY + "\")===\"" + GRANTED + "\"){"
            + "localStorage.removeItem(\"" + STORAGE_KEY + "\");location.reload()}}catch(e){}";

    private Consent() {
    }
}
