package dev.docsassistant.config;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The server's one JSON mapper and its YAML twin, configured once: lenient on input (clients and site
 * files carry more than we read) and bounded against hostile nesting. Mappers are thread-safe once
 * configured, so everything shares these.
 */
public final class Mappers {
    // Deep enough for large OpenAPI specs, shallow enough that hostile nesting costs nothing.
    private static final int MAX_NESTING = 200;

    public static final ObjectMapper JSON = configure(JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build());

    /** Front matter and YAML site files. */
    public static final ObjectMapper YAML = configure(YAMLMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build());

    private Mappers() {
    }

    private static ObjectMapper configure(ObjectMapper mapper) {
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build());
        return mapper;
    }
}
