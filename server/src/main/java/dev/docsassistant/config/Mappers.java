package dev.docsassistant.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The server's one JSON mapper and its YAML twin, configured once: lenient on input (clients and site
 * files carry more than we read) and bounded against hostile nesting. Mappers are thread-safe once
 * configured, so everything shares these.
 * <p>
 * The JSON mapper's parse and write buffers come from one bounded pool shared by all threads, not
 * Jackson's default per-thread pool: requests run on virtual threads, each new, so a per-thread pool
 * recycles nothing and every thread that wrote JSON keeps its ~16 KB of buffers for as long as it lives
 * (an answer stream waiting for a language model's first token: ~16 MB per 1,000 open streams, see
 * {@code bench/run IdleStreams}).
 */
public final class Mappers {
    // Deep enough for large OpenAPI specs, shallow enough that hostile nesting costs nothing.
    public static final int MAX_NESTING = 200;

    public static final ObjectMapper JSON = configure(JsonMapper.builder(JsonFactory.builder()
                    .recyclerPool(JsonRecyclerPools.sharedBoundedPool()).build())
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
