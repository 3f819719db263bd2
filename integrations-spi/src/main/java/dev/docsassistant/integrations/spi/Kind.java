package dev.docsassistant.integrations.spi;

/** What an integration does for a site; used to group the reference and decide on consent. */
public enum Kind {
    ANALYTICS("analytics"),
    CHAT("chat and support"),
    ENRICHMENT("visitor data enrichment"),
    CONSENT("consent management"),
    PLATFORM("platform setting");

    private final String label;

    Kind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
