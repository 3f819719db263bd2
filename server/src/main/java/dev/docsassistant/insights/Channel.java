package dev.docsassistant.insights;

/** Which edge a question or search came through; insights count REST and gRPC traffic alike. */
public enum Channel {
    REST_V1("rest-v1", "REST v1", "v1"),
    REST_V2("rest-v2", "REST v2", "v2"),
    GRPC("grpc", "gRPC", "grpc"),
    MCP("mcp", "MCP", "mcp"),
    /** {@code POST /v1/chat/completions}, the OpenAI-compatible edge. */
    OPENAI("openai", "OpenAI-compatible", "openai");

    private final String stored;
    private final String label;
    private final String protocol;

    Channel(String stored, String label, String protocol) {
        this.stored = stored;
        this.label = label;
        this.protocol = protocol;
    }

    /** The wire protocol's label in metrics. */
    public String protocol() {
        return protocol;
    }

    /** The value kept in the store. */
    public String stored() {
        return stored;
    }

    /** How people read it. */
    public String label() {
        return label;
    }

    /** The label of a stored value (its raw value when unknown, e.g. written by a newer server). */
    public static String labelOf(String stored) {
        for (Channel c : values()) {
            if (c.stored.equals(stored)) {
                return c.label;
            }
        }
        return stored;
    }
}
